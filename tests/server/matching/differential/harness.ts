import { FastEngine } from '../../../../server/kernel/exchange/matching/fast.js';
import { ReferenceEngine } from '../../../../server/kernel/exchange/matching/reference.js';
import { CancelReason, type Command, type EngineEvent, type OrderBookEngine, type PlaceCommand, type SelfTradePrevention } from '../../../../server/kernel/exchange/matching/types.js';
import { sameRows, show } from './rows.js';

/** What the test knows about one accepted order that has not yet left the book. */
export interface OpenOrder extends Pick<PlaceCommand, 'orderId' | 'accountId' | 'side' | 'price' | 'quantity'> {
  /** Accepted quantity minus what has traded. */
  left: number;
}

/** Counts of what the streams exercised, so a generator change cannot silently stop covering a rule. */
export interface Coverage {
  rejected: Map<number, number>;
  cancelled: Map<number, number>;
  selfTradeByMode: Map<SelfTradePrevention, number>;
  trades: number;
  limitsPlaced: number;
  limitsCrossingOnArrival: number;
  /** The most orders resting at once in any stream (the deep ones grow the fast engine's id index). */
  maxResting: number;
}

export const newCoverage = (): Coverage => ({
  rejected: new Map(),
  cancelled: new Map(),
  selfTradeByMode: new Map(),
  trades: 0,
  limitsPlaced: 0,
  limitsCrossingOnArrival: 0,
  maxResting: 0,
});

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Runs one stream through both engines, command by command. `step` answers undefined when all is
 * well, or what went wrong.
 */
export class Harness {
  readonly reference: OrderBookEngine = new ReferenceEngine();
  readonly open = new Map<number, OpenOrder>();
  /** The state hash after the previous command, when it was taken. */
  private lastHash: string | undefined;
  private steps = 0;

  constructor(
    readonly fast: OrderBookEngine = new FastEngine(),
    private readonly coverage: Coverage = newCoverage(),
  ) {
    this.lastHash = this.reference.stateHash();
  }

  /** Checks events every command; the state hash and the whole book every `every` commands. */
  step(command: Command, every = 1): string | undefined {
    this.steps += 1;
    const full = this.steps % every === 0;
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
    let hash: string | undefined;
    if (full) {
      hash = this.reference.stateHash();
      const fastHash = this.fast.stateHash();
      if (hash !== fastHash) return `state hash differs: reference ${hash}, fast ${fastHash}`;
    }
    const broken = this.checkEvents(command, expected, hash) ?? this.checkBook();
    if (broken !== undefined) return broken;
    this.lastHash = hash;
    return full ? this.checkFull() : undefined;
  }

  private noteArrival(c: PlaceCommand): void {
    this.coverage.limitsPlaced += 1;
    const best = c.side === 'buy' ? this.reference.bestAsk() : this.reference.bestBid();
    if (best !== undefined && (c.side === 'buy' ? best <= c.price : best >= c.price)) this.coverage.limitsCrossingOnArrival += 1;
  }

  /** Replays the events onto what the test knows of each order: quantities must add up. */
  private checkEvents(command: Command, events: EngineEvent[], hash: string | undefined): string | undefined {
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
          if (e.price !== maker.price || !Object.is(e.makerAccountId, maker.accountId) || e.takerSide !== taker.side) return 'trade fields do not match the orders';
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
          if (!Object.is(e.accountId, order.accountId)) return 'cancel names the wrong account';
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
      if (this.open.size > this.coverage.maxResting) this.coverage.maxResting = this.open.size;
    }
    if (command.kind === 'place' && command.tif === 'FOK' && takerCancelled) return 'an accepted FOK order did not fill completely';
    if (hash !== undefined && this.lastHash !== undefined && events.every((e) => e.type === 'rejected') && hash !== this.lastHash) {
      return 'a rejected command changed the book';
    }
    return undefined;
  }

  private checkBook(): string | undefined {
    const bid = this.fast.bestBid();
    const ask = this.fast.bestAsk();
    if (bid !== this.reference.bestBid() || ask !== this.reference.bestAsk()) return `best prices differ: fast ${bid}/${ask}, reference ${this.reference.bestBid()}/${this.reference.bestAsk()} `;
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
    // ownerOf and resting: the account and the order as listed for every resting order, nothing for an id that does not rest.
    for (const o of orders) {
      if (this.reference.ownerOf(o.orderId) !== o.accountId || this.fast.ownerOf(o.orderId) !== o.accountId) return `ownerOf(${o.orderId}) is not ${o.accountId}`;
      if (!sameRows([o], [this.reference.resting(o.orderId) ?? {}]) || !sameRows([o], [this.fast.resting(o.orderId) ?? {}])) return `resting(${o.orderId}) is not ${show(o)}`;
    }
    const absent = Math.max(0, ...orders.map((o) => o.orderId)) + 1;
    if (this.reference.ownerOf(absent) !== undefined || this.fast.ownerOf(absent) !== undefined) return `ownerOf(${absent}) answers for an order that does not rest`;
    if (this.reference.resting(absent) !== undefined || this.fast.resting(absent) !== undefined) return `resting(${absent}) answers for an order that does not rest`;
    for (const o of orders) {
      const known = this.open.get(o.orderId);
      if (known === undefined || known.left !== o.remaining || known.price !== o.price || known.side !== o.side || !Object.is(known.accountId, o.accountId)) {
        return `resting order ${show(o)} does not match accepted − traded − cancelled (${show(known)})`;
      }
    }
    return undefined;
  }
}
