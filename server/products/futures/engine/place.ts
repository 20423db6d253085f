import { bookSideOf, isOpening, positionSideOf, type FuturesAction } from '../../../../domain/futures/api.js';
import type { Fx } from '../../../../domain/fx.js';
import { FuturesOrderStatus as S } from '../../../../domain/futures/orderStatus.js';
import type { BookLevel } from '../../../kernel/exchange/matching/types.js';
import type { PlaceRequest } from '../commands.js';
import { remainingOf, type OrderState } from '../orderState.js';
import type { FuturesPair } from '../pairs.js';
import { ticksToFx } from '../pairs.js';
import type { Position } from '../positions.js';
import { change, type Movement, type Working } from './effects.js';
import { closableOf, closeRefusal, closeTerms, enginePriceOf, isRefusal, limitPrice, oneWayAction, openingHold, openPrice, orderQuantity, type Refusal } from './rules.js';

/** What an accepted order is: its action after one-way mode, its book side, quantity, prices and hold. */
export interface PlaceDecision {
  action: FuturesAction;
  side: 'buy' | 'sell';
  opening: boolean;
  quantity: Fx;
  limit: Fx | undefined;
  enginePrice: Fx;
  holdPrice: Fx | null;
  held: Fx;
  /** The taker rate the hold reserved the fee at (0 for a close: it holds nothing). */
  holdRate: Fx;
}

/** What deciding an order reads of the account and the book (the lazy parts only when needed). */
export interface PlaceInput {
  pair: FuturesPair;
  request: Omit<PlaceRequest, 'key'>;
  position: Position;
  available: Fx;
  /** The book's first 30 levels each side (ticks and lots). */
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
  /** What is closable of the position (its quantity minus what its close orders hold). */
  closable: () => Fx;
  /** The user's opening orders on the pair: whether one goes the other way, and what they still hold. */
  openingOrders: (positionSide: 1 | -1) => { opposite: boolean; pending: Fx };
  /** The user's own taker rate in the contract (what an opening order's fee is held at). */
  takerRate: Fx;
  /** The pair's mark price (undefined while none is published): how far from it an opening order may trade. */
  mark?: Fx;
}

/**
 * Whether an order may go into the book, and on what terms, in the order the refusals are checked:
 * one-way and reduce-only, quantity in lots, limit price in ticks, a market order's price (the 30th
 * level of the other side), then an opening order's hold (rules.ts openingHold) or a closing
 * order's closable quantity. A refusal names its message key.
 */
export function decidePlace(i: PlaceInput): PlaceDecision | Refusal {
  const r = i.request;
  const pos = i.position;
  const oneWay = oneWayAction(r.action, pos.side, r.reduceOnly);
  if (isRefusal(oneWay)) return oneWay;
  const { action, reduces } = oneWay;
  const side = bookSideOf(action);
  const opening = isOpening(action);
  const quantity = r.quantity === 'closable' ? i.closable() : orderQuantity(i.pair, r.quantity);
  if (isRefusal(quantity)) return quantity;
  const limit = limitPrice(i.pair, r.type, r.price);
  if (isRefusal(limit)) return limit;
  const enginePrice = enginePriceOf(i.pair, limit, side === 'buy' ? i.asks : i.bids);
  if (isRefusal(enginePrice)) return enginePrice;
  if (!opening) {
    const no = closeRefusal(pos.side, action, quantity, i.closable(), reduces);
    if (no) return no;
    // No further than what backs it (rules.ts closeTerms): the insurance fund pays no loss a user chose.
    const terms = closeTerms({ pair: i.pair, pos, quantity, type: r.type, enginePrice, available: i.available, liquidation: r.source === 'liquidation' });
    if (isRefusal(terms)) return terms;
    return { action, side, opening, quantity, limit, enginePrice: terms.enginePrice, holdPrice: null, held: terms.held, holdRate: 0n };
  }
  // Never where the part it opens starts bankrupt at the mark (rules.ts openBound): the fund would pay
  // that. The platform's makers quote their ladder from their own accounts and are left to it.
  const openAt = r.source === 'maker' ? enginePrice : openPrice({ pair: i.pair, side, type: r.type, enginePrice, leverage: pos.leverage, mark: i.mark });
  if (isRefusal(openAt)) return openAt;
  const want = positionSideOf(action) as 1 | -1;
  const { opposite, pending } = i.openingOrders(want);
  const bestBid = i.bids[0] ? ticksToFx(i.pair, i.bids[0].price) : 0n;
  const hold = openingHold({
    side, type: r.type, enginePrice: openAt, bestBid, position: pos.quantity, pending, quantity, oppositeOrders: opposite,
    leverage: pos.leverage, brackets: i.pair.brackets, available: i.available, feeRate: i.takerRate,
  });
  if (isRefusal(hold)) return hold;
  return { action, side, opening, quantity, limit, enginePrice: openAt, holdPrice: hold.holdPrice, held: hold.held, holdRate: i.takerRate };
}

