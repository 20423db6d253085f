import { bookSideOf, CLOSE_BOOK_LEVELS, isOpening, positionSideOf } from '../../../domain/futures/api.js';
import { fxText, type Fx } from '../../../domain/futures/fixed.js';
import { FuturesOrderStatus as S, statusAfterFill } from '../../../domain/futures/orderStatus.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import { claim } from '../../kernel/idempotency.js';
import { refuse, type Outcome } from '../../kernel/outcome.js';
import type { Batch } from './batch.js';
import { PLACE_SCOPE, type PlaceRequest, type Placed } from './commands.js';
import type { FuturesExchange } from './exchange.js';
import { applyEvents } from './fills.js';
import { orderView, remainingOf, type OrderState } from './orderState.js';
import { fxToLots, fxToTicks, ticksToFx } from './pairs.js';
import { closeRefusal, enginePriceOf, isRefusal, limitPrice, oneWayAction, openingHold, orderQuantity, type Refusal } from './rules.js';

/**
 * Places one order inside a batch: checks (rules.ts), holds, records, matches, settles — or
 * refuses and changes nothing. A refusal frees the order's submission key, so a retry is a new
 * submission; an accepted order's answer is stored for the key with the batch (Batch.write).
 */
export async function placeOrder(ex: FuturesExchange, b: Batch, r: PlaceRequest, now: number): Promise<Outcome<Placed>> {
  const pair = ex.pairs.get(r.symbol);
  if (!pair) return refuse('futuresUnknownPair');
  const engine = ex.engines.get(r.symbol)!;
  if (r.key) {
    const claimed = b.claims.get(r) ?? (await claim<unknown>(b.tx, r.userId, PLACE_SCOPE, r.key, now));
    if (!claimed.fresh) return { ok: true, data: claimed.response as never };
  }
  const refused = (no: Refusal) => {
    if (r.key) b.forget(r.userId, r.key);
    return refuse(no.refusal, no.vars);
  };
  await b.books.lock([r.userId]);
  const pos = b.position(r.userId, r.symbol);
  const oneWay = oneWayAction(r.action, pos.side, r.reduceOnly);
  if (isRefusal(oneWay)) return refused(oneWay);
  const { action, reduces } = oneWay;
  const side = bookSideOf(action);
  const opening = isOpening(action);

  const quantity = r.quantity === 'closable' ? ex.closable(b, pos) : orderQuantity(pair, r.quantity);
  if (isRefusal(quantity)) return refused(quantity);
  const limit = limitPrice(pair, r.type, r.price);
  if (isRefusal(limit)) return refused(limit);

  const book = engine.depth(CLOSE_BOOK_LEVELS);
  const enginePrice = enginePriceOf(pair, limit, side === 'buy' ? book.asks : book.bids);
  if (isRefusal(enginePrice)) return refused(enginePrice);

  let holdPrice: Fx | null = null;
  let held = 0n;
  if (opening) {
    const want = positionSideOf(action);
    // One pass over the user's open orders on the pair: any opening the other way, and what opening ones hold.
    let oppositeOrders = false;
    let pending = 0n;
    b.eachOpenOrder(r.userId, r.symbol, (o) => {
      if (!isOpening(o.action)) return;
      if (positionSideOf(o.action) === -want) oppositeOrders = true;
      pending += remainingOf(o);
    });
    const bestBid = book.bids[0] ? ticksToFx(pair, book.bids[0].price) : 0n;
    const hold = openingHold({
      side, type: r.type, enginePrice, bestBid, position: pos.quantity, pending, quantity, oppositeOrders,
      leverage: pos.leverage, brackets: pair.brackets, available: b.books.available(r.userId),
    });
    if (isRefusal(hold)) return refused(hold);
    ({ holdPrice, held } = hold);
  } else {
    const no = closeRefusal(pos.side, action, quantity, ex.closable(b, pos), reduces);
    if (no) return refused(no);
  }

  // Named now, written with the batch (one multi-row insert, Batch.write): a round trip an order less.
  const [id] = await ex.orderIds.take(1, b.tx);
  const order: OrderState = {
    id: id!, userId: r.userId, symbol: r.symbol, action, type: r.type, price: limit ?? null, holdPrice, quantity, filled: 0n, filledValue: 0n,
    leverage: pos.leverage, mode: pos.mode, held, fee: 0n, profit: 0n, status: S.entrusted, storedStatus: S.entrusted, source: r.source,
    triggerPrice: r.triggerPrice ?? null, note: null, createdMs: now, updatedMs: now, isNew: true, unwritten: true,
  };
  b.addOrder(order);
  b.books.change(r.userId, -held, held, 'futures_order_hold', 'futures_order', order.id);

  const events: EngineEvent[] = [];
  engine.execute(
    { kind: 'place', orderId: order.id, accountId: r.userId, side, type: 'limit', price: fxToTicks(pair, enginePrice), quantity: fxToLots(pair, quantity), tif: r.type === 'market' ? 'IOC' : 'GTC', stp: 'cancelTaker' },
    events,
  );
  await applyEvents(b, pair, ex.data.get(r.symbol)!, ex.accounts, events, now);
  if (order.status === S.entrusted || order.status === S.partiallyTraded) order.status = statusAfterFill(order.filled, order.quantity, true);
  const unfilled = r.type === 'market' && !opening ? order.quantity - order.filled : 0n;
  if (unfilled > 0n) order.note = `unfilled:${fxText(unfilled)}`;
  if (!opening && pos.side === 0) await ex.cancelPlansOfFlat(b, r.userId, r.symbol, now);
  const data = { order: orderView(order), unfilled: fxText(unfilled) };
  if (r.key) b.remember(r.userId, r.key, data);
  return { ok: true, data };
}
