/**
 * The fast engine keeps each level's orders in a ring buffer with tombstones for cancelled orders
 * (server/kernel/exchange/matching/fast/levelQueues.ts). These cases aim at that structure's
 * edges — levels full of tombstones, compaction, growth, the ends moving past tombstones, sequence
 * numbers wrapping — and check the fast engine against the reference engine event by event, with
 * the same book (orders in priority order, depth) after every command.
 */
import { describe, expect, it } from 'vitest';
import { LEVEL_BASE, LEVEL_COUNT, LEVEL_DOUBLES, LEVEL_HEAD, LEVEL_MASK, LEVEL_TAIL, ORDER_DOUBLES, ORDER_LEVEL, ORDER_SEQ, RowStore } from '../../../server/kernel/exchange/matching/fast/book.js';
import { LevelQueues } from '../../../server/kernel/exchange/matching/fast/levelQueues.js';
import { cancel, limit, pair } from './pair.js';

describe('fast engine: level queues with tombstones', () => {
  it('a taker matches through a level full of tombstones in time priority, skipping none and touching no cancelled order', () => {
    const { run } = pair();
    for (let id = 1; id <= 40; id++) run(limit(id, 1 + (id % 3), 'sell', 100, id));
    // Cancel all but every seventh: the survivors are separated by runs of tombstones.
    for (let id = 1; id <= 40; id++) if (id % 7 !== 0) run(cancel(id, 1 + (id % 3)));
    const events = run(limit(100, 9, 'buy', 100, 7 + 14 + 21 + 10));
    expect(events.filter((e) => e.type === 'trade').map((e) => (e.type === 'trade' ? e.makerOrderId : 0))).toEqual([7, 14, 21, 28]);
    run(limit(101, 9, 'buy', 100, 1_000, 'IOC'));
  });

  it('FOK checks see only live quantity on levels full of tombstones', () => {
    const { run } = pair();
    let id = 1;
    for (const price of [100, 101, 102]) for (let i = 0; i < 12; i++) run(limit(id++, 1, 'sell', price, 5));
    for (let cancelled = 1; cancelled < id; cancelled++) if (cancelled % 4 !== 1) run(cancel(cancelled, 1));
    // 3 levels × 3 live orders × 5 lots = 45 lots up to 102.
    expect(run(limit(200, 2, 'buy', 102, 46, 'FOK')).at(-1)).toMatchObject({ type: 'rejected' });
    expect(run(limit(201, 2, 'buy', 101, 31, 'FOK')).at(-1)).toMatchObject({ type: 'rejected' });
    expect(run(limit(202, 2, 'buy', 101, 30, 'FOK')).filter((e) => e.type === 'trade')).toHaveLength(6);
    expect(run(limit(203, 1, 'buy', 102, 15, 'FOK', 'cancelMaker')).at(-1)).toMatchObject({ type: 'rejected' });
    expect(run(limit(204, 2, 'buy', 102, 15, 'FOK')).filter((e) => e.type === 'trade')).toHaveLength(3);
  });

  it('compaction keeps time priority, counts and quantities (a long-lived head order with churn behind it)', () => {
    const { run, fast } = pair();
    run(limit(1, 1, 'buy', 50, 3));
    let id = 2;
    // Add and cancel behind the head many times over: the queue must compact, not grow without bound.
    for (let round = 0; round < 300; round++) {
      const first = id;
      for (let i = 0; i < 10; i++) run(limit(id++, 2, 'buy', 50, 1 + (i % 4)));
      for (let i = 0; i < 9; i++) run(cancel(first + ((i * 3) % 10), 2));
    }
    // 3,001 orders went through the level, 301 are live: compaction kept the ring near the live count.
    const internals = fast as unknown as { levelRows: RowStore; bids: { best: number } };
    const capacity = internals.levelRows.links[internals.bids.best * 16 + LEVEL_MASK]! + 1;
    expect(capacity, 'the ring holds the live orders, not every order that passed through').toBeLessThanOrEqual(1_024);
    expect(fast.depth(1).bids[0]).toMatchObject({ price: 50, orders: 301 });
    // Sell through the level: the head first, then the survivors oldest first.
    const events = run(limit(id++, 3, 'sell', 50, 10_000, 'IOC'));
    const makers = events.flatMap((e) => (e.type === 'trade' ? [e.makerOrderId] : []));
    expect(makers[0]).toBe(1);
    expect(makers).toEqual([...makers].sort((a, b) => a - b));
  });

  it('cancelling the newest orders (the tail) and the oldest (the head) moves the ends past tombstones', () => {
    const { run } = pair();
    for (let id = 1; id <= 12; id++) run(limit(id, 1, 'sell', 70, 2));
    for (const id of [12, 10, 11, 1, 3, 2, 6]) run(cancel(id, 1));
    for (let id = 13; id <= 20; id++) run(limit(id, 2, 'sell', 70, 1));
    run(limit(30, 3, 'buy', 70, 9));
    run(cancel(5, 1));
    run(limit(31, 3, 'buy', 70, 100, 'IOC'));
    // The level emptied and is gone; a new one at the same price starts afresh.
    run(limit(32, 1, 'sell', 70, 4));
    run(limit(33, 3, 'buy', 70, 4));
  });

  it('self-trade prevention removing makers from a tombstoned level', () => {
    const { run } = pair();
    for (let id = 1; id <= 16; id++) run(limit(id, id % 2 === 0 ? 1 : 2, 'sell', 80, 3));
    for (const id of [2, 3, 5, 8, 13]) run(cancel(id, id % 2 === 0 ? 1 : 2));
    run(limit(40, 1, 'buy', 80, 12, 'GTC', 'cancelMaker'));
    run(limit(41, 2, 'buy', 80, 30, 'IOC', 'cancelBoth'));
    run(limit(42, 1, 'buy', 80, 30, 'IOC', 'cancelTaker'));
  });
});