/** The accepted order, named `id`, at the position's leverage and mode, with its hold moved from available to frozen. */
export function newOrder(d: PlaceDecision, r: Omit<PlaceRequest, 'key'>, position: Position, id: number, now: number): { order: OrderState; movements: Movement[] } {
  const order: OrderState = {
    id, userId: r.userId, symbol: r.symbol, action: d.action, type: r.type, price: d.limit ?? null, holdPrice: d.holdPrice, holdRate: d.holdRate, quantity: d.quantity,
    filled: 0n, filledValue: 0n, leverage: position.leverage, mode: position.mode, held: d.held, fee: 0n, profit: 0n, status: S.entrusted,
    storedStatus: S.entrusted, source: r.source, triggerPrice: r.triggerPrice ?? null, note: null, createdMs: now, updatedMs: now, isNew: true, unwritten: true,
  };
  return { order, movements: [change(r.userId, -d.held, d.held, 'futures_order_hold', 'futures_order', id)] };
}

// The place stages over a Working state (effects.ts): the server's batch and the scenario tables' draft run these.

/** What is closable of a position: its quantity minus what its open close orders still hold. */
export function closable(w: Working, p: Position): Fx {
  if (p.side === 0) return 0n;
  let held = 0n;
  w.eachOpenOrder(p.userId, p.symbol, (o) => {
    if (!isOpening(o.action)) held += remainingOf(o);
  });
  return closableOf(p, held);
}

/** decide: whether an order goes into the book and on what terms (decidePlace), or its refusal; `takerRate`: the user's own. */
export function decide(w: Working, pair: FuturesPair, request: Omit<PlaceRequest, 'key'>, bids: readonly BookLevel[], asks: readonly BookLevel[], takerRate: Fx, mark?: Fx): PlaceDecision | Refusal {
  const position = w.position(request.userId, request.symbol);
  return decidePlace({
    pair, request, position, available: w.available(request.userId), bids, asks, takerRate, mark,
    closable: () => closable(w, position),
    // One pass over the user's open orders on the pair: any opening the other way, and what opening ones hold.
    openingOrders: (want) => {
      let opposite = false;
      let pending = 0n;
      w.eachOpenOrder(request.userId, request.symbol, (o) => {
        if (!isOpening(o.action)) return;
        if (positionSideOf(o.action) === -want) opposite = true;
        pending += remainingOf(o);
      });
      return { opposite, pending };
    },
  });
}

/** hold: the accepted order, named `id`, with its hold moved from available to frozen. */
export function hold(w: Working, decision: PlaceDecision, request: Omit<PlaceRequest, 'key'>, id: number, now: number): OrderState {
  const { order, movements } = newOrder(decision, request, w.position(request.userId, request.symbol), id, now);
  w.putOrder(order);
  w.book(movements);
  return order;
}
