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
import { seededRandom as mulberry32 } from '../server/kernel/random.js';

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

export function generateStream(options: StreamOptions): Stream {
  const random = mulberry32(options.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
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
