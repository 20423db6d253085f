import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, setup, type EventObject } from 'xstate';
import type { MarketTick } from '../../domain/api';
import { latestTradesModel, TRADES_FIXTURE } from '../../src/kit/trade/machines/latestTrades/latestTrades.model';
import { selectTrades } from '../../src/kit/trade/machines/latestTrades/latestTrades.selectors';
import { pairMarketModel } from '../../src/kit/trade/machines/pairMarket/pairMarket.model';
import { pairWatchMachine, type PairWatchInput } from '../../src/kit/trade/machines/pairWatch/pairWatch.machine';
import { pairWatchModel } from '../../src/kit/trade/machines/pairWatch/pairWatch.model';
import { generatePaths } from '../../scripts/lib/machineModels';
import { describeModel, runModel, standInsFor, walkPath } from './harness';

/** Fake children that record which inputs are running right now. */
function runningChildren() {
  const running = new Map<string, unknown[]>();
  const make = (name: string) =>
    fromCallback<EventObject, unknown>(({ input, receive }) => {
      running.set(name, [...(running.get(name) ?? []), input]);
      receive((e) => running.set(`${name}:received`, [...(running.get(`${name}:received`) ?? []), e]));
      return () => running.set(name, (running.get(name) ?? []).filter((i) => i !== input));
    });
  return { running, make };
}

describe('pair market machine: one book, trades and candles per watched pair', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  describeModel(pairMarketModel, () => {
    const children = runningChildren();
    const toasts: unknown[] = [];
    return {
      actors: { orderBook: children.make('orderBook'), latestTrades: children.make('latestTrades'), kline: children.make('kline'), indexFeed: children.make('indexFeed'), tickFeed: children.make('tickFeed') },
      actions: { showToast: (_: unknown, p: unknown) => void toasts.push(p) },
      afterStep: ({ actor }) => {
        const now = actor.getSnapshot();
        const pair = now.context.pair;
        if (now.matches('watching') && pair) {
          const base = `${pair.left}_${pair.right}`.toLowerCase();
          // The futures market (/contract) has its own book, trades and candles.
          const market = pair.futures ? `${base}_future` : base;
          expect(children.running.get('orderBook')).toEqual([{ channel: `${market}_depth` }]);
          expect(children.running.get('latestTrades')).toEqual([{ channel: `${market}_trade` }]);
          expect(children.running.get('kline')).toEqual([{ left: pair.left, right: pair.right, interval: expect.any(String), futures: pair.futures ?? false }]);
          // ... and its 24 h tick, which the app does not watch.
          expect(children.running.get('tickFeed') ?? []).toEqual(now.matches({ watching: { withIndex: 'withTick' } }) ? [{ channel: `${base}_future_tick` }] : []);
          // The index price is listened to only for contract pairs and on the seconds page, whose
          // index is the seconds index the contracts settle at (issue 50 S2).
          const index = children.running.get('indexFeed') ?? [];
          expect(index).toEqual(now.matches({ watching: 'withIndex' }) ? [{ channel: pair.seconds ? `${base}_sec_index_tick` : `${base}_future_index_tick` }] : []);
        } else {
          // Off the trade page nothing listens.
          for (const name of ['orderBook', 'latestTrades', 'kline', 'indexFeed', 'tickFeed']) expect(children.running.get(name) ?? []).toEqual([]);
        }
        if (now.matches('failed')) expect(toasts.at(-1)).toEqual({ tone: 'error', message: { key: 'error.system' } });
      },
    };
  });

  it('forwards an interval change to the running candle machine and keeps it for the next pair', () => {
    const children = runningChildren();
    const { actor } = runModel(pairMarketModel, {
      actors: { orderBook: children.make('orderBook'), latestTrades: children.make('latestTrades'), kline: children.make('kline'), indexFeed: children.make('indexFeed'), tickFeed: children.make('tickFeed') },
    });
    actor.send({ type: 'market.setInterval', interval: '60min' });
    actor.send({ type: 'market.watch', left: 'BTC', right: 'USDT', contract: true });
    expect(children.running.get('kline')).toEqual([{ left: 'BTC', right: 'USDT', interval: '60min', futures: false }]);
    actor.send({ type: 'market.setInterval', interval: '1day' });
    expect(children.running.get('kline:received')).toEqual([{ type: 'kline.setInterval', interval: '1day' }]);
    actor.send({ type: 'market.watch', left: 'ETH', right: 'USDT', contract: true });
    expect(children.running.get('kline')).toEqual([{ left: 'ETH', right: 'USDT', interval: '1day', futures: false }]);
    actor.send({ type: 'market.indexTick', close: '3000.1' });
    expect(actor.getSnapshot().context.indexPrice).toBe('3000.1');
    actor.send({ type: 'market.watch', left: 'ADA', right: 'USDT', contract: false });
    expect(actor.getSnapshot().context.indexPrice).toBeUndefined();
    actor.stop();
  });
});

