/**
 * Differential test: seeded random command streams go to the reference engine and the fast engine;
 * after every command both must have emitted identical events and hold the same book (state hash,
 * orders(), depth(), best prices), and the events must obey the book's invariants (quantities add
 * up per order, trades never exceed what is left, the book never crosses). On failure the message
 * names the seed and the shortest failing command list found (the failing prefix, then greedily
 * shrunk).
 *
 * Reproduce one stream with DIFF_SEED=<seed> npx vitest run tests/server/matching/differential.test.ts
 */
import { describe, expect, it } from 'vitest';
import { FastEngine } from '../../../server/domain/matching/fast.js';
import { ReferenceEngine } from '../../../server/domain/matching/reference.js';
import {
  CancelReason,
  RejectReason,
  type Command,
  type EngineEvent,
  type OrderBookEngine,
  type PlaceCommand,
  type SelfTradePrevention,
  type Side,
  type TimeInForce,
} from '../../../server/domain/matching/types.js';

const MAX = Number.MAX_SAFE_INTEGER;
const STREAMS = 2_000;
const COMMANDS_PER_STREAM = 200;
const BATCHES = 10;
const FIRST_SEED = 0x5eed_0000;

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG; the same seed always gives the same stream. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the test knows about one accepted order that has not yet left the book. */
interface OpenOrder {
  orderId: number;
  accountId: number;
  side: Side;
  price: number;
  quantity: number;
  /** Accepted quantity minus what has traded. */
  left: number;
}

/** Counts of what the streams exercised, so a generator change cannot silently stop covering a rule. */
interface Coverage {
  rejected: Map<number, number>;
  cancelled: Map<number, number>;
  selfTradeByMode: Map<SelfTradePrevention, number>;
  trades: number;
  limitsPlaced: number;
  limitsCrossingOnArrival: number;
}

const newCoverage = (): Coverage => ({
  rejected: new Map(),
  cancelled: new Map(),
  selfTradeByMode: new Map(),
  trades: 0,
  limitsPlaced: 0,
  limitsCrossingOnArrival: 0,
});

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Random commands for one stream. It reads the open orders the harness tracks so that cancels
 * and duplicate ids can aim at live orders as well as dead and unknown ones.
 */
class StreamGenerator {
  private readonly random: () => number;
  private readonly accounts: number;
  private readonly band: number;
  private mid: number;
  private readonly cancelShare: number;
  private readonly marketShare: number;
  private nextId = 1;
  private readonly usedIds: number[] = [];

  constructor(seed: number) {
    this.random = mulberry32(seed);
    this.accounts = this.int(2, 6);
    this.band = this.int(2, 12);
    this.mid = this.pick([1_000, 1_000, 120, 2 ** 32 + 17]);
    // Some streams keep a thin book (many cancels and market orders), others a deeper one.
    this.cancelShare = this.pick([0.12, 0.2, 0.3]);
    this.marketShare = this.pick([0.04, 0.08, 0.14]);
  }

  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private account(): number {
    return this.int(1, this.accounts);
  }

  private freshId(): number {
    const id = this.nextId++;
    this.usedIds.push(id);
    return id;
  }

  /** Mostly fresh; sometimes an id resting now (refused) or one that has left the book (allowed again). */
  private placeId(open: Map<number, OpenOrder>): number {
    const roll = this.random();
    if (roll < 0.03 && open.size > 0) return this.pick([...open.keys()]);
    if (roll < 0.07 && this.usedIds.length > 0) return this.pick(this.usedIds);
    return this.freshId();
  }

  private quantity(): number {
    if (this.chance(0.015)) return this.pick([0, -1, 1.5, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]);
    return this.chance(0.8) ? this.int(1, 10) : this.int(1, 60);
  }

