import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SILENT_AFTER_MS } from '../../../server/kernel/realtime/bus/messages.js';
import { fakeFollower } from './fakeFollower.js';

/**
 * A serving process that goes silent (kernel/realtime/bus/edgeSync.ts): its followers — edges,
 * fronts, the server following a market process — show its markets' ticks as paused, to the
 * sockets there and to new subscribers, and take the pause back when they hear from it again.
 */
const TICK = { pair: 'BTC_USDT', close: '96000', open: '95000', high: '96500', low: '94800', amount: '12.5', vol: '1190000', count: 420, increase: '0.0105' };
const CHANNELS = ['btc_usdt_tick', 'btc_usdt_depth_step0', 'btc_usdt_future_index_tick'];

const follow = () => fakeFollower();

describe('a follower of a serving process that goes silent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows its ticks paused after four silent seconds, and live again when it is heard', async () => {
    const { sync, replica, published, nonces, send } = follow();
    await sync.start();
    send({ k: 'sync', nonce: nonces[0]!, instance: 'a', channels: CHANNELS, snapshots: { btc_usdt_tick: TICK, btc_usdt_future_index_tick: { pair: 'BTC_USDT', close: '96001' } } });
    // A quiet market still beats: nothing is paused while `alive` comes every second.
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(1000);
      send({ k: 'alive', instance: 'a' });
    }
    expect(sync.silent).toBe(false);
    expect(published).toEqual([]);

    vi.advanceTimersByTime(SILENT_AFTER_MS + 1000);
    expect(sync.silent).toBe(true);
    // The tick only: not the index (it comes from elsewhere), not the book.
    expect(published).toEqual([{ channel: 'btc_usdt_tick', payload: { ...TICK, paused: true } }]);
    expect(replica.snapshot('btc_usdt_tick')).toEqual({ ...TICK, paused: true });

    send({ k: 'alive', instance: 'a' });
    expect(sync.silent).toBe(false);
    expect(published.at(-1)).toEqual({ channel: 'btc_usdt_tick', payload: TICK });
    expect(replica.snapshot('btc_usdt_tick')).toEqual(TICK);
    sync.stop();
  });

  it('keeps a newer tick that arrived with the first message after the silence', async () => {
    const { sync, replica, published, nonces, send } = follow();
    await sync.start();
    send({ k: 'sync', nonce: nonces[0]!, instance: 'a', channels: CHANNELS, snapshots: { btc_usdt_tick: TICK } });
    vi.advanceTimersByTime(SILENT_AFTER_MS + 1000);
    expect(sync.silent).toBe(true);
    const newer = { ...TICK, close: '97000' };
    send({ k: 'channel', channel: 'btc_usdt_tick', payload: newer });
    expect(replica.snapshot('btc_usdt_tick')).toEqual(newer);
    expect(published.at(-1)).toEqual({ channel: 'btc_usdt_tick', payload: newer });
    expect(published.filter((p) => p.payload.paused !== true)).toHaveLength(1);
    sync.stop();
  });

  it('pauses nothing before its first sync, however long that takes', async () => {
    const { sync, published } = follow();
    await sync.start();
    vi.advanceTimersByTime(3 * SILENT_AFTER_MS);
    expect(sync.silent).toBe(false);
    expect(published).toEqual([]);
    sync.stop();
  });
});
