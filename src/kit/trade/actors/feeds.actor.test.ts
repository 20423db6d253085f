import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { klineMachine } from '../machines/kline/kline.machine';
import type { KlineHistory, KlineHistoryRequest } from '../machines/kline/kline.types';
import { latestTradesMachine } from '../machines/latestTrades/latestTrades.machine';
import { selectTradesStatus } from '../machines/latestTrades/latestTrades.selectors';
import { orderBookMachine } from '../machines/orderBook/orderBook.machine';
import { GAP_DELTA, NEXT_DELTA, SNAPSHOT_FIXTURE } from '../machines/orderBook/orderBook.model';
import { selectBookStatus } from '../machines/orderBook/orderBook.selectors';
import { createManualScheduler } from '../../../services/frameScheduler';
import { createCandleFeedActor, latestPerCandle } from './candleFeed.actor';
import { createDepthFeedActor, joinDeltas } from './depthFeed.actor';
import { createTradesFeedActor } from './tradesFeed.actor';
import { createFakeSocket } from '../../../services/testing/fakeSocket';

const channel = 'btc_usdt_depth';

function startBook() {
  const fake = createFakeSocket();
  const frames = createManualScheduler();
  const machine = orderBookMachine.provide({ actors: { depthFeed: createDepthFeedActor(fake.socket, frames) } });
  const actor = createActor(machine, { input: { channel } }).start();
  let notifications = 0;
  actor.subscribe(() => void notifications++);
  return { fake, frames, actor, notifications: () => notifications };
}