  /** The next command, given the open orders and the book's best prices now. */
  next(open: Map<number, OpenOrder>, bestBid: number | undefined, bestAsk: number | undefined): Command {
    // The mid follows the book, with an occasional jump so levels away from the touch get used too.
    if (bestBid !== undefined && bestAsk !== undefined) this.mid = Math.round((bestBid + bestAsk) / 2);
    if (this.chance(0.03)) this.mid = Math.max(this.band * 2 + 2, this.mid + this.int(-this.band, this.band));
    const roll = this.random();
    if (roll < this.cancelShare) return this.cancel(open);
    if (roll < this.cancelShare + this.marketShare) return this.market(open);
    return this.limit(open, bestBid, bestAsk);
  }

  private cancel(open: Map<number, OpenOrder>): Command {
    const roll = this.random();
    if (roll < 0.65 && open.size > 0) {
      const target = open.get(this.pick([...open.keys()]))!;
      const foreign = roll >= 0.55;
      const accountId = foreign ? (target.accountId % this.accounts) + 1 : target.accountId;
      return { kind: 'cancel', orderId: target.orderId, accountId };
    }
    if (roll < 0.85 && this.usedIds.length > 0) return { kind: 'cancel', orderId: this.pick(this.usedIds), accountId: this.account() };
    return { kind: 'cancel', orderId: this.nextId + 1_000_000, accountId: this.account() };
  }

  /** About a third priced through the opposite best (when there is one), the rest around the mid. */
  private limit(open: Map<number, OpenOrder>, bestBid: number | undefined, bestAsk: number | undefined): PlaceCommand {
    const side: Side = this.chance(0.5) ? 'buy' : 'sell';
    const opposite = side === 'buy' ? bestAsk : bestBid;
    const direction = side === 'buy' ? 1 : -1;
    let price: number;
    if (this.chance(0.4)) price = (opposite ?? this.mid) + direction * this.int(-1, this.band);
    else price = this.mid - direction * (1 + this.int(0, this.band * 2));
    let quantity = this.quantity();
    const oddity = this.random();
    if (oddity < 0.012) price = this.pick([0, -5, 100.5, Number.NaN]);
    else if (oddity < 0.018) {
      price = 2 ** 40;
      quantity = 2 ** 20;
    }
    const tif = this.pick<TimeInForce>(['GTC', 'GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY']);
    const command: PlaceCommand = {
      kind: 'place',
      orderId: this.placeId(open),
      accountId: this.account(),
      side,
      type: 'limit',
      price,
      quantity,
      tif,
      stp: this.pick<SelfTradePrevention>(['cancelTaker', 'cancelMaker', 'cancelBoth']),
    };
    // A budget on a limit order means nothing; it must be ignored the same way by both engines.
    if (this.chance(0.02)) command.quoteBudget = this.pick([0, 5, 1.5]);
    return command;
  }

  private market(open: Map<number, OpenOrder>): PlaceCommand {
    const side: Side = this.chance(0.6) ? 'buy' : 'sell';
    let quantity = this.chance(0.03) ? this.quantity() : this.int(1, 40);
    let quoteBudget: number | undefined;
    if (side === 'buy') {
      const shape = this.random();
      if (shape < 0.35) {
        quantity = MAX;
        quoteBudget = this.int(1, this.mid * 40);
      } else if (shape < 0.55) quoteBudget = this.int(1, this.mid * 40);
      else if (shape < 0.58) quantity = MAX; // no budget: refused
    } else if (this.chance(0.1)) quoteBudget = this.int(1, this.mid * 40);
    if (this.chance(0.03)) quoteBudget = this.pick([0, -3, 1.5]);
    const command: PlaceCommand = {
      kind: 'place',
      orderId: this.placeId(open),
      accountId: this.account(),
      side,
      type: 'market',
      // Ignored for market orders, whatever it holds.
      price: this.chance(0.9) ? 0 : this.pick([-5, 1.5, this.mid]),
      quantity,
      tif: this.pick<TimeInForce>(['IOC', 'IOC', 'IOC', 'IOC', 'FOK', 'GTC', 'POST_ONLY']),
      stp: this.pick<SelfTradePrevention>(['cancelTaker', 'cancelMaker', 'cancelBoth']),
    };
    if (quoteBudget !== undefined) command.quoteBudget = quoteBudget;
    return command;
  }
}

