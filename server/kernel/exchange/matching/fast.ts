import { append, BookSide, OrderNode, unlink } from './fast/book.js';
import { IdIndex } from './fast/idIndex.js';
import { crosses, validatePlace } from './rules.js';
import { hashOrders } from './stateHash.js';
import {
  CancelReason,
  RejectReason,
  type BookLevel,
  type CancelReason as CancelReasonCode,
  type Command,
  type EngineEvent,
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
  private readonly bids = new BookSide('buy', 1);
  private readonly asks = new BookSide('sell', -1);
  /** Every resting order by id: O(1) cancel and duplicate check. */
  private readonly byId = new IdIndex();
  /** Recycled order nodes, linked through `next`. */
  private freeNodes: OrderNode | null = null;

  execute(command: Command, out: EngineEvent[]): void {
    if (command.kind === 'cancel') this.cancel(command.orderId, command.accountId, out);
    else this.place(command, out);
  }

  private cancel(orderId: number, accountId: number, out: EngineEvent[]): void {
    const node = this.byId.get(orderId);
    if (node === undefined) {
      out.push({ type: 'rejected', orderId, accountId, reason: RejectReason.unknownOrder });
      return;
    }
    if (node.accountId !== accountId) {
      out.push({ type: 'rejected', orderId, accountId, reason: RejectReason.notOwner });
      return;
    }
    const remaining = node.remaining;
    this.remove(node.side === 'buy' ? this.bids : this.asks, node);
    out.push({ type: 'cancelled', orderId, accountId, remaining, reason: CancelReason.user });
  }

  /** What a FOK order could fill right now, honouring its limit, budget and self-trade rule. */
  private fillable(c: PlaceCommand, limit: number | undefined, book: BookSide): number {
    const marketBuy = c.side === 'buy' && c.type === 'market';
    const skipOwn = c.stp === 'cancelMaker';
    const levels = book.levels;
    let filled = 0;
    let budget = c.quoteBudget ?? MAX;
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i]!;
      const price = level.price;
      if (!crosses(c.side, limit, price)) break;
      for (let maker = level.head; maker !== null; maker = maker.next) {
        if (filled >= c.quantity) return filled;
        if (maker.accountId === c.accountId) {
          if (skipOwn) continue;
          return filled;
        }
        let qty = c.quantity - filled;
        if (maker.remaining < qty) qty = maker.remaining;
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

  private place(c: PlaceCommand, out: EngineEvent[]): void {
    const orderId = c.orderId;
    const accountId = c.accountId;
    const invalid = validatePlace(c);
    if (invalid !== undefined) {
      out.push({ type: 'rejected', orderId, accountId, reason: invalid });
      return;
    }
    if (this.byId.get(orderId) !== undefined) {
      out.push({ type: 'rejected', orderId, accountId, reason: RejectReason.duplicateOrderId });
      return;
    }
    const side: Side = c.side;
    const isMarket = c.type === 'market';
    const limit = isMarket ? undefined : c.price;
    const book = side === 'buy' ? this.asks : this.bids;
    if (c.tif === 'POST_ONLY' && book.best !== null && crosses(side, limit, book.best.price)) {
      out.push({ type: 'rejected', orderId, accountId, reason: RejectReason.wouldTakeLiquidity });
      return;
    }
    if (c.tif === 'FOK' && this.fillable(c, limit, book) < c.quantity) {
      out.push({ type: 'rejected', orderId, accountId, reason: RejectReason.cannotFillCompletely });
      return;
    }
    out.push({ type: 'accepted', orderId, accountId, side, price: isMarket ? 0 : c.price, quantity: c.quantity });

    const marketBuy = isMarket && side === 'buy';
    const stp = c.stp;
    let remaining = c.quantity;
    let budget = c.quoteBudget ?? MAX;
    let takerCancel: CancelReasonCode | 0 = 0;
    let level = book.best;
    while (remaining > 0 && level !== null && crosses(side, limit, level.price)) {
      const maker = level.head!;
      if (maker.accountId === accountId) {
        if (stp === 'cancelMaker' || stp === 'cancelBoth') {
          out.push({ type: 'cancelled', orderId: maker.orderId, accountId: maker.accountId, remaining: maker.remaining, reason: CancelReason.selfTrade });
          this.remove(book, maker);
          level = book.best;
          if (stp === 'cancelMaker') continue;
        }
        takerCancel = CancelReason.selfTrade;
        break;
      }
      const price = level.price;
      let qty = maker.remaining < remaining ? maker.remaining : remaining;
      if (marketBuy) {
        const affordable = Math.floor(budget / price);
        if (affordable < qty) qty = affordable;
        if (qty <= 0) {
          takerCancel = CancelReason.budget;
          break;
        }
        budget -= qty * price;
      }
      const makerLeft = maker.remaining - qty;
      remaining -= qty;
      out.push({
        type: 'trade',
        makerOrderId: maker.orderId,
        makerAccountId: maker.accountId,
        takerOrderId: orderId,
        takerAccountId: accountId,
        takerSide: side,
        price,
        quantity: qty,
        makerDone: makerLeft === 0,
      });
      if (makerLeft === 0) {
        this.remove(book, maker);
        level = book.best;
      } else {
        maker.remaining = makerLeft;
        level.quantity -= qty;
      }
    }
    if (remaining === 0) return;
    if (takerCancel === 0 && !isMarket && (c.tif === 'GTC' || c.tif === 'POST_ONLY')) {
      this.rest(side === 'buy' ? this.bids : this.asks, c, remaining);
    } else {
      out.push({ type: 'cancelled', orderId, accountId, remaining, reason: takerCancel === 0 ? CancelReason.unfilled : takerCancel });
    }
  }

  private rest(side: BookSide, c: PlaceCommand, remaining: number): void {
    let node = this.freeNodes;
    if (node === null) node = new OrderNode();
    else this.freeNodes = node.next;
    node.orderId = c.orderId;
    node.accountId = c.accountId;
    node.side = side.side;
    node.price = c.price;
    node.remaining = remaining;
    append(side.levelAt(c.price), node);
    // The reference finds ids with `===`, which never matches NaN: such an order rests but can
    // be neither found nor cancelled. The index compares with `===` too, so it could never find
    // (or free) a NaN entry either: leave it out.
    if (c.orderId === c.orderId) this.byId.add(c.orderId, node);
  }

  /** Takes a resting order off the book (filled or cancelled) and recycles its node. */
  private remove(side: BookSide, node: OrderNode): void {
    const level = node.level!;
    unlink(level, node);
    if (level.count === 0) side.removeLevel(level);
    this.byId.delete(node.orderId);
    node.next = this.freeNodes;
    this.freeNodes = node;
  }

  depth(levels: number): { bids: BookLevel[]; asks: BookLevel[] } {
    return { bids: aggregate(this.bids, levels), asks: aggregate(this.asks, levels) };
  }

  bestBid(): number | undefined {
    const best = this.bids.best;
    return best === null ? undefined : best.price;
  }

  bestAsk(): number | undefined {
    const best = this.asks.best;
    return best === null ? undefined : best.price;
  }

  orders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    collect(this.bids, out);
    collect(this.asks, out);
    return out;
  }

  stateHash(): string {
    return hashOrders(this.orders());
  }
}

function aggregate(side: BookSide, count: number): BookLevel[] {
  const out: BookLevel[] = [];
  const levels = side.levels;
  // Same stopping rule as the reference (`out.length === count`), including for odd counts.
  for (let i = levels.length - 1; i >= 0 && out.length !== count; i--) {
    const level = levels[i]!;
    out.push({ price: level.price, quantity: level.quantity, orders: level.count });
  }
  return out;
}

function collect(side: BookSide, out: RestingOrder[]): void {
  const levels = side.levels;
  for (let i = levels.length - 1; i >= 0; i--) {
    for (let node = levels[i]!.head; node !== null; node = node.next) {
      out.push({ orderId: node.orderId, accountId: node.accountId, side: node.side, price: node.price, remaining: node.remaining });
    }
  }
}