describe('LevelQueues itself', () => {
  it('keeps order and positions across the int32 wrap of sequence numbers, through growth and compaction', () => {
    const levels = new RowStore(4, LEVEL_DOUBLES, LEVEL_HEAD);
    const orders = new RowStore(64, ORDER_DOUBLES, ORDER_LEVEL);
    const queues = new LevelQueues(levels, orders);
    const level = levels.alloc();
    queues.open(level);
    // Start just below the wrap: 2^31 − 3.
    levels.links[level * 16 + LEVEL_HEAD] = 0x7ffffffd;
    levels.links[level * 16 + LEVEL_TAIL] = 0x7ffffffd;
    const live: number[] = [];
    let wrapped = false;
    const push = () => {
      const slot = orders.alloc();
      const seq = queues.push(level, slot);
      orders.links[slot * 8 + ORDER_LEVEL] = level;
      orders.links[slot * 8 + ORDER_SEQ] = seq;
      if (seq < 0) wrapped = true;
      levels.rows[level * 8 + LEVEL_COUNT] = live.length; // push expects the count without the new order
      live.push(slot);
      levels.rows[level * 8 + LEVEL_COUNT] = live.length;
    };
    const drop = (slot: number) => {
      live.splice(live.indexOf(slot), 1);
      levels.rows[level * 8 + LEVEL_COUNT] = live.length;
      queues.clear(level, orders.links[slot * 8 + ORDER_SEQ]!);
    };
    const contents = () => {
      const out: number[] = [];
      const l = levels.links;
      const base = l[level * 16 + LEVEL_BASE]!;
      const mask = l[level * 16 + LEVEL_MASK]!;
      for (let seq = l[level * 16 + LEVEL_HEAD]!; seq !== l[level * 16 + LEVEL_TAIL]!; seq = (seq + 1) | 0) {
        const slot = queues.slots[base + (seq & mask)]!;
        if (slot !== 0) {
          expect(orders.links[slot * 8 + ORDER_SEQ]).toBe(seq);
          out.push(slot);
        }
      }
      return out;
    };
    for (let i = 0; i < 6; i++) push(); // grows from 4 to 8 across the wrap
    expect(contents()).toEqual(live);
    drop(live[2]!);
    drop(live[3]!);
    drop(live[0]!); // the head moves past two tombstones
    expect(contents()).toEqual(live);
    for (let i = 0; i < 20; i++) {
      push();
      drop(live[live.length - 2]!);
    }
    expect(contents()).toEqual(live);
    drop(live[0]!);
    expect(contents()).toEqual(live);
    expect(wrapped, 'sequence numbers went past 2^31 − 1').toBe(true);
  });
});
