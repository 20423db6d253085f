/**
 * A seeded, pre-generated stream of matching-engine commands for benchmarks: one pair, limit
 * orders in a band around the mid (about a third priced through the opposite best so they cross),
 * ~30% cancels of orders that are resting at that moment, ~5% market orders.
 *
 * Which orders are live depends on matching, so generation runs the commands through a FastEngine
 * (outside any timing) and picks cancel targets among the orders resting at that point.
 */
import { FastEngine } from '../server/kernel/exchange/matching/fast.js';
import type { Command, EngineEvent, OrderType, PlaceCommand, SelfTradePrevention, Side, TimeInForce } from '../server/kernel/exchange/matching/types.js';
// mulberry32, shared with the market simulation: the same seed always gives the same stream.
import { seededRandom as mulberry32 } from '../server/kernel/exchange/random.js';

export interface StreamOptions {
  seed: number;
  operations: number;
  /** Share of cancels (of live orders). */
  cancelShare?: number;
  /** Share of market orders. */
  marketShare?: number;
  /** Share of limit orders priced to cross. */
  crossShare?: number;
  accounts?: number;
  /** Passive limit orders rest within this many ticks of the mid. */
  band?: number;
  startMid?: number;
  /** Largest quantity of an order priced to cross, and of a market order (passive ones go to 100). */
  takerMaxQuantity?: number;
  onProgress?: (index: number, resting: number) => void;
}

export interface Stream {
  commands: Command[];
  stats: {
    limits: number;
    limitsCrossingOnArrival: number;
    markets: number;
    cancels: number;
    trades: number;
    restingAtEnd: number;
    maxResting: number;
    levelsAtEnd: { bids: number; asks: number };
    priceRange: [number, number];
  };
}

/** Resting ids with O(1) random pick and removal (swap with the last). */
class LiveSet {
  readonly ids: number[] = [];
  readonly owners: number[] = [];
  private readonly at = new Map<number, number>();

  add(id: number, owner: number): void {
    this.at.set(id, this.ids.length);
    this.ids.push(id);
    this.owners.push(owner);
  }

  remove(id: number): void {
    const index = this.at.get(id);
    if (index === undefined) return;
    const last = this.ids.length - 1;
    const lastId = this.ids[last]!;
    this.ids[index] = lastId;
    this.owners[index] = this.owners[last]!;
    this.at.set(lastId, index);
    this.ids.pop();
    this.owners.pop();
    this.at.delete(id);
  }

  get size(): number {
    return this.ids.length;
  }
}

/** A seeded stream's draws: `random()` in [0, 1), `int(lo, hi)` a whole number from lo to hi. */
function draws(seed: number) {
  const random = mulberry32(seed);
  return { random, int: (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1)) };
}

