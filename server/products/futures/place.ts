import { CLOSE_BOOK_LEVELS, isOpening, positionSideOf } from '../../../domain/futures/api.js';
import { fxText } from '../../../domain/fx.js';
import { FuturesOrderStatus as S, statusAfterFill } from '../../../domain/futures/orderStatus.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import { claim } from '../../kernel/idempotency.js';
import { refuse, type Outcome } from '../../kernel/outcome.js';
import type { Batch } from './batch.js';
import { PLACE_SCOPE, type PlaceRequest, type Placed } from './commands.js';
import { bookAll } from './engine/effects.js';
import { decidePlace, newOrder } from './engine/place.js';
import { isRefusal } from './engine/rules.js';
import type { FuturesExchange } from './exchange.js';
import { applyEvents } from './fills.js';
import { orderView, remainingOf } from './orderState.js';
import { fxToLots, fxToTicks } from './pairs.js';

/**
 * Places one order inside a batch, the I/O around the engine: claims the submission key, locks the
 * balance, lets the engine decide (engine/place.ts: checks, hold — or a refusal, which changes
 * nothing), names and holds the order, matches it in the pair's book and settles the fills
 * (fills.ts). A refusal frees the order's submission key, so a retry is a new submission; an
 * accepted order's answer is stored for the key with the batch (Batch.write).
 */
export async function placeOrder(ex: FuturesExchange, b: Batch, r: PlaceRequest, now: number): Promise<Outcome<Placed>> {
  const pair = ex.pairs.get(r.symbol);
  if (!pair) return refuse('futuresUnknownPair');
  const engine = ex.engines.get(r.symbol)!;
  // A halted contract (halts.ts) takes closes only: nobody is locked into a position.
  const halted = ex.halted.get(r.symbol);
  if (halted !== undefined && isOpening(r.action)) return refuse('futuresMarketHalted', { symbol: r.symbol, reason: halted });
  if (r.key) {
    const claimed = b.claims.get(r) ?? (await claim<unknown>(b.tx, r.userId, PLACE_SCOPE, r.key, now));
    if (!claimed.fresh) return { ok: true, data: claimed.response as never };
  }
  await b.books.lock([r.userId]);
  const pos = b.position(r.userId, r.symbol);
  const book = engine.depth(CLOSE_BOOK_LEVELS);
  const decision = decidePlace({
    pair, request: r, position: pos, available: b.books.available(r.userId), bids: book.bids, asks: book.asks,
    closable: () => ex.closable(b, pos),
    // One pass over the user's open orders on the pair: any opening the other way, and what opening ones hold.
    openingOrders: (want) => {
      let opposite = false;
      let pending = 0n;
      b.eachOpenOrder(r.userId, r.symbol, (o) => {
        if (!isOpening(o.action)) return;
        if (positionSideOf(o.action) === -want) opposite = true;
        pending += remainingOf(o);
      });
      return { opposite, pending };
    },
  });
  if (isRefusal(decision)) {
    if (r.key) b.forget(r.userId, r.key);
    return refuse(decision.refusal, decision.vars);
  }

  // Named now, written with the batch (one multi-row insert, Batch.write): a round trip an order less.
  const [id] = await ex.orderIds.take(1, b.tx);
  const { order, movements } = newOrder(decision, r, pos, id!, now);
  b.addOrder(order);
  bookAll(b.books, movements);

  const events: EngineEvent[] = [];
  engine.execute(
    { kind: 'place', orderId: order.id, accountId: r.userId, side: decision.side, type: 'limit', price: fxToTicks(pair, decision.enginePrice), quantity: fxToLots(pair, decision.quantity), tif: r.type === 'market' ? 'IOC' : 'GTC', stp: 'cancelTaker' },
    events,
  );
  await applyEvents(b, pair, ex.data.get(r.symbol)!, ex.accounts, events, now);
  if (order.status === S.entrusted || order.status === S.partiallyTraded) order.status = statusAfterFill(order.filled, order.quantity, true);
  const unfilled = r.type === 'market' && !decision.opening ? order.quantity - order.filled : 0n;
  if (unfilled > 0n) order.note = `unfilled:${fxText(unfilled)}`;
  if (!decision.opening && pos.side === 0) await ex.cancelPlansOfFlat(b, r.userId, r.symbol, now);
  const data = { order: orderView(order), unfilled: fxText(unfilled) };
  if (r.key) b.remember(r.userId, r.key, data);
  return { ok: true, data };
}
