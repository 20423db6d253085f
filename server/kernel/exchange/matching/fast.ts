import {
  BookSide,
  LEVEL_BASE,
  LEVEL_COUNT,
  LEVEL_DOUBLES,
  LEVEL_HEAD,
  LEVEL_MASK,
  LEVEL_PRICE,
  LEVEL_QUANTITY,
  LEVEL_SIGN,
  LEVEL_TAIL,
  ORDER_ACCOUNT,
  ORDER_DOUBLES,
  ORDER_ID,
  ORDER_LEVEL,
  ORDER_REMAINING,
  ORDER_SEQ,
  RowStore,
} from './fast/book.js';
import { LevelQueues } from './fast/levelQueues.js';
import { OrderIndex } from './fast/orderIndex.js';
import { refusesUnaffordable, unbounded, validatePlace } from './rules.js';
import { EventList } from './events.js';
import { hashOrders } from './stateHash.js';
import {
  CancelReason,
  RejectReason,
  type BookLevel,
  type CancelReason as CancelReasonCode,
  type Command,
  type EngineEvent,
  type EventSink,
  type OrderBookEngine,
  type PlaceCommand,
  type RestingOrder,
  type Side,
} from './types.js';

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * The fast engine: the same observable behaviour as ReferenceEngine (same events in the same
 * order, same book), on a layout built for speed — see fast/book.ts for the data structure and
 * why. The differential test feeds both engines the same random streams and compares every event
 * and every state hash; when the two disagree, reference.ts is the statement of the rules.
 */
export class FastEngine implements OrderBookEngine {
  /** Resting orders, one row each (ORDER_* fields). */
  private readonly orderRows = new RowStore(1024, ORDER_DOUBLES, ORDER_LEVEL);
  /** Price levels of both sides, one row each (LEVEL_* fields). */
  private readonly levelRows = new RowStore(256, LEVEL_DOUBLES, LEVEL_HEAD);
  /** Each level's orders in time priority. */
  private readonly queues = new LevelQueues(this.levelRows, this.orderRows);
  private readonly bids = new BookSide(1, this.levelRows, this.queues);
  private readonly asks = new BookSide(-1, this.levelRows, this.queues);
  /** Every resting order's slot by id: O(1) cancel and duplicate check. */
  private readonly byId = new OrderIndex(this.orderRows);
  /**
   * The highest id that ever rested here (0 before the first). An order with a higher id cannot
   * be resting, so it needs no duplicate check: the exchange hands out ids in increasing order, so
   * a new order skips the index probe (~5 % of the bench's standard pass, in-process A/B). Ids
   * that do not pass validation never get here (NaN and fractions are refused first).
   */
  private maxRestedId = 0;

  execute(command: Command, out: EngineEvent[]): void {
    this.apply(command, new EventList(out));
  }

  apply(command: Command, sink: EventSink): void {
    if (command.kind === 'cancel') this.cancel(command.orderId, command.accountId, sink);
    else this.place(command, sink);
  }

  ownerOf(orderId: number): number | undefined {
    const slot = this.byId.get(orderId);
    return slot === 0 ? undefined : this.orderRows.rows[slot * 4 + ORDER_ACCOUNT];
  }

  resting(orderId: number): RestingOrder | undefined {
    const slot = this.byId.get(orderId);
    if (slot === 0) return undefined;
    const orders = this.orderRows.rows;
    const level = this.orderRows.links[slot * 8 + ORDER_LEVEL]! * 8;
    const levels = this.levelRows.rows;
    const side: Side = levels[level + LEVEL_SIGN] === 1 ? 'buy' : 'sell';
    return { orderId, accountId: orders[slot * 4 + ORDER_ACCOUNT]!, side, price: levels[level + LEVEL_PRICE]!, remaining: orders[slot * 4 + ORDER_REMAINING]! };
  }

  private cancel(orderId: number, accountId: number, sink: EventSink): void {
    const slot = this.byId.get(orderId);
    if (slot === 0) {
      sink.rejected(orderId, accountId, RejectReason.unknownOrder);
      return;
    }
    const rows = this.orderRows.rows;
    if (rows[slot * 4 + ORDER_ACCOUNT] !== accountId) {
      sink.rejected(orderId, accountId, RejectReason.notOwner);
      return;
    }
    const remaining = rows[slot * 4 + ORDER_REMAINING]!;
    this.remove(slot);
    sink.cancelled(orderId, accountId, remaining, CancelReason.user);
  }