describe('latest trades machine: snapshot, then batches, newest 50', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const paths = generatePaths(latestTradesModel, 'edges');

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const deferred = standInsFor(latestTradesModel.machine);
    const machine = latestTradesModel.machine.provide({ actors: deferred.actors });
    const actor = createActor(machine, { input: { channel: 'btc_usdt_trade' } }).start();
    await walkPath({
      machine,
      actor,
      path,
      settle: deferred.settle,
      afterStep: (_value, event) => {
        const trades = selectTrades(actor.getSnapshot());
        expect(trades.length).toBeLessThanOrEqual(50);
        expect(trades.map((t) => t.time)).toEqual([...trades.map((t) => t.time)].sort((a, b) => b - a));
        if (event.type === 'trades.snapshot') expect(trades.map((t) => t.id)).toEqual(TRADES_FIXTURE.map((t) => t.id));
      },
    });
    actor.stop();
  });

  it('shows a batch that comes before any snapshot (a cluster gateway has none of a market before its first trade); a later snapshot replaces it', () => {
    const silentFeed = fromCallback<EventObject, { channel: string }>(() => () => undefined);
    const actor = createActor(latestTradesModel.machine.provide({ actors: { tradesFeed: silentFeed } }), { input: { channel: 'btc_usdt_trade' } }).start();
    actor.send({ type: 'trades.update', trades: [{ id: 3, time: 1_763_683_201_000, price: '96251', quantity: '0.3', side: 'buy' }] });
    expect(selectTrades(actor.getSnapshot()).map((t) => t.id)).toEqual([3]);
    actor.send({ type: 'trades.snapshot', trades: TRADES_FIXTURE });
    expect(selectTrades(actor.getSnapshot()).map((t) => t.id)).toEqual(TRADES_FIXTURE.map((t) => t.id));
    actor.stop();
  });
});

describe('pair watch machine: a trade page holds the pair market while on screen', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  describeModel(pairWatchModel);

  /** The app actor as the watch reads it: the spot ticks and the currencies' USDT prices. */
  function fakeApp() {
    const machine = setup({ types: { context: {} as { tickers: Record<string, MarketTick>; currencies: { symbol: string; price: string }[] }, events: {} as { type: 'tick'; tick: MarketTick } } }).createMachine({
      context: { tickers: {}, currencies: [{ symbol: 'BTC', price: '95000' }] },
      on: { tick: { actions: assign({ tickers: ({ context, event }) => ({ ...context.tickers, [event.tick.channel]: event.tick }) }) } },
    });
    return createActor(machine).start();
  }
  const tick = (channel: string, close: string): MarketTick => ({ channel, pair: 'BTC_USDT', close, open: close, high: close, low: close, amount: '1', vol: '1', count: 1, increase: '0' });
  const silent = fromCallback<EventObject, { channel: string }>(() => () => undefined);

  it('watches when it starts, leaves when it stops, and leaves then watches again on retry', () => {
    const sent: unknown[] = [];
    const market = createActor(setup({ types: { events: {} as EventObject } }).createMachine({ on: { '*': { actions: ({ event }) => void sent.push(event) } } })).start();
    const pair = { left: 'BTC', right: 'USDT', contract: true, futures: true };
    const input = { market, app: fakeApp(), pair } as unknown as PairWatchInput;
    const watch = createActor(pairWatchMachine, { input }).start();
    expect(sent).toEqual([{ type: 'market.watch', ...pair }]);
    watch.send({ type: 'watch.retry' });
    expect(sent.slice(1)).toEqual([{ type: 'market.leave' }, { type: 'market.watch', ...pair }]);
    watch.stop();
    expect(sent.at(-1)).toEqual({ type: 'market.leave' });
    expect(sent).toHaveLength(4);
  });

  it("keeps the page's last price: the newest trade, else the tick's close, else the currency's USDT price", () => {
    // The real latest-trades child (fed by hand), the other children standing in.
    const { actor: market } = runModel(pairMarketModel, { actors: { latestTrades: latestTradesModel.machine.provide({ actors: { tradesFeed: silent } }) } });
    const app = fakeApp();
    const spot = createActor(pairWatchMachine, { input: { market, app, pair: { left: 'BTC', right: 'USDT', contract: false } } as unknown as PairWatchInput }).start();
    const last = () => spot.getSnapshot().context.last;
    expect(last()).toEqual({ price: '95000', side: undefined });
    app.send({ type: 'tick', tick: tick('btc_usdt_tick', '96000') });
    expect(last()).toEqual({ price: '96000', side: undefined });
    market.getSnapshot().children.latestTrades!.send({ type: 'trades.snapshot', trades: TRADES_FIXTURE });
    expect(last()).toEqual({ price: '96250.9', side: 'buy' });
    app.send({ type: 'tick', tick: tick('btc_usdt_tick', '97000') });
    expect(last()).toEqual({ price: '96250.9', side: 'buy' });
    spot.stop();

    // The futures page: the futures market's own trades and tick, never the spot tick nor the USDT price.
    const futures = createActor(pairWatchMachine, { input: { market, app, pair: { left: 'BTC', right: 'USDT', contract: true, futures: true } } as unknown as PairWatchInput }).start();
    expect(futures.getSnapshot().context.last).toBeUndefined();
    market.send({ type: 'market.tick', tick: tick('btc_usdt_future_tick', '96100') });
    expect(futures.getSnapshot().context.last).toEqual({ price: '96100', side: undefined });
    futures.stop();
    market.stop();
  });
});
