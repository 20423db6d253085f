/**
 * Differential test: seeded random command streams go to the reference engine and the fast engine;
 * after every command both must have emitted identical events and hold the same book (state hash,
 * orders(), depth(), best prices), and the events must obey the book's invariants (quantities add
 * up per order, trades never exceed what is left, the book never crosses). On failure the message
 * names the seed and the shortest failing command list found (the failing prefix, then greedily
 * shrunk).
 *
 * Reproduce one stream with DIFF_SEED=<seed> npx vitest run tests/server/matching/differential.test.ts
 * (add DIFF_DEEP=1 for a deep-book seed).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom as mulberry32 } from '../../../server/kernel/exchange/random.js';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import { IdIndex } from '../../../server/kernel/exchange/matching/fast/idIndex.js';
import { limit as placeLimit } from './pair.js';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import { CancelReason, RejectReason, type Command, type EngineEvent, type PlaceCommand, type Side, type TimeInForce } from '../../../server/kernel/exchange/matching/types.js';
import { Harness, newCoverage } from './differential/harness.js';
import { show } from './differential/rows.js';
import { COMMANDS_PER_STREAM, DEEP, DEEP_COMMANDS, report, runStream, SHALLOW } from './differential/streams.js';

const STREAMS = 2_000;
const BATCHES = 10;
const DEEP_STREAMS = 4;
const FIRST_SEED = 0x5eed_0000;

const onlySeed = process.env.DIFF_SEED === undefined ? undefined : Number(process.env.DIFF_SEED);
const onlyShape = process.env.DIFF_DEEP === '1' ? DEEP : SHALLOW;
const seeds = onlySeed !== undefined ? [onlySeed] : Array.from({ length: STREAMS }, (_, i) => FIRST_SEED + i);
const batchSize = Math.ceil(seeds.length / BATCHES);
const batches = Array.from({ length: Math.ceil(seeds.length / batchSize) }, (_, b) => seeds.slice(b * batchSize, (b + 1) * batchSize));

describe('fast engine vs reference engine on random command streams', () => {
  const coverage = newCoverage();

  it.each(batches.map((batch, i) => [i + 1, batch] as const))(`batch %i: ${COMMANDS_PER_STREAM} commands per stream, identical events and state after every command`, (_, batch) => {
    for (const seed of batch) {
      const failure = runStream(seed, coverage, undefined, onlySeed === undefined ? SHALLOW : onlyShape);
      if (failure !== undefined) expect.fail(report(failure));
    }
  });

  it.each(Array.from({ length: onlySeed === undefined ? DEEP_STREAMS : 0 }, (_, i) => FIRST_SEED + STREAMS + i))(
    `deep book, seed %i: ${DEEP_COMMANDS} commands building thousands of resting orders on many levels`,
    (seed) => {
      const failure = runStream(seed, coverage, undefined, DEEP);
      if (failure !== undefined) expect.fail(report(failure));
    },
  );

  it.skipIf(onlySeed !== undefined)('the streams exercised every rule: all reasons, all self-trade modes, about a third crossing', () => {
    for (const reason of Object.values(RejectReason)) expect(coverage.rejected.get(reason) ?? 0, `reject reason ${reason}`).toBeGreaterThan(0);
    for (const reason of Object.values(CancelReason)) expect(coverage.cancelled.get(reason) ?? 0, `cancel reason ${reason}`).toBeGreaterThan(0);
    for (const mode of ['cancelTaker', 'cancelMaker', 'cancelBoth'] as const) expect(coverage.selfTradeByMode.get(mode) ?? 0, mode).toBeGreaterThan(0);
    expect(coverage.trades).toBeGreaterThan(STREAMS * 10);
    expect(coverage.maxResting).toBeGreaterThan(1_500);
    const crossing = coverage.limitsCrossingOnArrival / coverage.limitsPlaced;
    expect(crossing).toBeGreaterThan(0.25);
    expect(crossing).toBeLessThan(0.42);
  });
});

describe('fast engine vs reference engine on a wide deep book', () => {
  /**
   * The fast engine's structures for deep books: level rows and per-side price indexes that grow
   * past their initial sizes (256 levels, 128 prices per side), order rows past 1,024, levels
   * created and emptied far from the touch (deep cancels of a level's last order), and crossing
   * orders that sweep dozens of levels. A book of a few thousand orders on ~1,500 levels, then a
   * mixed flow, compared event by event, with the state hash every 25 commands.
   */
  it.each([0xdee9_0001, 0xdee9_0002])('seed %i: thousands of orders on ~1,500 levels, deep cancels, wide sweeps', (seed) => {
    const random = mulberry32(seed);
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const harness = new Harness();
    const mid = 50_000;
    let nextId = 1;
    const stats = { farLevelsCreated: 0, levelsEmptiedByCancel: 0, widestSweep: 0, mostLevels: 0, mostOrders: 0 };
    const limit = (side: Side, price: number, quantity: number, tif: TimeInForce): PlaceCommand => ({
      kind: 'place',
      orderId: nextId++,
      accountId: int(1, 8),
      side,
      type: 'limit',
      price,
      quantity,
      tif,
      stp: random() < 0.5 ? 'cancelTaker' : random() < 0.5 ? 'cancelMaker' : 'cancelBoth',
    });
    // For the coverage counts only (the harness compares both engines' depth at every check).
    const levelsOf = () => {
      const depth = harness.fast.depth(Number.POSITIVE_INFINITY);
      return new Map([...depth.bids.map((l) => [l.price, l.orders] as const), ...depth.asks.map((l) => [-l.price, l.orders] as const)]);
    };
    const run = (command: Command, i: number) => {
      const before = levelsOf();
      const message = harness.step(command, i % 25 === 0 ? 1 : 1_000_000);
      if (message !== undefined) expect.fail(`seed ${seed}, command ${i} ${show(command)}: ${message}`);
      const after = levelsOf();
      if (command.kind === 'cancel' && after.size < before.size) stats.levelsEmptiedByCancel += 1;
      if (command.kind === 'place' && command.type === 'limit' && !before.has(command.side === 'buy' ? command.price : -command.price) && after.has(command.side === 'buy' ? command.price : -command.price)) {
        const best = command.side === 'buy' ? harness.reference.bestBid() : harness.reference.bestAsk();
        if (best !== undefined && Math.abs(best - command.price) > 100) stats.farLevelsCreated += 1;
      }
      if (command.kind === 'place') {
        // Opposite-side levels the order took off the book (bids are keyed by price, asks by -price).
        let swept = 0;
        for (const key of before.keys()) if ((command.side === 'buy' ? key < 0 : key > 0) && !after.has(key)) swept += 1;
        stats.widestSweep = Math.max(stats.widestSweep, swept);
      }
      stats.mostLevels = Math.max(stats.mostLevels, after.size);
      stats.mostOrders = Math.max(stats.mostOrders, harness.open.size);
    };
    for (let i = 0; i < 3_000; i++) {
      const side: Side = random() < 0.5 ? 'buy' : 'sell';
      run(limit(side, side === 'buy' ? mid - int(1, 750) : mid + int(1, 750), int(1, 50), 'GTC'), i);
    }
    for (let i = 0; i < 5_000; i++) {
      const roll = random();
      const bid = harness.reference.bestBid() ?? mid;
      const ask = harness.reference.bestAsk() ?? mid;
      let command: Command;
      if (roll < 0.4 && harness.open.size > 0) {
        const ids = [...harness.open.keys()];
        const target = harness.open.get(ids[Math.floor(random() * ids.length)]!)!;
        command = { kind: 'cancel', orderId: target.orderId, accountId: target.accountId };
      } else if (roll < 0.85) {
        const side: Side = random() < 0.5 ? 'buy' : 'sell';
        const offset = random() < 0.2 ? int(1, 3) : int(1, 900);
        command = limit(side, side === 'buy' ? ask - offset : bid + offset, int(1, 50), random() < 0.9 ? 'GTC' : 'POST_ONLY');
      } else if (roll < 0.96) {
        const side: Side = random() < 0.5 ? 'buy' : 'sell';
        const through = int(0, 60);
        const tif = (['GTC', 'IOC', 'FOK'] as const)[int(0, 2)]!;
        command = limit(side, side === 'buy' ? ask + through : bid - through, int(20, 1_500), tif);
      } else {
        const side: Side = random() < 0.5 ? 'buy' : 'sell';
        command = { kind: 'place', orderId: nextId++, accountId: int(1, 8), side, type: 'market', price: 0, quantity: int(20, 800), tif: 'IOC', stp: 'cancelTaker' };
        if (side === 'buy' && random() < 0.5) command.quoteBudget = int(1, 400) * mid;
      }
      run(command, 3_000 + i);
    }
    const last = harness.step({ kind: 'cancel', orderId: 1, accountId: 1 }, 1);
    if (last !== undefined) expect.fail(`seed ${seed}, final check: ${last}`);
    expect(stats.mostOrders, 'order rows grew past their initial 1,024').toBeGreaterThan(2_000);
    expect(stats.mostLevels, 'level rows grew past their initial 256').toBeGreaterThan(1_000);
    expect(stats.farLevelsCreated, 'levels created > 100 ticks from the best').toBeGreaterThan(100);
    expect(stats.levelsEmptiedByCancel, "cancels of a level's last order").toBeGreaterThan(100);
    expect(stats.widestSweep, 'levels swept by one order').toBeGreaterThan(20);
  }, 120_000); // pure CPU: ~15 s alone, 31.6 s beside three other server files on two cores
});

