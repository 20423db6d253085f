import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { latestTradesModel, TRADES_FIXTURE } from '../../src/features/markets/machines/latestTrades/latestTrades.model';
import { selectTrades } from '../../src/features/markets/machines/latestTrades/latestTrades.selectors';
import { pairMarketModel } from '../../src/features/markets/machines/pairMarket/pairMarket.model';
import { pairWatchMachine } from '../../src/features/markets/machines/pairWatch/pairWatch.machine';
import { pairWatchModel } from '../../src/features/markets/machines/pairWatch/pairWatch.model';
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
          // The index price is listened to only for contract pairs.
          const index = children.running.get('indexFeed') ?? [];
          expect(index).toEqual(now.matches({ watching: 'withIndex' }) ? [{ channel: `${base}_future_index_tick` }] : []);
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
});

describe('pair watch machine: a trade page holds the pair market while on screen', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  describeModel(pairWatchModel);

  it('watches when it starts, leaves when it stops, and leaves then watches again on retry', () => {
    const sent: unknown[] = [];
    const market = { send: (event: unknown) => void sent.push(event) };
    const pair = { left: 'BTC', right: 'USDT', contract: true, futures: true };
    const watch = createActor(pairWatchMachine, { input: { market, pair } }).start();
    expect(sent).toEqual([{ type: 'market.watch', ...pair }]);
    watch.send({ type: 'watch.retry' });
    expect(sent.slice(1)).toEqual([{ type: 'market.leave' }, { type: 'market.watch', ...pair }]);
    watch.stop();
    expect(sent.at(-1)).toEqual({ type: 'market.leave' });
    expect(sent).toHaveLength(4);
  });
});