export function generateStream(options: StreamOptions): Stream {
  const { random, int } = draws(options.seed);
  const cancelShare = options.cancelShare ?? 0.3;
  const marketShare = options.marketShare ?? 0.05;
  const crossShare = options.crossShare ?? 0.33;
  const accounts = options.accounts ?? 64;
  const band = options.band ?? 40;
  let mid = options.startMid ?? 100_000;
  const takerMax = options.takerMaxQuantity ?? 100;

  const engine = new FastEngine();
  const live = new LiveSet();
  const commands: Command[] = [];
  const events: EngineEvent[] = [];
  const stats: Stream['stats'] = {
    limits: 0,
    limitsCrossingOnArrival: 0,
    markets: 0,
    cancels: 0,
    trades: 0,
    restingAtEnd: 0,
    maxResting: 0,
    levelsAtEnd: { bids: 0, asks: 0 },
    priceRange: [mid, mid],
  };
  let nextId = 1;

  for (let i = 0; i < options.operations; i++) {
    const bid = engine.bestBid();
    const ask = engine.bestAsk();
    if (bid !== undefined && ask !== undefined) mid = Math.round((bid + ask) / 2);
    const roll = random();
    let command: Command;
    if (roll < cancelShare && live.size > 0) {
      const pick = Math.floor(random() * live.size);
      command = { kind: 'cancel', orderId: live.ids[pick]!, accountId: live.owners[pick]! };
      stats.cancels += 1;
    } else {
      const side: Side = random() < 0.5 ? 'buy' : 'sell';
      const stp: SelfTradePrevention = random() < 0.8 ? 'cancelTaker' : random() < 0.5 ? 'cancelMaker' : 'cancelBoth';
      const orderId = nextId++;
      const accountId = int(1, accounts);
      if (roll < cancelShare + marketShare) {
        command = place(orderId, accountId, side, 'market', 0, int(1, takerMax), 'IOC', stp);
        stats.markets += 1;
      } else {
        const opposite = side === 'buy' ? ask : bid;
        const direction = side === 'buy' ? 1 : -1;
        // Passive orders cluster near the touch, as in real books.
        const crossing = random() < crossShare;
        const price = crossing ? (opposite ?? mid) + direction * int(0, 2) : mid - direction * (1 + Math.floor(band * random() * random()));
        const tifRoll = random();
        const tif: TimeInForce = tifRoll < 0.85 ? 'GTC' : tifRoll < 0.92 ? 'IOC' : tifRoll < 0.96 ? 'FOK' : 'POST_ONLY';
        command = place(orderId, accountId, side, 'limit', price, int(1, crossing ? takerMax : 100), tif, stp);
        stats.limits += 1;
        if (opposite !== undefined && (side === 'buy' ? opposite <= price : opposite >= price)) stats.limitsCrossingOnArrival += 1;
        if (price < stats.priceRange[0]) stats.priceRange[0] = price;
        if (price > stats.priceRange[1]) stats.priceRange[1] = price;
      }
    }
    commands.push(command);
    events.length = 0;
    engine.execute(command, events);
    track(command, events, live, stats);
    if (live.size > stats.maxResting) stats.maxResting = live.size;
    if (options.onProgress && i % 100_000 === 0) options.onProgress(i, live.size);
  }
  const book = engine.depth(Number.POSITIVE_INFINITY);
  stats.restingAtEnd = live.size;
  stats.levelsAtEnd = { bids: book.bids.length, asks: book.asks.length };
  return { commands: compact(commands), stats };
}

/** Every place command has one shape, all fields in the object itself (no spread, no optional field). */
function place(orderId: number, accountId: number, side: Side, type: OrderType, price: number, quantity: number, tif: TimeInForce, stp: SelfTradePrevention): PlaceCommand {
  return { kind: 'place', orderId, accountId, side, type, price, quantity, tif, stp };
}

/**
 * Copies the commands in one tight loop so they sit next to each other in memory, in order, as
 * commands fresh off a socket would; generated interleaved with the engine's own garbage they end
 * up scattered over the heap, and reading them then costs cache misses that belong to neither
 * engine (measured: ~150 ns per command read).
 */
function compact(commands: readonly Command[]): Command[] {
  const out: Command[] = new Array<Command>(commands.length);
  for (let i = 0; i < commands.length; i++) {
    const c = commands[i]!;
    out[i] = c.kind === 'cancel' ? { kind: 'cancel', orderId: c.orderId, accountId: c.accountId } : place(c.orderId, c.accountId, c.side, c.type, c.price, c.quantity, c.tif, c.stp);
  }
  return out;
}

/** Keeps `live` equal to the resting orders, from the events of one command. */
function track(command: Command, events: EngineEvent[], live: LiveSet, stats: Stream['stats']): void {
  let takerLeft = 0;
  let takerAccepted = false;
  for (const e of events) {
    if (e.type === 'accepted') {
      takerAccepted = true;
      takerLeft = e.quantity;
    } else if (e.type === 'trade') {
      stats.trades += 1;
      takerLeft -= e.quantity;
      if (e.makerDone) live.remove(e.makerOrderId);
    } else if (e.type === 'cancelled') {
      if (command.kind === 'place' && e.orderId === command.orderId) takerLeft = 0;
      else live.remove(e.orderId);
    }
  }
  if (takerAccepted && takerLeft > 0 && command.kind === 'place') live.add(command.orderId, command.accountId);
}

export interface DeepStreamOptions {
  seed: number;
  /** Resting orders placed before the timed stream (none crosses), and kept about that many. */
  prefill: number;
  /** Timed operations after the prefill. */
  operations: number;
  /** Passive orders rest up to this many ticks from the mid, on each side (so about 2 × band levels). */
  band?: number;
  accounts?: number;
  startMid?: number;
}

