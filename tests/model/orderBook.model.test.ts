import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { compareDecimal } from '../../domain/decimal';
import { orderBookModel, FRAME_OF_DELTAS, GAP_DELTA, NEXT_DELTA, SNAPSHOT_FIXTURE, STALE_DELTA } from '../../src/kit/trade/machines/orderBook/orderBook.model';
import type { DepthDelta } from '../../src/kit/trade/machines/orderBook/orderBook.types';
import { SNAPSHOT_TIMEOUT_MS } from '../../src/kit/trade/machines/orderBook/orderBook.machine';
import { generatePaths } from '../../scripts/lib/machineModels';
import { standInsFor, walkPath } from './harness';

const paths = generatePaths(orderBookModel, 'edges');

function start() {
  const deferred = standInsFor(orderBookModel.machine);
  let resubscribes = 0;
  const machine = orderBookModel.machine.provide({ actors: deferred.actors });
  const actor = createActor(machine, {
    input: { channel: 'btc_usdt_depth' },
    inspect: (e) => {
      if (e.type === '@xstate.event' && e.event.type === 'feed.resubscribe') resubscribes++;
    },
  }).start();
  return { machine, actor, deferred, resubscribes: () => resubscribes };
}

const sorted = (prices: string[], order: 1 | -1) => prices.every((p, i) => i === 0 || compareDecimal(prices[i - 1]!, p) === order);

describe('order book machine: snapshot, deltas by seq, resync on a gap — walked along generated paths', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('generates a path for every edge', () => {
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const world = start();
    let before = world.actor.getSnapshot();
    let resubscribesBefore = 0;
    await walkPath({
      machine: world.machine,
      actor: world.actor,
      path,
      settle: world.deferred.settle,
      afterStep: (_value, event: EventObject) => {
        const now = world.actor.getSnapshot();
        const { book } = now.context;
        // The book is always sorted by exact decimal price, best first.
        expect(sorted(book.bids.map((l) => l[0]), 1)).toBe(true);
        expect(sorted(book.asks.map((l) => l[0]), -1)).toBe(true);
        const messages = (event as { messages?: DepthDelta[] }).messages;
        if (event.type === 'book.deltas' && before.matches({ syncing: 'live' })) {
          const last = before.context.seq!;
          if (now.matches({ syncing: 'live' })) {
            // Contiguous from the last seq: each next one applied (seq advances by one each), the others dropped.
            expect(now.context.seq).toBe(Math.max(last, ...messages!.map((m) => m.seq)));
            const applied = now.context.seq! - last;
            expect(now.context.dropped - before.context.dropped).toBe(messages!.length - applied);
            if (applied === 0) expect(book).toBe(before.context.book);
            if (last === 10 && messages![0] === NEXT_DELTA) expect(book.bids.map((l) => l[0])).not.toContain('96249.5');
            if (last === 10 && messages === FRAME_OF_DELTAS) expect(book.bids).toContainEqual(['96249.5', '3']);
          } else {
            // A gap: nothing of the frame reaches the book.
            expect(messages).toContain(GAP_DELTA);
            expect(book).toBe(before.context.book);
            expect(now.context.seq).toBe(last);
          }
        }
        if (event.type === 'book.deltas' && !before.matches({ syncing: 'live' })) expect(book).toBe(before.context.book);
        // A grouping choice is kept in every state and changes nothing else: same book, seq and state.
        if (event.type === 'book.group') {
          expect(now.context.grouping).toBe((event as { places?: number }).places);
          expect(book).toBe(before.context.book);
          expect(now.context.seq).toBe(before.context.seq);
          expect(now.value).toEqual(before.value);
        } else expect(now.context.grouping).toBe(before.context.grouping);
        // Every entry into resyncing asks the feed for a fresh snapshot, exactly once.
        const enteredResync = now.matches({ syncing: 'resyncing' }) && (!before.matches({ syncing: 'resyncing' }) || event.type.startsWith('xstate.after'));
        expect(world.resubscribes() - resubscribesBefore).toBe(enteredResync ? 1 : 0);
        if (now.matches({ syncing: 'live' })) expect(now.context.seq).toBeDefined();
        resubscribesBefore = world.resubscribes();
        before = now;
      },
    });
    world.actor.stop();
  });
});

describe('order book machine: what the paths do not show', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('asks again every 5 s while no snapshot comes, and stops asking once one does', async () => {
    const world = start();
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS - 1);
    expect(world.resubscribes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.resubscribes()).toBe(1);
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS);
    expect(world.resubscribes()).toBe(2);
    world.actor.send({ type: 'book.snapshot', message: SNAPSHOT_FIXTURE });
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS * 3);
    expect(world.resubscribes()).toBe(2);
    expect(world.actor.getSnapshot().value).toEqual({ syncing: 'live' });
  });

  it('counts dropped deltas: before the snapshot, stale ones, and those during a resync', () => {
    const world = start();
    world.actor.send({ type: 'book.deltas', messages: [NEXT_DELTA] });
    world.actor.send({ type: 'book.snapshot', message: SNAPSHOT_FIXTURE });
    world.actor.send({ type: 'book.deltas', messages: [STALE_DELTA] });
    world.actor.send({ type: 'book.deltas', messages: [GAP_DELTA] });
    world.actor.send({ type: 'book.deltas', messages: [{ ...GAP_DELTA, seq: 15 }, { ...GAP_DELTA, seq: 16 }] });
    expect(world.actor.getSnapshot().context).toMatchObject({ dropped: 4, resyncs: 1, seq: 10 });
  });

  it('a gap inside a frame resyncs without applying the frame', () => {
    const world = start();
    world.actor.send({ type: 'book.snapshot', message: SNAPSHOT_FIXTURE });
    world.actor.send({ type: 'book.deltas', messages: [NEXT_DELTA, GAP_DELTA] });
    expect(world.actor.getSnapshot().value).toEqual({ syncing: 'resyncing' });
    expect(world.actor.getSnapshot().context).toMatchObject({ seq: 10, book: { bids: SNAPSHOT_FIXTURE.bids } });
  });

  it('a new snapshot after a reconnect may restart seq from 1', () => {
    const world = start();
    world.actor.send({ type: 'book.snapshot', message: SNAPSHOT_FIXTURE });
    world.actor.send({ type: 'connection.lost' });
    world.actor.send({ type: 'connection.restored' });
    world.actor.send({ type: 'book.snapshot', message: { ...SNAPSHOT_FIXTURE, seq: 1, bids: [['50000', '1']] } });
    world.actor.send({ type: 'book.deltas', messages: [{ ...NEXT_DELTA, seq: 2, bids: [['50000', '0']] }] });
    expect(world.actor.getSnapshot().value).toEqual({ syncing: 'live' });
    expect(world.actor.getSnapshot().context.book.bids).toEqual([]);
  });
});