describe('ids and accounts no one should send, compared directly', () => {
  it('NaN ids and accounts behave as in the reference engine (=== never matches NaN)', () => {
    const commands: Command[] = [
      placeLimit(Number.NaN, 1, 'sell', 101, 5),
      placeLimit(Number.NaN, 1, 'sell', 101, 5), // not a duplicate: NaN matches no resting id
      placeLimit(Number.NaN, Number.NaN, 'sell', 102, 5),
      { kind: 'cancel', orderId: Number.NaN, accountId: 1 }, // unknown
      placeLimit(7, Number.NaN, 'buy', 102, 7), // NaN account: no self-trade with the NaN-account maker
      { kind: 'cancel', orderId: 7, accountId: Number.NaN },
      placeLimit(8, Number.NaN, 'buy', 90, 1),
      { kind: 'cancel', orderId: 8, accountId: Number.NaN }, // not the owner: NaN !== NaN
      placeLimit(9, 2, 'buy', 102, 20),
    ];
    const reference = new ReferenceEngine();
    const fast = new FastEngine();
    for (const command of commands) {
      const expected: EngineEvent[] = [];
      const actual: EngineEvent[] = [];
      reference.execute(command, expected);
      fast.execute(command, actual);
      expect(actual, show(command)).toEqual(expected);
      expect(fast.orders()).toEqual(reference.orders());
      expect(fast.stateHash()).toBe(reference.stateHash());
    }
    expect(reference.orders().length).toBeGreaterThan(0);
  });
});

