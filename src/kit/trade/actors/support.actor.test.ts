import { describe, expect, it, vi } from 'vitest';
import { createActor, setup, assign, type EventObject } from 'xstate';
import type { ApiClient } from '../../../services/api';
import { createBrowserFrameScheduler, createManualScheduler } from '../../../services/frameScheduler';
import { createFrameBuffer } from '../../../app/actors/frameBuffer';
import { createIndexFeedActor } from './indexFeed.actor';
import { createKlineHistoryActor } from './klineHistory.actor';
import { parseDepthMessage, parseIndexTick, parseKlineMessage, parseTradesMessage } from '../../../app/actors/marketParsers';
import { createSocketStatusActor } from '../../../app/actors/socketStatus.actor';
import { createFakeSocket } from '../../../services/testing/fakeSocket';

describe('frame scheduling', () => {
  it('buffers between frames and asks for one frame per batch', () => {
    const frames = createManualScheduler();
    const batches: number[][] = [];
    const buffer = createFrameBuffer<number>(frames, (items) => batches.push(items));
    buffer.push(1);
    buffer.push(2);
    expect(frames.pending()).toBe(1);
    frames.flush();
    buffer.push(3);
    frames.flush();
    expect(batches).toEqual([[1, 2], [3]]);
    buffer.push(4);
    buffer.dispose();
    frames.flush();
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('uses requestAnimationFrame, with a timer for tabs that get no frames', () => {
    const frameCallbacks: Array<() => void> = [];
    const timers: Array<() => void> = [];
    const host = {
      requestAnimationFrame: (cb: () => void) => frameCallbacks.push(cb),
      cancelAnimationFrame: vi.fn(),
      setTimeout: (cb: () => void) => timers.push(cb),
      clearTimeout: vi.fn(),
    };
    const scheduler = createBrowserFrameScheduler(host);
    const flush = vi.fn();
    scheduler.request(flush);
    frameCallbacks[0]!();
    timers[0]!();
    expect(flush).toHaveBeenCalledTimes(1);
    const hidden = vi.fn();
    scheduler.request(hidden);
    timers[1]!();
    expect(hidden).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    scheduler.request(cancelled)();
    frameCallbacks[2]!();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs every flush due in one frame callback, so a frame of ticks from many channels is one render', () => {
    const frameCallbacks: Array<() => void> = [];
    const host = {
      requestAnimationFrame: (cb: () => void) => frameCallbacks.push(cb),
      cancelAnimationFrame: vi.fn(),
      setTimeout: () => 0,
      clearTimeout: vi.fn(),
    };
    const scheduler = createBrowserFrameScheduler(host);
    const order: string[] = [];
    scheduler.request(() => order.push('btc'));
    scheduler.request(() => order.push('eth'));
    const cancelled = scheduler.request(() => order.push('gone'));
    cancelled();
    expect(frameCallbacks).toHaveLength(1);
    frameCallbacks[0]!();
    expect(order).toEqual(['btc', 'eth']);
    // A flush asked for after the frame ran waits for the next one.
    scheduler.request(() => order.push('next'));
    expect(frameCallbacks).toHaveLength(2);
    frameCallbacks[1]!();
    expect(order).toEqual(['btc', 'eth', 'next']);
  });
});

describe('market payload parsers', () => {
  it('accept the documented shapes of their own channel only', () => {
    expect(parseDepthMessage({ channel: 'a_b_depth', kind: 'delta', seq: 2, bids: [['1', '0']], asks: [] }, 'a_b_depth')).toBeDefined();
    expect(parseDepthMessage({ channel: 'a_b_depth', kind: 'delta', seq: 2.5, bids: [], asks: [] }, 'a_b_depth')).toBeUndefined();
    expect(parseDepthMessage({ channel: 'c_d_depth', kind: 'delta', seq: 2, bids: [], asks: [] }, 'a_b_depth')).toBeUndefined();
    expect(parseTradesMessage({ channel: 't', kind: 'update', trades: [{ id: 1, time: 1, price: '1', quantity: '1', side: 'sell' }] }, 't')).toBeDefined();
    expect(parseTradesMessage({ channel: 't', kind: 'update', trades: [{ id: 1, time: 1, price: 1, quantity: '1', side: 'sell' }] }, 't')).toBeUndefined();
    const bar = { time: 0, open: '1', high: '1', low: '1', close: '1', amount: '0', vol: '0', count: 0 };
    expect(parseKlineMessage({ channel: 'k', interval: '1min', bar }, 'k')).toBeDefined();
    expect(parseKlineMessage({ channel: 'k', interval: '1min', bar: { ...bar, close: 'NaN' } }, 'k')).toBeUndefined();
    expect(parseIndexTick({ channel: 'i', pair: 'BTC_USDT', close: '96250.1234' }, 'i')).toBeDefined();
    expect(parseIndexTick(null, 'i')).toBeUndefined();
  });
});

describe('kline history actor', () => {
  it('asks GET /api/market/kline with pair, interval and `to` when paging back, and drops malformed bars', async () => {
    const calls: unknown[] = [];
    const good = { time: 1, open: '1', high: '1', low: '1', close: '1', amount: '1', vol: '1', count: 1 };
    const api: ApiClient = {
      post: async () => undefined as never,
      get: async <T,>(path: string, params?: Record<string, string>) => {
        calls.push([path, params]);
        return { pair: 'btc_usdt', interval: '5min', bars: [good, { ...good, open: 1 }], more: true } as T;
      },
    };
    const actor = createActor(createKlineHistoryActor(api), { input: { pair: 'btc_usdt', interval: '5min', to: 1234 } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(calls).toEqual([['/api/market/kline', { pair: 'btc_usdt', interval: '5min', to: '1234' }]]);
    expect(actor.getSnapshot().output).toEqual({ pair: 'btc_usdt', interval: '5min', bars: [good], more: true });
  });
});

describe('socket status and index feeds', () => {
  it('reports the connection story as socket.* events', () => {
    const fake = createFakeSocket();
    const events: EventObject[] = [];
    const parent = setup({ actors: { status: createSocketStatusActor(fake.socket) } }).createMachine({
      invoke: { src: 'status' },
      on: { '*': { actions: ({ event }) => void events.push(event) } },
    });
    const actor = createActor(parent).start();
    fake.drop();
    fake.reconnecting(3);
    fake.reconnect();
    expect(events.map((e) => e.type)).toEqual(['socket.connected', 'socket.disconnected', 'socket.reconnecting', 'socket.connected']);
    expect(events[2]).toMatchObject({ attempt: 3 });
    actor.stop();
  });

  it('reports only the latest index price of a frame', () => {
    const fake = createFakeSocket();
    const frames = createManualScheduler();
    const parent = setup({
      types: { context: {} as { closes: string[] } },
      actors: { index: createIndexFeedActor(fake.socket, frames) },
    }).createMachine({
      context: { closes: [] },
      invoke: { src: 'index', input: { channel: 'btc_usdt_future_index_tick' } },
      on: { 'market.indexTick': { actions: assign({ closes: ({ context, event }) => [...context.closes, (event as unknown as { close: string }).close] }) } },
    });
    const actor = createActor(parent).start();
    fake.push('btc_usdt_future_index_tick', { pair: 'BTC_USDT', close: '1' });
    fake.push('btc_usdt_future_index_tick', { pair: 'BTC_USDT', close: '2' });
    fake.drop();
    frames.flush();
    expect(actor.getSnapshot().context.closes).toEqual(['2']);
  });
});