describe('depth feed → order book machine', () => {
  it('hands a burst over once per frame, in order', () => {
    const { fake, frames, actor } = startBook();
    expect(fake.subscribes).toEqual([channel]);
    fake.push(channel, SNAPSHOT_FIXTURE);
    for (let seq = 11; seq <= 110; seq++) fake.push(channel, { kind: 'delta', seq, bids: [['96000', String(seq)]], asks: [] });
    expect(frames.pending()).toBe(1);
    expect(selectBookStatus(actor.getSnapshot())).toBe('awaitingSnapshot');
    frames.flush();
    expect(selectBookStatus(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.seq).toBe(110);
    expect(actor.getSnapshot().context.book.bids).toContainEqual(['96000', '110']);
    expect(frames.pending()).toBe(0);
  });

  it("joins a frame's adjacent deltas into one event: one machine step, one notification", () => {
    const { fake, frames, actor, notifications } = startBook();
    fake.push(channel, SNAPSHOT_FIXTURE);
    frames.flush();
    const before = notifications();
    for (let seq = 11; seq <= 14; seq++) fake.push(channel, { kind: 'delta', seq, bids: [['96000', String(seq)]], asks: [] });
    frames.flush();
    expect(notifications() - before).toBe(1);
    expect(actor.getSnapshot().context.seq).toBe(14);
    expect(joinDeltas([{ type: 'book.deltas', messages: [NEXT_DELTA] }, { type: 'connection.lost' }, { type: 'book.deltas', messages: [GAP_DELTA] }, { type: 'book.deltas', messages: [NEXT_DELTA] }])).toEqual([
      { type: 'book.deltas', messages: [NEXT_DELTA] },
      { type: 'connection.lost' },
      { type: 'book.deltas', messages: [GAP_DELTA, NEXT_DELTA] },
    ]);
  });

  it('drops malformed payloads', () => {
    const { fake, frames, actor } = startBook();
    fake.push(channel, { ...SNAPSHOT_FIXTURE, seq: 'x' });
    fake.push(channel, { ...SNAPSHOT_FIXTURE, bids: [[96000, '1']] });
    fake.push(channel, { kind: 'other', seq: 1, bids: [], asks: [] });
    frames.flush();
    expect(selectBookStatus(actor.getSnapshot())).toBe('awaitingSnapshot');
  });

  it('re-subscribes on a gap and goes live on the fresh snapshot', () => {
    const { fake, frames, actor } = startBook();
    fake.push(channel, SNAPSHOT_FIXTURE);
    fake.push(channel, NEXT_DELTA);
    fake.push(channel, GAP_DELTA);
    frames.flush();
    expect(selectBookStatus(actor.getSnapshot())).toBe('resyncing');
    expect(fake.subscribes).toEqual([channel, channel]);
    fake.push(channel, { ...SNAPSHOT_FIXTURE, seq: 40 });
    fake.push(channel, { ...NEXT_DELTA, seq: 41 });
    frames.flush();
    expect(selectBookStatus(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.seq).toBe(41);
    expect(actor.getSnapshot().context.resyncs).toBe(1);
  });

  it('treats a reconnect as needing a fresh snapshot, without a second re-subscribe', () => {
    const { fake, frames, actor } = startBook();
    fake.push(channel, SNAPSHOT_FIXTURE);
    frames.flush();
    fake.drop();
    frames.flush();
    expect(selectBookStatus(actor.getSnapshot())).toBe('disconnected');
    fake.reconnect();
    // A delta of the new connection racing ahead of its snapshot is dropped.
    fake.push(channel, { ...NEXT_DELTA, seq: 3 });
    frames.flush();
    expect(selectBookStatus(actor.getSnapshot())).toBe('awaitingSnapshot');
    fake.push(channel, { ...SNAPSHOT_FIXTURE, seq: 2 });
    fake.push(channel, { ...NEXT_DELTA, seq: 3 });
    frames.flush();
    expect(selectBookStatus(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.seq).toBe(3);
    expect(fake.subscribes).toEqual([channel, channel]);
  });

  it('leaves the channel and cancels the pending frame when stopped', () => {
    const { fake, frames, actor } = startBook();
    fake.push(channel, SNAPSHOT_FIXTURE);
    actor.stop();
    expect(fake.unsubscribes).toEqual([channel]);
    expect(frames.pending()).toBe(0);
  });
});

describe('trades feed → latest trades machine', () => {
  it('takes the snapshot, merges updates, keeps newest first', () => {
    const fake = createFakeSocket();
    const frames = createManualScheduler();
    const actor = createActor(latestTradesMachine.provide({ actors: { tradesFeed: createTradesFeedActor(fake.socket, frames) } }), {
      input: { channel: 'btc_usdt_trade' },
    }).start();
    const trade = (id: number) => ({ id, time: id, price: '1.5', quantity: '2', side: 'buy' });
    fake.push('btc_usdt_trade', { kind: 'update', trades: [trade(1)] });
    fake.push('btc_usdt_trade', { kind: 'snapshot', trades: [trade(3), trade(2)] });
    fake.push('btc_usdt_trade', { kind: 'update', trades: [trade(5), trade(4)] });
    fake.push('btc_usdt_trade', { kind: 'update', trades: [{ ...trade(6), side: 'up' }] });
    frames.flush();
    expect(selectTradesStatus(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.trades.map((t) => t.id)).toEqual([5, 4, 3, 2]);
  });
});

describe('candle feed → kline machine', () => {
  const bar = (time: number, close: string) => ({ time, open: '1', high: '2', low: '0.5', close, amount: '1', vol: '1', count: 1 });

  it('keeps only the last state of each candle within a frame', () => {
    const events = latestPerCandle([
      { type: 'kline.bar', interval: '1min', bar: bar(0, '1') },
      { type: 'kline.bar', interval: '1min', bar: bar(0, '1.2') },
      { type: 'kline.bar', interval: '1min', bar: bar(60_000, '1.3') },
      { type: 'connection.lost' },
      { type: 'kline.bar', interval: '1min', bar: bar(60_000, '1.4') },
    ]);
    expect(events.map((e) => (e.type === 'kline.bar' ? e.bar.close : e.type))).toEqual(['1.2', '1.3', 'connection.lost', '1.4']);
  });

  it('subscribes the interval channel, and another interval switches channels', async () => {
    const fake = createFakeSocket();
    const frames = createManualScheduler();
    const machine = klineMachine.provide({
      actors: {
        candleFeed: createCandleFeedActor(fake.socket, frames),
        fetchKlineHistory: fromPromise<KlineHistory, KlineHistoryRequest>(async () => ({ pair: 'btc_usdt', interval: '1min', bars: [], more: false })),
      },
    });
    const actor = createActor(machine, { input: { left: 'BTC', right: 'USDT', interval: '1min' } }).start();
    expect(fake.subscribes).toEqual(['btc_usdt_kline_1min']);
    fake.push('btc_usdt_kline_1min', { interval: '1min', bar: bar(0, '1') });
    fake.push('btc_usdt_kline_1min', { interval: '1min', bar: bar(0, '1.1') });
    frames.flush();
    expect(actor.getSnapshot().context.liveBar?.close).toBe('1.1');
    actor.send({ type: 'kline.setInterval', interval: '1week' });
    expect(fake.unsubscribes).toEqual(['btc_usdt_kline_1min']);
    expect(fake.subscribes.at(-1)).toBe('btc_usdt_kline_1week');
    expect(actor.getSnapshot().context.liveBar).toBeUndefined();
  });
});
