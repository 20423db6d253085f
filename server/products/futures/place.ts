import { CLOSE_BOOK_LEVELS, isOpening } from '../../../domain/futures/api.js';
import { fxText } from '../../../domain/fx.js';
import { FuturesOrderStatus as S, statusAfterFill } from '../../../domain/futures/orderStatus.js';
import type { EngineEvent, OrderBookEngine } from '../../kernel/exchange/matching/types.js';
import { claim } from '../../kernel/platform/idempotency.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import type { Batch } from './batch.js';
import { PLACE_SCOPE, type PlaceRequest, type Placed } from './commands.js';
import { decide, hold } from './engine/engine.js';
import type { PlaceDecision } from './engine/place.js';
import { isRefusal, type Refusal } from './engine/rules.js';
import { applyEvents, holdRateOf } from './fills.js';
import type { FuturesMemory } from './memory.js';
import { orderView } from './orderState.js';
import { fxToLots, fxToTicks, type FuturesPair } from './pairs.js';
import { cancelPlansOfFlat } from './store.js';

/**
 * One order through its stages inside a batch (runner.ts claimed its key and locked its balance
 * with the batch's others: prepare): decide (engine, pure: checks and hold — or a refusal, which
 * changes nothing) → name (an id) and hold (engine, pure) → match (the pair's book) → settle
 * (fills.ts: the engine's fills over the book's events). A refusal frees the order's submission
 * key, so a retry is a new submission; an accepted order's answer is stored for the key with the
 * batch (Batch.write).
 */
export async function placeOrder(m: FuturesMemory, b: Batch, r: PlaceRequest, now: number): Promise<Outcome<Placed>> {
  const admitted = admit(m, r);
  if (!admitted.ok) return admitted;
  const { pair, book } = admitted.data;
  // prepare: what the batch did not (an order placed by another command: a liquidation, a plan).
  if (r.key) {
    const claimed = b.claims.get(r) ?? (await claim<unknown>(b.tx, r.userId, PLACE_SCOPE, r.key, now));
    // The key of an earlier order with another body: no repeat of it (the key stays the first's).
    if (!claimed.fresh) return claimed.otherBody ? refuse('idempotencyKeyReused') : { ok: true, data: claimed.response as never };
  }
  const decision = await decideIn(m, b, r, pair, book, now);
  if (isRefusal(decision)) {
    if (r.key) b.forget(r.userId, r.key);
    return refuse(decision.refusal, decision.vars);
  }
  // The working copy decide read (a batch's copies are changed in place, never replaced).
  const pos = b.position(r.userId, r.symbol);
  // Named now, written with the batch (one multi-row insert, Batch.write): a round trip an order less.
  const [id] = await m.orderIds.take(1, b.tx);
  const order = hold(b, decision, r, id!, now);

  // match
  const events: EngineEvent[] = [];
  book.execute(
    { kind: 'place', orderId: order.id, accountId: r.userId, side: decision.side, type: 'limit', price: fxToTicks(pair, decision.enginePrice), quantity: fxToLots(pair, decision.quantity), tif: r.type === 'market' ? 'IOC' : 'GTC', stp: 'cancelTaker' },
    events,
  );

  // settle
  await applyEvents(b, pair, m.data.get(r.symbol)!, m.accounts, events, now);
  if (order.status === S.entrusted || order.status === S.partiallyTraded) order.status = statusAfterFill(order.filled, order.quantity, true);
  const unfilled = r.type === 'market' && !decision.opening ? order.quantity - order.filled : 0n;
  if (unfilled > 0n) order.note = `unfilled:${fxText(unfilled)}`;
  if (!decision.opening && pos.side === 0) await cancelPlansOfFlat(m.plans, b, r.userId, r.symbol, now);
  const data = { order: orderView(order), unfilled: fxText(unfilled) };
  if (r.key) b.remember(r.userId, r.key, data);
  return { ok: true, data };
}

/**
 * Whether an order would be placed, by placeOrder's own checks, placing nothing: no key claimed,
 * no id taken, nothing held or matched (the Binance dialect's order/test). Its answer is the
 * refusal placeOrder would give, or ok (`null`).
 */
export async function checkOrder(m: FuturesMemory, b: Batch, r: PlaceRequest, now: number): Promise<Outcome<null>> {
  const admitted = admit(m, r);
  if (!admitted.ok) return admitted;
  const decision = await decideIn(m, b, r, admitted.data.pair, admitted.data.book, now);
  return isRefusal(decision) ? refuse(decision.refusal, decision.vars) : { ok: true, data: null };
}

/** The contract an order names, open to it: a halted one (halts.ts) takes closes only, so nobody is locked into a position. */
function admit(m: FuturesMemory, r: PlaceRequest): Outcome<{ pair: FuturesPair; book: OrderBookEngine }> {
  const pair = m.pairs.get(r.symbol);
  if (!pair) return refuse('futuresUnknownPair');
  const halted = m.halted.get(r.symbol);
  if (halted !== undefined && isOpening(r.action)) return refuse('futuresMarketHalted', { symbol: r.symbol, reason: halted });
  return { ok: true, data: { pair, book: m.engines.get(r.symbol)! } };
}

/** decide (engine, pure) over the user's balance, locked: an opening order holds its fee at the user's own taker rate (issue 52 §2); a close holds nothing. */
async function decideIn(m: FuturesMemory, b: Batch, r: PlaceRequest, pair: FuturesPair, book: OrderBookEngine, now: number): Promise<PlaceDecision | Refusal> {
  await b.books.lock([r.userId]);
  const takerRate = isOpening(r.action) ? await holdRateOf(m.accounts, b.tx, r.symbol, r.userId, now) : 0n;
  const depth = book.depth(CLOSE_BOOK_LEVELS);
  return decide(b, pair, r, depth.bids, depth.asks, takerRate, m.marks.get(r.symbol)?.mark);
}