export interface DeepStream {
  /** Builds the deep book; applied to every engine before timing starts. */
  prefill: Command[];
  commands: Command[];
  stats: {
    passive: number;
    passiveNearTouch: number;
    crossing: number;
    markets: number;
    cancels: number;
    /** Cancels of an order more than 10 levels from its side's best. */
    cancelsDeep: number;
    /** Cancels that took the last order of a level. */
    cancelsEmptyingLevel: number;
    trades: number;
    /** Levels a crossing or market order traded on, averaged and at most. */
    levelsSweptMean: number;
    levelsSweptMax: number;
    restingAfterPrefill: number;
    levelsAfterPrefill: { bids: number; asks: number };
    restingAtEnd: number;
    minResting: number;
    maxResting: number;
    levelsAtEnd: { bids: number; asks: number };
    priceRange: [number, number];
  };
}

/**
 * A deep book and a realistic flow on it: first `prefill` passive GTC orders spread over ±band ticks
 * around the mid (hundreds of thousands of orders on thousands of levels), then a timed stream of
 * ~50% passive adds (most of them anywhere in the band, i.e. away from the touch; a fifth within a
 * few ticks of it), ~42% cancels by id of a random resting order (so mostly deep in the book; the
 * share leans up or down to hold the book near its prefilled size), ~6% limit orders priced 0–3
 * ticks through the opposite best (GTC / IOC / FOK) that sweep a few levels, and ~2% market orders.
 */