/** Same length and, row by row, the same own fields with the same values (rows are flat objects). */
function sameRows(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>;
    const y = b[i] as Record<string, unknown>;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) if (!Object.is(x[key], y[key])) return false;
  }
  return true;
}

/** JSON that keeps NaN and ±Infinity readable, for failure messages. */
function show(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? `<<${v}>>` : v)).replace(/"<<(.*?)>>"/g, '$1');
}

/**
 * Runs one stream through both engines, command by command. `step` answers undefined when all is
 * well, or what went wrong.
 */
class Harness {
  readonly reference: OrderBookEngine = new ReferenceEngine();
  readonly open = new Map<number, OpenOrder>();
  private lastHash: string;

  constructor(
    readonly fast: OrderBookEngine = new FastEngine(),
    private readonly coverage: Coverage = newCoverage(),
  ) {
    this.lastHash = this.reference.stateHash();
  }

  step(command: Command): string | undefined {
    if (command.kind === 'place' && command.type === 'limit') this.noteArrival(command);
    const expected: EngineEvent[] = [];
    const actual: EngineEvent[] = [];
    this.reference.execute(command, expected);
    try {
      this.fast.execute(command, actual);
    } catch (error) {
      return `fast engine threw: ${String(error)}`;
    }
    if (!sameRows(expected, actual)) return `events differ\n  reference: ${show(expected)}\n  fast:      ${show(actual)}`;
    const hash = this.reference.stateHash();
    const fastHash = this.fast.stateHash();
    if (hash !== fastHash) return `state hash differs: reference ${hash}, fast ${fastHash}`;
    const broken = this.checkEvents(command, expected, hash) ?? this.checkBook(hash);
    if (broken !== undefined) return broken;
    this.lastHash = hash;
    return this.checkFull();
  }

  private noteArrival(c: PlaceCommand): void {
    this.coverage.limitsPlaced += 1;
    const best = c.side === 'buy' ? this.reference.bestAsk() : this.reference.bestBid();
    if (best !== undefined && (c.side === 'buy' ? best <= c.price : best >= c.price)) this.coverage.limitsCrossingOnArrival += 1;
  }

