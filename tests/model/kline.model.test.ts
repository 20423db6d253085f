import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { HISTORY_FIXTURE, klineModel, LIVE_BAR, OLDER_FIXTURE } from '../../src/kit/trade/machines/kline/kline.model';
import { KLINE_RETRY_MS } from '../../src/kit/trade/machines/kline/kline.machine';
import type { KlineHistoryRequest } from '../../src/kit/trade/machines/kline/kline.types';
import { describeModel, standInsFor } from './harness';

function start() {
  const deferred = standInsFor(klineModel.machine);
  const machine = klineModel.machine.provide({ actors: deferred.actors });
  const actor = createActor(machine, { input: { left: 'BTC', right: 'USDT', interval: '1min' } }).start();
  return { machine, actor, deferred };
}

describe('kline machine: history, paging back, live candle, interval switch — walked along generated paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  describeModel(klineModel, {
    afterStep: ({ actor, deferred }, _value, event, before) => {
      const now = actor.getSnapshot();
      const asked = deferred.inputsOf('fetchKlineHistory').at(-1) as KlineHistoryRequest | undefined;
      // The history is asked for the pair and the current interval; paging back passes the oldest bar's time.
      if (now.matches({ active: 'loading' })) expect(asked).toEqual({ pair: 'btc_usdt', interval: now.context.interval });
      if (now.matches({ active: 'loadingOlder' })) expect(asked).toEqual({ pair: 'btc_usdt', interval: now.context.interval, to: now.context.bars[0]!.time });
      // Every (re)load starts from nothing, under a new load id, so the chart resets.
      if (now.matches({ active: 'loading' }) && !before.matches({ active: 'loading' })) {
        expect(now.context.loadId).toBe(before.context.loadId + 1);
        expect(now.context.bars).toEqual([]);
        expect(now.context.liveBar).toBeUndefined();
      }
      // Bars stay oldest first, each time once.
      const times: number[] = now.context.bars.map((b: { time: number }) => b.time);
      expect(times).toEqual([...new Set(times)].sort((x, y) => x - y));
      if (event.type === 'kline.bar' && now.matches('active')) expect(now.context.liveBar).toEqual(LIVE_BAR);
      // A failure is a state with the catalogue's message: network for the call, system for a broken feed.
      if (event.type === 'xstate.error.actor.fetchKlineHistory' && now.matches('failed')) expect(now.context.error).toEqual({ key: 'error.network' });
      if (event.type === 'xstate.error.actor.candleFeed') expect(now.context.error).toEqual({ key: 'error.system' });
    },
  });
});

describe('kline machine: details', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('prepends older pages and reports each as a new page for the chart', async () => {
    const world = start();
    world.deferred.settle({ type: 'xstate.done.actor.fetchKlineHistory', output: HISTORY_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    world.actor.send({ type: 'kline.loadOlder' });
    world.deferred.settle({ type: 'xstate.done.actor.fetchKlineHistory', output: OLDER_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    const { context } = world.actor.getSnapshot();
    expect(context.bars.map((b) => b.close)).toEqual(['95900', '96000', '96100', '96200']);
    expect(context.olderPage).toMatchObject({ seq: 1, more: false, failed: false });
    expect(context.more).toBe(false);
    world.actor.send({ type: 'kline.loadOlder' });
    expect(world.actor.getSnapshot().value).toEqual({ active: 'ready' });
  });

  it('retries a failed load on its own after 5 s', async () => {
    const world = start();
    world.deferred.settle({ type: 'xstate.error.actor.fetchKlineHistory', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(KLINE_RETRY_MS - 1);
    expect(world.actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(1);
    expect(world.actor.getSnapshot().value).toEqual({ active: 'loading' });
    expect(world.deferred.inputsOf('fetchKlineHistory')).toHaveLength(2);
  });

  it('reloads the history after a reconnect, and ignores a bar of another interval', async () => {
    const world = start();
    world.deferred.settle({ type: 'xstate.done.actor.fetchKlineHistory', output: HISTORY_FIXTURE });
    await vi.advanceTimersByTimeAsync(0);
    world.actor.send({ type: 'kline.bar', interval: '5min', bar: LIVE_BAR });
    expect(world.actor.getSnapshot().context.liveBar).toBeUndefined();
    // The first connect of the socket is no reason to reload.
    world.actor.send({ type: 'connection.restored' });
    expect(world.actor.getSnapshot().context.loadId).toBe(1);
    world.actor.send({ type: 'connection.lost' });
    world.actor.send({ type: 'connection.restored' });
    expect(world.actor.getSnapshot().value).toEqual({ active: 'loading' });
    expect(world.actor.getSnapshot().context.loadId).toBe(2);
  });
});