describe("the fast engine's order-id index vs a Map", () => {
  it('agrees on every lookup through growth, clustered collisions and deletes that wrap around', () => {
    const random = mulberry32(FIRST_SEED);
    const index = new IdIndex();
    const model = new Map<number, number>();
    // The index hashes the block number floor(id / 4) (its low 32-bit word ^ its high word times
    // 0x85ebca6b) and keeps id & 3 within the block: ids with equal hash key and equal id & 3
    // share one home slot at every table size. Two such groups whose home is among the table's
    // last slots make long runs that wrap past the end and get shifted back on delete; plain ids
    // (sequential, strided, and above 2^32) fill the rest.
    const lastSlots = (c: number) => ((Math.imul(c, 0x9e3779b1) >>> 0) & 0x3fff) >= 0x3ffe;
    const homes: number[] = [];
    for (let c = 1; homes.length < 2; c++) if (lastSlots(c)) homes.push(c);
    const member = (c: number, h: number) => (h * 4294967296 + ((c ^ Math.imul(h, 0x85ebca6b)) >>> 0)) * 4 + 3;
    const colliding = homes.flatMap((c) => Array.from({ length: 150 }, (_, h) => member(c, h + 1)));
    const pool = [...colliding, ...Array.from({ length: 6_000 }, (_, i) => (i % 3 === 0 ? i * 1024 : i % 3 === 1 ? 2 ** 40 + i : i))];
    for (let step = 0; step < 200_000; step++) {
      const id = pool[Math.floor(random() * pool.length)]!;
      const held = model.get(id);
      if (index.get(id) !== (held ?? 0)) expect.fail(`step ${step}: get(${id}) differs from the Map`);
      // Grow to a few thousand entries, then churn around that size.
      if (held === undefined && (model.size < 3_000 || random() < 0.5)) {
        // Slots are positive (0 means absent); any value will do, distinct ones catch a mix-up.
        const slot = step + 1;
        index.add(id, slot);
        model.set(id, slot);
      } else if (held !== undefined) {
        index.delete(id);
        model.delete(id);
      }
      if (index.size !== model.size) expect.fail(`step ${step}: size ${index.size}, Map ${model.size}`);
    }
    for (const id of pool) expect(index.get(id)).toBe(model.get(id) ?? 0);
  });
});

describe('the differential harness itself', () => {
  it('catches an engine that differs and names the seed and a short failing command list', () => {
    // Drops the last event of any command that produced a trade: wrong from the first trade on.
    class DropsTradeEvents extends FastEngine {
      override execute(command: Command, out: EngineEvent[]): void {
        const start = out.length;
        super.execute(command, out);
        if (out.slice(start).some((e) => e.type === 'trade')) out.pop();
      }
    }
    const failure = runStream(FIRST_SEED, newCoverage(), () => new DropsTradeEvents());
    expect(failure).toBeDefined();
    const text = report(failure!);
    expect(text).toContain(`seed ${FIRST_SEED}`);
    expect(failure!.shortest.length).toBeLessThanOrEqual(failure!.index + 1);
    expect(failure!.shortest.length).toBeLessThanOrEqual(3);
  });
});