  /** Replays the events onto what the test knows of each order: quantities must add up. */
  private checkEvents(command: Command, events: EngineEvent[], hash: string): string | undefined {
    let taker: OpenOrder | undefined;
    let takerCancelled = false;
    let spent = 0;
    for (const e of events) {
      switch (e.type) {
        case 'rejected':
          bump(this.coverage.rejected, e.reason);
          if (events.length !== 1) return 'a rejection came with other events';
          break;
        case 'accepted': {
          if (command.kind !== 'place' || taker !== undefined) return 'unexpected accepted event';
          if (this.open.has(e.orderId)) return `order ${e.orderId} accepted while one with that id rests`;
          taker = { orderId: e.orderId, accountId: e.accountId, side: e.side, price: e.price, quantity: e.quantity, left: e.quantity };
          if (e.quantity !== command.quantity) return 'accepted quantity differs from the command';
          break;
        }
        case 'trade': {
          this.coverage.trades += 1;
          const maker = this.open.get(e.makerOrderId);
          if (taker === undefined || e.takerOrderId !== taker.orderId) return 'trade for an order that was not just accepted';
          if (maker === undefined) return `trade against ${e.makerOrderId}, which is not resting`;
          if (!Number.isSafeInteger(e.quantity) || e.quantity <= 0) return `trade quantity ${e.quantity}`;
          if (e.quantity > maker.left) return `trade of ${e.quantity} exceeds maker ${maker.orderId}'s ${maker.left}`;
          if (e.quantity > taker.left) return `trade of ${e.quantity} exceeds taker's ${taker.left}`;
          if (e.price !== maker.price || e.makerAccountId !== maker.accountId || e.takerSide !== taker.side) return 'trade fields do not match the orders';
          if (maker.side === taker.side || maker.accountId === taker.accountId) return 'trade between the same side or the same account';
          if (taker.price !== 0 && (taker.side === 'buy' ? e.price > taker.price : e.price < taker.price)) return 'trade beyond the taker limit';
          maker.left -= e.quantity;
          taker.left -= e.quantity;
          spent += e.quantity * e.price;
          if (e.makerDone !== (maker.left === 0)) return `makerDone is ${e.makerDone} with ${maker.left} left`;
          if (maker.left === 0) this.open.delete(maker.orderId);
          break;
        }
        case 'cancelled': {
          bump(this.coverage.cancelled, e.reason);
          const order = taker !== undefined && e.orderId === taker.orderId ? taker : this.open.get(e.orderId);
          if (order === undefined) return `cancel of ${e.orderId}, which is neither resting nor the taker`;
          if (e.remaining !== order.left) return `cancelled ${e.orderId} with remaining ${e.remaining}, but accepted − traded = ${order.left}`;
          if (e.accountId !== order.accountId) return 'cancel names the wrong account';
          if (e.reason === CancelReason.selfTrade && command.kind === 'place') bump(this.coverage.selfTradeByMode, command.stp);
          order.left = 0;
          if (order === taker) {
            taker = undefined;
            takerCancelled = true;
          } else this.open.delete(e.orderId);
          break;
        }
      }
    }
    const accepted = events[0]?.type === 'accepted';
    if (accepted && command.kind === 'place' && command.type === 'market' && command.side === 'buy' && command.quoteBudget !== undefined && spent > command.quoteBudget) {
      return `market buy spent ${spent} of a ${command.quoteBudget} budget`;
    }
    if (taker !== undefined && taker.left > 0) {
      const c = command as PlaceCommand;
      if (c.type !== 'limit' || c.tif === 'IOC' || c.tif === 'FOK') return `order ${taker.orderId} (${c.type} ${c.tif}) kept ${taker.left} without resting or cancelling`;
      this.open.set(taker.orderId, taker);
    }
    if (command.kind === 'place' && command.tif === 'FOK' && takerCancelled) return 'an accepted FOK order did not fill completely';
    if (events.every((e) => e.type === 'rejected') && hash !== this.lastHash) return 'a rejected command changed the book';
    return undefined;
  }

  private checkBook(hash: string): string | undefined {
    const bid = this.fast.bestBid();
    const ask = this.fast.bestAsk();
    if (bid !== this.reference.bestBid() || ask !== this.reference.bestAsk()) return `best prices differ: fast ${bid}/${ask}, reference ${this.reference.bestBid()}/${this.reference.bestAsk()} (hash ${hash})`;
    if (bid !== undefined && ask !== undefined && !(bid < ask)) return `crossed book: best bid ${bid} ≥ best ask ${ask}`;
    return undefined;
  }

  /** Both engines list the same orders and depth, and those are exactly the orders still open. */
  checkFull(): string | undefined {
    const orders = this.reference.orders();
    const fastOrders = this.fast.orders();
    if (!sameRows(orders, fastOrders)) return `orders() differ\n  reference: ${show(orders)}\n  fast:      ${show(fastOrders)}`;
    for (const levels of [50, 3, 0]) {
      const depth = this.reference.depth(levels);
      const fastDepth = this.fast.depth(levels);
      if (!sameRows(depth.bids, fastDepth.bids) || !sameRows(depth.asks, fastDepth.asks)) {
        return `depth(${levels}) differs\n  reference: ${show(depth)}\n  fast:      ${show(fastDepth)}`;
      }
    }
    if (orders.length !== this.open.size) return `${orders.length} orders rest but ${this.open.size} are open by the events`;
    for (const o of orders) {
      const known = this.open.get(o.orderId);
      if (known === undefined || known.left !== o.remaining || known.price !== o.price || known.side !== o.side || known.accountId !== o.accountId) {
        return `resting order ${show(o)} does not match accepted − traded − cancelled (${show(known)})`;
      }
    }
    return undefined;
  }
}

