import { EventList } from './events.js';
import { hashOrders } from './stateHash.js';
import { crosses, refusesUnaffordable, unbounded, validatePlace } from './rules.js';
import {
  CancelReason,
  RejectReason,
  type BookLevel,
  type Command,
  type EngineEvent,
  type EventSink,
  type OrderBookEngine,
  type PlaceCommand,
  type RestingOrder,
} from './types.js';

/**
 * The reference engine: two plain arrays kept in priority order, linear scans everywhere. Slow on
 * purpose — it is the readable statement of the rules the fast engine must match exactly.
 */
export class ReferenceEngine implements OrderBookEngine {
  /** Highest price first, then oldest first. */
  private bids: RestingOrder[] = [];
  /** Lowest price first, then oldest first. */
  private asks: RestingOrder[] = [];

  execute(command: Command, out: EngineEvent[]): void {
    this.apply(command, new EventList(out));
  }

  apply(command: Command, sink: EventSink): void {
    if (command.kind === 'cancel') this.cancel(command.orderId, command.accountId, sink);
    else this.place(command, sink);
  }

  private find(orderId: number): { list: RestingOrder[]; index: number } | undefined {
    for (const list of [this.bids, this.asks]) {
      const index = list.findIndex((o) => o.orderId === orderId);
      if (index >= 0) return { list, index };
    }
    return undefined;
  }

  ownerOf(orderId: number): number | undefined {
    const found = this.find(orderId);
    return found && found.list[found.index]!.accountId;
  }

  resting(orderId: number): RestingOrder | undefined {
    const found = this.find(orderId);
    return found && { ...found.list[found.index]! };
  }

  private cancel(orderId: number, accountId: number, sink: EventSink): void {
    const found = this.find(orderId);
    if (!found) return void sink.rejected(orderId, accountId, RejectReason.unknownOrder);
    const order = found.list[found.index]!;
    if (order.accountId !== accountId) return void sink.rejected(orderId, accountId, RejectReason.notOwner);
    found.list.splice(found.index, 1);
    sink.cancelled(orderId, accountId, order.remaining, CancelReason.user);
  }

  /** What a FOK order could fill right now, honouring its limit, budget and self-trade rule. */
  private fillable(c: PlaceCommand, limit: number | undefined): number {
    const book = c.side === 'buy' ? this.asks : this.bids;
    let filled = 0;
    let budget = c.quoteBudget ?? Number.MAX_SAFE_INTEGER;
    for (const maker of book) {
      if (!crosses(c.side, limit, maker.price) || filled >= c.quantity) break;
      if (maker.accountId === c.accountId) {
        if (c.stp === 'cancelMaker') continue;
        break;
      }
      let qty = Math.min(c.quantity - filled, maker.remaining);
      if (c.side === 'buy' && c.type === 'market') qty = Math.min(qty, Math.floor(budget / maker.price));
      if (qty <= 0) break;
      filled += qty;
      budget -= qty * maker.price;
    }
    return filled;
  }

  private place(c: PlaceCommand, sink: EventSink): void {
    const invalid = validatePlace(c);
    if (invalid) return void sink.rejected(c.orderId, c.accountId, invalid);
    if (this.find(c.orderId)) {
      return void sink.rejected(c.orderId, c.accountId, RejectReason.duplicateOrderId);
    }
    const limit = c.type === 'limit' ? c.price : undefined;
    const book = c.side === 'buy' ? this.asks : this.bids;
    if (c.tif === 'POST_ONLY' && book[0] && crosses(c.side, limit, book[0].price)) {
      return void sink.rejected(c.orderId, c.accountId, RejectReason.wouldTakeLiquidity);
    }
    if (c.tif === 'FOK' && this.fillable(c, limit) < c.quantity) {
      return void sink.rejected(c.orderId, c.accountId, RejectReason.cannotFillCompletely);
    }
    // The budget binds exactly when it fills less than the same walk without it would.
    if (refusesUnaffordable(c) && this.fillable(c, limit) < this.fillable(unbounded(c), limit)) {
      return void sink.rejected(c.orderId, c.accountId, RejectReason.insufficientBudget);
    }
    sink.accepted(c.orderId, c.accountId, c.side, limit ?? 0, c.quantity);

    let remaining = c.quantity;
    let budget = c.quoteBudget ?? Number.MAX_SAFE_INTEGER;
    let takerCancel: CancelReason | undefined;
    while (remaining > 0 && book[0] && crosses(c.side, limit, book[0].price)) {
      const maker = book[0];
      if (maker.accountId === c.accountId) {
        if (c.stp === 'cancelMaker' || c.stp === 'cancelBoth') {
          book.shift();
          sink.cancelled(maker.orderId, maker.accountId, maker.remaining, CancelReason.selfTrade);
        }
        if (c.stp === 'cancelMaker') continue;
        takerCancel = CancelReason.selfTrade;
        break;
      }
      let qty = Math.min(remaining, maker.remaining);
      if (c.side === 'buy' && c.type === 'market') qty = Math.min(qty, Math.floor(budget / maker.price));
      if (qty <= 0) {
        takerCancel = CancelReason.budget;
        break;
      }
      maker.remaining -= qty;
      remaining -= qty;
      budget -= qty * maker.price;
      sink.trade(maker.orderId, maker.accountId, c.orderId, c.accountId, c.side, maker.price, qty, maker.remaining === 0);
      if (maker.remaining === 0) book.shift();
    }
    if (remaining === 0) return;
    const rests = takerCancel === undefined && c.type === 'limit' && (c.tif === 'GTC' || c.tif === 'POST_ONLY');
    if (rests) {
      this.rest({ orderId: c.orderId, accountId: c.accountId, side: c.side, price: c.price, remaining });
    } else {
      sink.cancelled(c.orderId, c.accountId, remaining, takerCancel ?? CancelReason.unfilled);
    }
  }

  private rest(order: RestingOrder): void {
    const list = order.side === 'buy' ? this.bids : this.asks;
    const behind = (o: RestingOrder) => (order.side === 'buy' ? o.price < order.price : o.price > order.price);
    const at = list.findIndex(behind);
    if (at < 0) list.push(order);
    else list.splice(at, 0, order);
  }

  depth(levels: number): { bids: BookLevel[]; asks: BookLevel[] } {
    const aggregate = (list: RestingOrder[]) => {
      const out: BookLevel[] = [];
      for (const o of list) {
        const last = out.at(-1);
        if (last && last.price === o.price) {
          last.quantity += o.remaining;
          last.orders += 1;
        } else {
          if (out.length === levels) break;
          out.push({ price: o.price, quantity: o.remaining, orders: 1 });
        }
      }
      return out;
    };
    return { bids: aggregate(this.bids), asks: aggregate(this.asks) };
  }

  bestBid(): number | undefined {
    return this.bids[0]?.price;
  }

  bestAsk(): number | undefined {
    return this.asks[0]?.price;
  }

  orders(): RestingOrder[] {
    return [...this.bids, ...this.asks].map((o) => ({ ...o }));
  }

  stateHash(): string {
    return hashOrders(this.orders());
  }
}