export function generateDeepStream(options: DeepStreamOptions): DeepStream {
  const { random, int } = draws(options.seed);
  const band = options.band ?? 1_950;
  const accounts = options.accounts ?? 512;
  let mid = options.startMid ?? 1_000_000;
  const target = options.prefill;

  const engine = new FastEngine();
  const live = new LiveSet();
  const events: EngineEvent[] = [];
  const sink: Stream['stats'] = { limits: 0, limitsCrossingOnArrival: 0, markets: 0, cancels: 0, trades: 0, restingAtEnd: 0, maxResting: 0, levelsAtEnd: { bids: 0, asks: 0 }, priceRange: [mid, mid] };
  const stats: DeepStream['stats'] = {
    passive: 0,
    passiveNearTouch: 0,
    crossing: 0,
    markets: 0,
    cancels: 0,
    cancelsDeep: 0,
    cancelsEmptyingLevel: 0,
    trades: 0,
    levelsSweptMean: 0,
    levelsSweptMax: 0,
    restingAfterPrefill: 0,
    levelsAfterPrefill: { bids: 0, asks: 0 },
    restingAtEnd: 0,
    minResting: Number.POSITIVE_INFINITY,
    maxResting: 0,
    levelsAtEnd: { bids: 0, asks: 0 },
    priceRange: [mid, mid],
  };
  // What the generator knows of each resting order and each level, from the events.
  const byId = new Map<number, { side: Side; price: number }>();
  const levelOrders = new Map<number, number>();
  const levelKey = (side: Side, price: number) => (side === 'buy' ? price : -price);
  let nextId = 1;
  /** Runs one command; true when it took the last order off a level. */
  const run = (command: Command): boolean => {
    events.length = 0;
    engine.execute(command, events);
    track(command, events, live, sink);
    let emptied = false;
    const gone = (orderId: number) => {
      const order = byId.get(orderId);
      if (order === undefined) return;
      byId.delete(orderId);
      const key = levelKey(order.side, order.price);
      const left = levelOrders.get(key)! - 1;
      if (left === 0) {
        levelOrders.delete(key);
        emptied = true;
      } else levelOrders.set(key, left);
    };
    for (const e of events) {
      if (e.type === 'trade' && e.makerDone) gone(e.makerOrderId);
      else if (e.type === 'cancelled') gone(e.orderId);
    }
    if (command.kind === 'place' && live.size > 0 && live.ids[live.size - 1] === command.orderId) {
      byId.set(command.orderId, { side: command.side, price: command.price });
      const key = levelKey(command.side, command.price);
      levelOrders.set(key, (levelOrders.get(key) ?? 0) + 1);
    }
    return emptied;
  };
  const notePrice = (price: number) => {
    if (price < stats.priceRange[0]) stats.priceRange[0] = price;
    if (price > stats.priceRange[1]) stats.priceRange[1] = price;
  };

  const prefill: Command[] = [];
  for (let i = 0; i < target; i++) {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const price = mid - (side === 'buy' ? 1 : -1) * int(1, band);
    notePrice(price);
    const command = place(nextId++, int(1, accounts), side, 'limit', price, int(1, 100), 'GTC', 'cancelTaker');
    prefill.push(command);
    run(command);
  }
  stats.restingAfterPrefill = live.size;
  const afterPrefill = engine.depth(Number.POSITIVE_INFINITY);
  stats.levelsAfterPrefill = { bids: afterPrefill.bids.length, asks: afterPrefill.asks.length };

  const prefillTrades = sink.trades;
  const commands: Command[] = [];
  let swept = 0;
  let sweeps = 0;
  const levelPrices = new Set<number>();
  for (let i = 0; i < options.operations; i++) {
    const bid = engine.bestBid();
    const ask = engine.bestAsk();
    if (bid !== undefined && ask !== undefined) mid = Math.round((bid + ask) / 2);
    const cancelShare = live.size > target ? 0.46 : 0.38;
    const roll = random();
    let command: Command;
    let taker = false;
    if (roll < cancelShare && live.size > 0) {
      const pick = Math.floor(random() * live.size);
      const orderId = live.ids[pick]!;
      command = { kind: 'cancel', orderId, accountId: live.owners[pick]! };
      stats.cancels += 1;
      const order = byId.get(orderId)!;
      const best = order.side === 'buy' ? bid : ask;
      if (best !== undefined && Math.abs(best - order.price) > 10) stats.cancelsDeep += 1;
    } else {
      const side: Side = random() < 0.5 ? 'buy' : 'sell';
      const stp: SelfTradePrevention = random() < 0.8 ? 'cancelTaker' : random() < 0.5 ? 'cancelMaker' : 'cancelBoth';
      const direction = side === 'buy' ? 1 : -1;
      const orderId = nextId++;
      const accountId = int(1, accounts);
      const kind = (roll - cancelShare) / (1 - cancelShare);
      if (kind < 0.035) {
        command = place(orderId, accountId, side, 'market', 0, int(1, 400), 'IOC', stp);
        stats.markets += 1;
        taker = true;
      } else if (kind < 0.14) {
        const opposite = side === 'buy' ? ask : bid;
        const price = (opposite ?? mid) + direction * int(0, 3);
        notePrice(price);
        const tifRoll = random();
        const tif: TimeInForce = tifRoll < 0.5 ? 'GTC' : tifRoll < 0.9 ? 'IOC' : 'FOK';
        command = place(orderId, accountId, side, 'limit', price, int(1, 600), tif, stp);
        stats.crossing += 1;
        taker = true;
      } else {
        const near = random() < 0.2;
        const price = mid - direction * (near ? int(1, 4) : int(1, band));
        notePrice(price);
        command = place(orderId, accountId, side, 'limit', price, int(1, 100), random() < 0.95 ? 'GTC' : 'POST_ONLY', stp);
        stats.passive += 1;
        if (near) stats.passiveNearTouch += 1;
      }
    }
    commands.push(command);
    if (run(command) && command.kind === 'cancel') stats.cancelsEmptyingLevel += 1;
    if (taker) {
      levelPrices.clear();
      for (const e of events) if (e.type === 'trade') levelPrices.add(e.price);
      if (levelPrices.size > 0) {
        sweeps += 1;
        swept += levelPrices.size;
        if (levelPrices.size > stats.levelsSweptMax) stats.levelsSweptMax = levelPrices.size;
      }
    }
    if (live.size > stats.maxResting) stats.maxResting = live.size;
    if (live.size < stats.minResting) stats.minResting = live.size;
  }
  stats.trades = sink.trades - prefillTrades;
  stats.levelsSweptMean = sweeps === 0 ? 0 : swept / sweeps;
  const book = engine.depth(Number.POSITIVE_INFINITY);
  stats.restingAtEnd = live.size;
  stats.levelsAtEnd = { bids: book.bids.length, asks: book.asks.length };
  return { prefill: compact(prefill), commands: compact(commands), stats };
}
