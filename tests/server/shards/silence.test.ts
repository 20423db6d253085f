import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SILENT_AFTER_MS } from '../../../server/kernel/cluster/bus/messages.js';
import { fakeCluster } from './fakeCluster.js';

/**
 * An owner that goes silent (OwnersView, kernel/cluster/shards/follower.ts): its followers — edges, fronts, the
 * server — show its markets' ticks as paused, to the sockets there and to new subscribers, and take
 * the pause back when its beat moves again.
 */
const TICK = { pair: 'BTC_USDT', close: '96000', open: '95000', high: '96500', low: '94800', amount: '12.5', vol: '1190000', count: 420, increase: '0.0105', channel: 'btc_usdt_tick' };

describe('a follower of an owner that goes silent', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('shows its ticks paused after four silent seconds, and live again when it beats', async () => {
    const { view, published, beat, snapshot } = fakeCluster();
    snapshot('btc_usdt_tick', TICK);
    // A quiet market still beats: nothing is paused while its beat moves every second.
    for (let i = 0; i < 6; i++) {
      beat('m1', { instance: 'a', ticks: ['btc_usdt_tick'] });
      await view.look();
      vi.advanceTimersByTime(1000);
    }
    expect(view.serving('m1')).toBe(true);
    expect(published).toEqual([]);

    vi.advanceTimersByTime(SILENT_AFTER_MS);
    await view.look();
    expect(view.serving('m1')).toBe(false);
    // Its tick only, pushed paused and kept so for new subscribers.
    expect(published).toEqual([{ channel: 'btc_usdt_tick', payload: { ...TICK, paused: true } }]);
    expect(view.pausedTick('btc_usdt_tick')).toEqual({ ...TICK, paused: true });

    beat('m1', { instance: 'a', ticks: ['btc_usdt_tick'] });
    await view.look();
    expect(view.serving('m1')).toBe(true);
    expect(published.at(-1)).toEqual({ channel: 'btc_usdt_tick', payload: TICK });
    expect(view.pausedTick('btc_usdt_tick')).toBeUndefined();
  });

  it('pauses at once an owner that said bye, and takes the newer tick of the holder that took over', async () => {
    const { view, published, beat, bye, snapshot } = fakeCluster();
    snapshot('btc_usdt_tick', TICK);
    beat('m1', { instance: 'a', ticks: ['btc_usdt_tick'] });
    await view.look();
    bye('m1');
    await view.look();
    expect(view.serving('m1')).toBe(false);
    expect(published).toEqual([{ channel: 'btc_usdt_tick', payload: { ...TICK, paused: true } }]);
    const newer = { ...TICK, close: '97000' };
    snapshot('btc_usdt_tick', newer);
    beat('m1', { instance: 'b', ticks: [] });
    await view.look();
    expect(view.serving('m1')).toBe(true);
    expect(published.at(-1)).toEqual({ channel: 'btc_usdt_tick', payload: newer });
  });

  it('pauses nothing of an owner it never heard, however long that takes', async () => {
    const { view, published } = fakeCluster();
    await view.look();
    vi.advanceTimersByTime(3 * SILENT_AFTER_MS);
    await view.look();
    expect(view.serving('m1')).toBe(false);
    expect(published).toEqual([]);
  });
});