/** Replays `commands` from an empty book; the index of the first command that fails, or -1. */
function firstFailure(commands: Command[], makeFast: () => OrderBookEngine): number {
  const harness = new Harness(makeFast());
  for (let i = 0; i < commands.length; i++) if (harness.step(commands[i]!) !== undefined) return i;
  return -1;
}

/** The failing prefix, then greedily without every command whose removal keeps it failing. */
function shrink(commands: Command[], makeFast: () => OrderBookEngine): Command[] {
  let current = commands.slice(0, firstFailure(commands, makeFast) + 1);
  for (let i = current.length - 2; i >= 0; i--) {
    const without = [...current.slice(0, i), ...current.slice(i + 1)];
    const at = firstFailure(without, makeFast);
    if (at >= 0) current = without.slice(0, at + 1);
  }
  return current;
}

interface StreamFailure {
  seed: number;
  index: number;
  message: string;
  shortest: Command[];
}

function runStream(seed: number, coverage: Coverage, makeFast: () => OrderBookEngine = () => new FastEngine()): StreamFailure | undefined {
  const generator = new StreamGenerator(seed);
  const harness = new Harness(makeFast(), coverage);
  const commands: Command[] = [];
  for (let i = 0; i < COMMANDS_PER_STREAM; i++) {
    const command = generator.next(harness.open, harness.reference.bestBid(), harness.reference.bestAsk());
    commands.push(command);
    const message = harness.step(command);
    if (message !== undefined) return { seed, index: i, message, shortest: shrink(commands, makeFast) };
  }
  return undefined;
}

function report(f: StreamFailure): string {
  return [
    `seed ${f.seed} failed at command ${f.index}: ${f.message}`,
    `shortest failing command list (${f.shortest.length} commands; the last one fails):`,
    ...f.shortest.map((c) => `  ${show(c)}`),
  ].join('\n');
}

const onlySeed = process.env.DIFF_SEED === undefined ? undefined : Number(process.env.DIFF_SEED);
const seeds = onlySeed !== undefined ? [onlySeed] : Array.from({ length: STREAMS }, (_, i) => FIRST_SEED + i);
const batchSize = Math.ceil(seeds.length / BATCHES);
const batches = Array.from({ length: Math.ceil(seeds.length / batchSize) }, (_, b) => seeds.slice(b * batchSize, (b + 1) * batchSize));

describe('fast engine vs reference engine on random command streams', () => {
  const coverage = newCoverage();

  it.each(batches.map((batch, i) => [i + 1, batch] as const))(`batch %i: ${COMMANDS_PER_STREAM} commands per stream, identical events and state after every command`, (_, batch) => {
    for (const seed of batch) {
      const failure = runStream(seed, coverage);
      if (failure !== undefined) expect.fail(report(failure));
    }
  });

  it.skipIf(onlySeed !== undefined)('the streams exercised every rule: all reasons, all self-trade modes, about a third crossing', () => {
    for (const reason of Object.values(RejectReason)) expect(coverage.rejected.get(reason) ?? 0, `reject reason ${reason}`).toBeGreaterThan(0);
    for (const reason of Object.values(CancelReason)) expect(coverage.cancelled.get(reason) ?? 0, `cancel reason ${reason}`).toBeGreaterThan(0);
    for (const mode of ['cancelTaker', 'cancelMaker', 'cancelBoth'] as const) expect(coverage.selfTradeByMode.get(mode) ?? 0, mode).toBeGreaterThan(0);
    expect(coverage.trades).toBeGreaterThan(STREAMS * 10);
    const crossing = coverage.limitsCrossingOnArrival / coverage.limitsPlaced;
    expect(crossing).toBeGreaterThan(0.25);
    expect(crossing).toBeLessThan(0.42);
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