  /** What a FOK order could fill right now, honouring its limit, budget and self-trade rule. */
  private fillable(c: PlaceCommand, isMarket: boolean, book: BookSide): number {
    const buy = c.side === 'buy';
    const marketBuy = buy && isMarket;
    const skipOwn = c.stp === 'cancelMaker';
    const limit = c.price;
    const ids = book.ids;
    const levels = this.levelRows.rows;
    const levelLinks = this.levelRows.links;
    const orders = this.orderRows.rows;
    const slots = this.queues.slots;
    let filled = 0;
    let budget = c.quoteBudget ?? MAX;
    for (let i = ids.length - 1; i >= 0; i--) {
      const level = ids[i]!;
      const price = levels[level * 8 + LEVEL_PRICE]!;
      if (!isMarket && (buy ? price > limit : price < limit)) break;
      const base = levelLinks[level * 16 + LEVEL_BASE]!;
      const mask = levelLinks[level * 16 + LEVEL_MASK]!;
      const tail = levelLinks[level * 16 + LEVEL_TAIL]!;
      for (let seq = levelLinks[level * 16 + LEVEL_HEAD]!; seq !== tail; seq = (seq + 1) | 0) {
        const maker = slots[base + (seq & mask)]!;
        if (maker === 0) continue;
        if (filled >= c.quantity) return filled;
        if (orders[maker * 4 + ORDER_ACCOUNT] === c.accountId) {
          if (skipOwn) continue;
          return filled;
        }
        const makerRemaining = orders[maker * 4 + ORDER_REMAINING]!;
        let qty = c.quantity - filled;
        if (makerRemaining < qty) qty = makerRemaining;
        if (marketBuy) {
          const affordable = Math.floor(budget / price);
          if (affordable < qty) qty = affordable;
          if (qty <= 0) return filled;
          budget -= qty * price;
        }
        filled += qty;
      }
    }
    return filled;
  }

  private place(c: PlaceCommand, sink: EventSink): void {
    const orderId = c.orderId;
    const accountId = c.accountId;
    const invalid = validatePlace(c);
    if (invalid !== undefined) {
      sink.rejected(orderId, accountId, invalid);
      return;
    }
    if (orderId <= this.maxRestedId && this.byId.get(orderId) !== 0) {
      sink.rejected(orderId, accountId, RejectReason.duplicateOrderId);
      return;
    }
    const side: Side = c.side;
    const buy = side === 'buy';
    const isMarket = c.type === 'market';
    const limit = c.price;
    const book = buy ? this.asks : this.bids;
    if (c.tif === 'POST_ONLY' && book.best !== 0) {
      const best = this.levelRows.rows[book.best * 8 + LEVEL_PRICE]!;
      if (isMarket || (buy ? best <= limit : best >= limit)) {
        sink.rejected(orderId, accountId, RejectReason.wouldTakeLiquidity);
        return;
      }
    }
    if (c.tif === 'FOK' && this.fillable(c, isMarket, book) < c.quantity) {
      sink.rejected(orderId, accountId, RejectReason.cannotFillCompletely);
      return;
    }
    // The budget binds exactly when it fills less than the same walk without it would (two walks,
    // only for the rare order that asks: a Binance market buy of a quantity).
    if (c.refuseIfUnaffordable === true && refusesUnaffordable(c) && this.fillable(c, isMarket, book) < this.fillable(unbounded(c), isMarket, book)) {
      sink.rejected(orderId, accountId, RejectReason.insufficientBudget);
      return;
    }
    sink.accepted(orderId, accountId, side, isMarket ? 0 : limit, c.quantity);

    const marketBuy = isMarket && buy;
    const stp = c.stp;
    let remaining = c.quantity;
    let budget = c.quoteBudget ?? MAX;
    let takerCancel: CancelReasonCode | 0 = 0;
    const orders = this.orderRows.rows;
    const levels = this.levelRows.rows;
    const levelLinks = this.levelRows.links;
    // Matching only takes orders off the book, which never replaces these arrays.
    const slots = this.queues.slots;
    let level = book.best;
    while (remaining > 0 && level !== 0) {
      const price = levels[level * 8 + LEVEL_PRICE]!;
      if (!isMarket && (buy ? price > limit : price < limit)) break;
      // The head entry of a level with orders is never a tombstone (see LevelQueues).
      const maker = slots[levelLinks[level * 16 + LEVEL_BASE]! + (levelLinks[level * 16 + LEVEL_HEAD]! & levelLinks[level * 16 + LEVEL_MASK]!)]!;
      const makerRow = maker * 4;
      const makerAccount = orders[makerRow + ORDER_ACCOUNT]!;
      const makerRemaining = orders[makerRow + ORDER_REMAINING]!;
      if (makerAccount === accountId) {
        if (stp === 'cancelMaker' || stp === 'cancelBoth') {
          sink.cancelled(orders[makerRow + ORDER_ID]!, makerAccount, makerRemaining, CancelReason.selfTrade);
          this.remove(maker);
          level = book.best;
          if (stp === 'cancelMaker') continue;
        }
        takerCancel = CancelReason.selfTrade;
        break;
      }
      let qty = makerRemaining < remaining ? makerRemaining : remaining;
      if (marketBuy) {
        const affordable = Math.floor(budget / price);
        if (affordable < qty) qty = affordable;
        if (qty <= 0) {
          takerCancel = CancelReason.budget;
          break;
        }
        budget -= qty * price;
      }
      const makerLeft = makerRemaining - qty;
      remaining -= qty;
      sink.trade(orders[makerRow + ORDER_ID]!, makerAccount, orderId, accountId, side, price, qty, makerLeft === 0);
      if (makerLeft === 0) {
        this.remove(maker);
        level = book.best;
      } else {
        orders[makerRow + ORDER_REMAINING] = makerLeft;
        levels[level * 8 + LEVEL_QUANTITY] = levels[level * 8 + LEVEL_QUANTITY]! - qty;
      }
    }
    if (remaining === 0) return;
    if (takerCancel === 0 && !isMarket && (c.tif === 'GTC' || c.tif === 'POST_ONLY')) {
      this.rest(buy ? this.bids : this.asks, orderId, accountId, limit, remaining);
    } else {
      sink.cancelled(orderId, accountId, remaining, takerCancel === 0 ? CancelReason.unfilled : takerCancel);
    }
  }

