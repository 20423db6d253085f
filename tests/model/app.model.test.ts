import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject, type InputFrom } from 'xstate';
import { appModel, PAIRS_FIXTURE, TICK_CHANNELS_FIXTURE } from '../../src/app/machines/app/app.model';
import { generatePaths } from '../../scripts/lib/machineModels';
import { standInsFor, walkPath } from './harness';

const paths = generatePaths(appModel, 'edges');

function start(input: InputFrom<typeof appModel.machine> | undefined) {
  const deferred = standInsFor(appModel.machine);
  const channels: string[] = [];
  const left: string[] = [];
  const toasts: unknown[] = [];
  const persisted: unknown[] = [];
  const machine = appModel.machine.provide({
    actors: {
      ...deferred.actors,
      marketChannel: fromCallback<EventObject, { channel: string }>(({ input: i }) => {
        channels.push(i.channel);
        return () => void left.push(i.channel);
      }),
    },
    actions: {
      showToast: (_, params) => void toasts.push(params),
      persistLanguage: (_, params) => void persisted.push(params),
      persistPricing: (_, params) => void persisted.push(params),
    },
  });
  const actor = createActor(machine, { input: input }).start();
  return { machine, actor, deferred, channels, left, toasts, persisted };
}

describe('app machine: startup order of spec §4, walked along generated paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('generates paths that reach every state', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  it.each(paths.map((p) => [`${p.variant}: ${p.description}`, p] as const))('%s', async (_, path) => {
    const world = start(path.input);
    const marketOn = (path.input as { marketFeature: boolean }).marketFeature;
    await walkPath({
      machine: world.machine,
      actor: world.actor,
      path,
      settle: world.deferred.settle,
      afterStep: (value, event) => {
        const snapshot = world.actor.getSnapshot();
        // Every load failure is a state that has shown a translated error toast.
        if (event.type.startsWith('xstate.error.actor.fetch')) {
          expect(world.toasts.at(-1)).toMatchObject({ tone: 'error' });
        }
        // Live subscriptions start only with the market feature on, one actor per spot channel and
        // one per contract market's tick channel (the markets list's futures tab).
        if (snapshot.matches('running')) {
          expect(world.channels).toEqual(marketOn ? ['btc_usdt_tick', 'eth_usdt_tick', 'btc_usdt_future_tick', 'eth_usdt_future_tick'] : []);
        }
        // The USDT price is asked for only after the reveal, in the active pricing currency.
        if (snapshot.matches({ running: { ready: { price: 'loading' } } })) {
          const asked = world.deferred.inputsOf('fetchUsdtPrice').at(-1) as { pricing: { name: string } };
          expect(asked.pricing.name).toBe(snapshot.context.pricing.name);
        }
        if (snapshot.matches('booting') || snapshot.matches({ running: 'revealing' })) {
          expect(world.deferred.inputsOf('fetchUsdtPrice')).toHaveLength(0);
        }
        void value;
      },
    });
    world.actor.stop();
  });
});

describe('app machine: details the paths do not show', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reveals exactly 500 ms after the pair list, not before', async () => {
    const world = start({ marketFeature: true, tickChannels: TICK_CHANNELS_FIXTURE });
    for (const name of ['applyLanguage', 'fetchConfig', 'fetchCurrencies', 'fetchPairs'] as const) {
      const output = name === 'fetchPairs' ? [] : name === 'fetchCurrencies' ? [] : name === 'fetchConfig' ? {} : undefined;
      world.deferred.settle({ type: `xstate.done.actor.${name}`, output } as EventObject);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(world.actor.getSnapshot().matches({ running: 'revealing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(world.actor.getSnapshot().matches({ running: 'revealing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.actor.getSnapshot().matches({ running: 'ready' })).toBe(true);
  });

  it('follows the pair list channel: the tick of a listed pair is joined, that of a delisted one left, the list replaced (issue 52 §1)', async () => {
    const world = start({ marketFeature: true, tickChannels: TICK_CHANNELS_FIXTURE });
    for (const name of ['applyLanguage', 'fetchConfig', 'fetchCurrencies', 'fetchPairs'] as const) {
      const output = name === 'fetchPairs' ? PAIRS_FIXTURE : name === 'fetchCurrencies' ? [] : name === 'fetchConfig' ? {} : undefined;
      world.deferred.settle({ type: `xstate.done.actor.${name}`, output } as EventObject);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(world.actor.getSnapshot().children.pairList).toBeDefined();
    const [btc] = PAIRS_FIXTURE;
    const sol = { ...btc!, left_symbol: 'SOL', right_symbol: 'BTC', contract_status: 0 as const, halted_reason: null };
    world.actor.send({ type: 'market.pairs', pairs: [{ ...btc!, halted_reason: 'Maintenance' }, sol] });
    expect(world.actor.getSnapshot().context.pairs.map((p) => `${p.left_symbol}_${p.right_symbol}`)).toEqual(['BTC_USDT', 'SOL_BTC']);
    expect(world.actor.getSnapshot().context.pairs[0]!.halted_reason).toBe('Maintenance');
    expect(world.channels.slice(4)).toEqual(['sol_btc_tick']);
    expect(world.left.sort()).toEqual(['eth_usdt_future_tick', 'eth_usdt_tick']);
  });

  it('trusts a stored pricing currency only when name and mark match the list', () => {
    expect(start({ marketFeature: false, storedPricing: { name: 'JPY', mark: '¥' } }).actor.getSnapshot().context.pricing.name).toBe('JPY');
    expect(start({ marketFeature: false, storedPricing: { name: 'JPY', mark: '$' } }).actor.getSnapshot().context.pricing.name).toBe('USD');
    expect(start({ marketFeature: false, storedPricing: 'garbage' }).actor.getSnapshot().context.pricing.name).toBe('USD');
  });

  it('uses the first configured language unless a stored one matches exactly', () => {
    expect(start({ marketFeature: false }).actor.getSnapshot().context.language.lang).toBe('en_US');
    const ja = { name: '日本語', value: 3, lang: 'ja_JP', flag: '🇯🇵' };
    expect(start({ marketFeature: false, storedLanguage: ja }).actor.getSnapshot().context.language.lang).toBe('ja_JP');
    expect(start({ marketFeature: false, storedLanguage: { ...ja, value: 99 } }).actor.getSnapshot().context.language.lang).toBe('en_US');
  });

  it('ignores unknown languages and pricing currencies sent as events', async () => {
    const world = start({ marketFeature: false });
    for (const name of ['applyLanguage', 'fetchConfig', 'fetchCurrencies', 'fetchPairs'] as const) {
      world.deferred.settle({ type: `xstate.done.actor.${name}`, output: name === 'fetchConfig' ? {} : [] } as EventObject);
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersByTimeAsync(500);
    world.actor.send({ type: 'pricing.change', name: 'XYZ' });
    world.actor.send({ type: 'language.change', lang: 'xx_XX' });
    expect(world.actor.getSnapshot().context.pricing.name).toBe('USD');
    expect(world.actor.getSnapshot().context.language.lang).toBe('en_US');
    expect(world.persisted).toEqual([]);
  });
});