  /** Puts an order at the back of its level (created if need be). */
  private rest(side: BookSide, orderId: number, accountId: number, price: number, remaining: number): void {
    const slot = this.orderRows.alloc();
    const level = side.levelAt(price);
    const seq = this.queues.push(level, slot);
    const orders = this.orderRows.rows;
    const orderLinks = this.orderRows.links;
    const levels = this.levelRows.rows;
    orders[slot * 4 + ORDER_ID] = orderId;
    orders[slot * 4 + ORDER_ACCOUNT] = accountId;
    orders[slot * 4 + ORDER_REMAINING] = remaining;
    orderLinks[slot * 8 + ORDER_LEVEL] = level;
    orderLinks[slot * 8 + ORDER_SEQ] = seq;
    levels[level * 8 + LEVEL_COUNT] = levels[level * 8 + LEVEL_COUNT]! + 1;
    levels[level * 8 + LEVEL_QUANTITY] = levels[level * 8 + LEVEL_QUANTITY]! + remaining;
    this.byId.add(orderId, slot);
    if (orderId > this.maxRestedId) this.maxRestedId = orderId;
  }

  /** Takes a resting order off the book (filled or cancelled) and recycles its slot. */
  private remove(slot: number): void {
    const orders = this.orderRows.rows;
    const orderLinks = this.orderRows.links;
    const levels = this.levelRows.rows;
    const level = orderLinks[slot * 8 + ORDER_LEVEL]!;
    levels[level * 8 + LEVEL_QUANTITY] = levels[level * 8 + LEVEL_QUANTITY]! - orders[slot * 4 + ORDER_REMAINING]!;
    const count = levels[level * 8 + LEVEL_COUNT]! - 1;
    levels[level * 8 + LEVEL_COUNT] = count;
    if (count === 0) (levels[level * 8 + LEVEL_SIGN] === 1 ? this.bids : this.asks).removeLevel(level);
    else this.queues.clear(level, orderLinks[slot * 8 + ORDER_SEQ]!);
    this.byId.delete(orders[slot * 4 + ORDER_ID]!, slot);
    this.orderRows.release(slot);
  }

  depth(levels: number): { bids: BookLevel[]; asks: BookLevel[] } {
    return { bids: this.aggregate(this.bids, levels), asks: this.aggregate(this.asks, levels) };
  }

  bestBid(): number | undefined {
    return this.bids.best === 0 ? undefined : this.levelRows.rows[this.bids.best * 8 + LEVEL_PRICE];
  }

  bestAsk(): number | undefined {
    return this.asks.best === 0 ? undefined : this.levelRows.rows[this.asks.best * 8 + LEVEL_PRICE];
  }

  orders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    this.collect(this.bids, 'buy', out);
    this.collect(this.asks, 'sell', out);
    return out;
  }

  stateHash(): string {
    return hashOrders(this.orders());
  }

  private aggregate(side: BookSide, count: number): BookLevel[] {
    const out: BookLevel[] = [];
    const ids = side.ids;
    const levels = this.levelRows.rows;
    // Same stopping rule as the reference (`out.length === count`), including for odd counts.
    for (let i = ids.length - 1; i >= 0 && out.length !== count; i--) {
      const level = ids[i]! * 8;
      out.push({ price: levels[level + LEVEL_PRICE]!, quantity: levels[level + LEVEL_QUANTITY]!, orders: levels[level + LEVEL_COUNT]! });
    }
    return out;
  }

  private collect(side: BookSide, name: Side, out: RestingOrder[]): void {
    const ids = side.ids;
    const levels = this.levelRows.rows;
    const levelLinks = this.levelRows.links;
    const orders = this.orderRows.rows;
    const slots = this.queues.slots;
    for (let i = ids.length - 1; i >= 0; i--) {
      const level = ids[i]!;
      const price = levels[level * 8 + LEVEL_PRICE]!;
      const base = levelLinks[level * 16 + LEVEL_BASE]!;
      const mask = levelLinks[level * 16 + LEVEL_MASK]!;
      const tail = levelLinks[level * 16 + LEVEL_TAIL]!;
      for (let seq = levelLinks[level * 16 + LEVEL_HEAD]!; seq !== tail; seq = (seq + 1) | 0) {
        const slot = slots[base + (seq & mask)]!;
        if (slot === 0) continue;
        out.push({ orderId: orders[slot * 4 + ORDER_ID]!, accountId: orders[slot * 4 + ORDER_ACCOUNT]!, side: name, price, remaining: orders[slot * 4 + ORDER_REMAINING]! });
      }
    }
  }
}
