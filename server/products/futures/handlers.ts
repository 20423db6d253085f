import { CLOSE_BOOK_LEVELS, type MarginAdjustment, type MarginMode } from '../../../domain/futures/api.js';
import { fxText } from '../../../domain/fx.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import { bookCloseDeficit, deleverage } from './adl.js';
import type { Batch } from './batch.js';
import type { OrderView } from './commands.js';
import { applyEvents } from './fills.js';
import { liquidationCheck } from './margin.js';
import type { FuturesMemory } from './memory.js';
import { orderView, remainingOf } from './orderState.js';
import { ticksToFx } from './pairs.js';
import { tell } from './notices.js';
import { placeOrder } from './place.js';
import { planFires } from './plans.js';
import { flatPosition, positionKey } from './positions.js';
import { changeLeverage, changeMargin, closable, settleEnd, unbackedCloses } from './engine/engine.js';
import { isRefusal, liquidationTargets, mustDeleverage, planOrder } from './engine/rules.js';
import { claimPlan, endPlan, planPlaced } from './store.js';

/*
 * The commands other than placing an order (place.ts), each carried out inside a batch (runner.ts),
 * between the batch's prepare and its write. The engine decides and settles
 * (engine/engine.ts), the plan statements are in store.ts; these gather the batch's data for it.
 */

export async function cancelOrder(m: FuturesMemory, b: Batch, userId: number, orderId: number, now: number): Promise<Outcome<{ order: OrderView }>> {
  // Checked on a peek: a working copy is written back, so a refused cancel (another user's order) would rewrite its row.
  const seen = b.peekOrder(orderId);
  if (!seen || seen.userId !== userId || seen.status === S.allTraded || seen.status === S.cancelled || seen.status === S.invalid) return refuse('futuresUnknownOrder');
  const o = b.order(orderId)!;
  await b.books.lock([userId]);
  const events: EngineEvent[] = [];
  m.engines.get(o.symbol)!.execute({ kind: 'cancel', orderId, accountId: userId }, events);
  // No cancel from the engine: the book no longer holds it, so it ends here and gives back what it holds.
  if (!events.some((e) => e.type === 'cancelled')) settleEnd(b, o, S.cancelled, now);
  else await applyEvents(b, m.pairs.get(o.symbol)!, m.data.get(o.symbol)!, m.accounts, events, now);
  return { ok: true, data: { order: orderView(o) } };
}

/**
 * After a position's margin fell (funding.ts): its resting closes that nothing backs any more
 * (engine/account.ts unbackedCloses) are cancelled, in the batch, and their owner told why.
 */
export async function cancelUnbackedCloses(m: FuturesMemory, b: Batch, userId: number, symbol: string, now: number): Promise<void> {
  for (const o of unbackedCloses(b, userId, symbol)) {
    await cancelOrder(m, b, userId, o.id, now);
    await tell(b, userId, { kind: 'futures_close_unbacked', params: { symbol: symbol.replace('_', '/'), price: fxText(o.price!), quantity: fxText(remainingOf(o)) } });
  }
}

export function setLeverage(m: FuturesMemory, b: Batch, userId: number, symbol: string, leverage: number, mode: MarginMode, now: number): Outcome<{ leverage: number; margin_mode: MarginMode }> {
  const pair = m.pairs.get(symbol);
  if (!pair) return refuse('futuresUnknownPair');
  // As the batch holds it before this call (a position never set has the default).
  const before = (b.peekPosition(userId, symbol) ?? flatPosition(userId, symbol)).leverage;
  const no = changeLeverage(b, pair, userId, symbol, leverage, mode);
  if (no) return refuse(no.refusal, no.vars);
  // Written even when it is the default (a flat position's settings are set on purpose).
  b.touchedPositions.add(positionKey(userId, symbol));
  // Told only when it changed: the same leverage again, or a margin mode change alone, is no new config (as Binance's ACCOUNT_CONFIG_UPDATE).
  if (before !== leverage) b.leverageChanges.push({ userId, symbol, leverage, time: now });
  return { ok: true, data: { leverage, margin_mode: mode } };
}

export function adjustMargin(m: FuturesMemory, b: Batch, userId: number, symbol: string, type: MarginAdjustment, amount: string): Outcome<{ margin: string }> {
  const pair = m.pairs.get(symbol);
  if (!pair) return refuse('futuresUnknownPair');
  const pos = changeMargin(b, pair, m.accounts, m.marks.get(symbol)?.mark, userId, symbol, type, amount);
  if (isRefusal(pos)) return refuse(pos.refusal, pos.vars);
  return { ok: true, data: { margin: fxText(pos.margin) } };
}

/**
 * The liquidation of one account's position (isolated) or all its cross positions, if the mark
 * price says so: the account's open orders on the pair (cross: everywhere) are cancelled, then
 * each position is closed into the book by a liquidation order (market, ≤ 30 levels); what the
 * book could not take stays open and is tried again at the next mark update. A close whose
 * deficit neither the account (cross) nor the insurance fund could pay is auto-deleveraged
 * instead (adl.ts).
 */
export async function liquidate(m: FuturesMemory, b: Batch, userId: number, symbol: string, now: number): Promise<boolean> {
  await b.books.lock([userId]);
  const pos = b.peekPosition(userId, symbol);
  if (!pos || pos.side === 0) return false;
  m.stats.liquidationChecks += 1;
  const check = liquidationCheck(m, b, pos);
  if (!check.liquidate) return false;
  const targets = liquidationTargets(pos, b.positionsOf(userId));
  const symbols = new Set(targets.map((p) => p.symbol));
  for (const o of b.openOrdersOf(userId)) if (pos.mode === 'cross' || symbols.has(o.symbol)) await cancelOrder(m, b, userId, o.id, now);
  for (const p of targets) {
    const before = p.quantity;
    if (mustDeleverage(bookCloseDeficit(m, p, closable(b, p)), p.mode, b.books.available(m.accounts.insurance), b.books.available(userId))) {
      await deleverage(m, b, p, now);
    } else {
      const book = m.engines.get(p.symbol)!.depth(CLOSE_BOOK_LEVELS);
      if ((p.side === 1 ? book.bids : book.asks).length === 0) continue;
      await placeOrder(m, b, { userId, symbol: p.symbol, action: p.side === 1 ? 'close_long' : 'close_short', type: 'market', quantity: 'closable', source: 'liquidation' }, now);
    }
    await noticeLiquidated(b, userId, p.symbol, before);
  }
  m.stats.liquidations += 1;
  return true;
}

/**
 * Its owner hears what a liquidation closed of a position, in the batch's transaction: one notice
 * per call that closed some (what the book could not take is tried again at the next mark, and
 * told then).
 */
async function noticeLiquidated(b: Batch, userId: number, symbol: string, before: bigint): Promise<void> {
  const closed = before - (b.peekPosition(userId, symbol)?.quantity ?? 0n);
  if (closed <= 0n) return;
  await tell(b, userId, { kind: 'futures_liquidated', params: { symbol: symbol.replace('_', '/'), quantity: fxText(closed) } });
}

/** Fires a waiting plan if its trigger still holds: a close order for the plan's quantity (at most what is closable); the other plan of the pair ends with it. */
export async function firePlan(m: FuturesMemory, b: Batch, planId: number, now: number): Promise<boolean> {
  const plan = m.plans.get(planId);
  if (!plan || b.endedPlans.has(planId)) return false;
  const pos = b.peekPosition(plan.userId, plan.symbol);
  const mark = m.marks.get(plan.symbol)?.mark;
  const last = m.data.get(plan.symbol)?.lastTradePrice();
  const pair = m.pairs.get(plan.symbol)!;
  if (!planFires(plan, pos, mark, last === undefined ? undefined : ticksToFx(pair, last))) return false;
  if (!(await claimPlan(b.tx, planId, now))) return false;
  b.endedPlans.add(planId);
  for (const other of m.plans.values()) {
    if (other.id === planId || other.userId !== plan.userId || other.symbol !== plan.symbol || other.kind === plan.kind || b.endedPlans.has(other.id)) continue;
    // One-cancels-the-other: the take-profit and the stop-loss of a position.
    await endPlan(b.tx, other.id, 'other plan fired', now);
    b.endedPlans.add(other.id);
  }
  const request = planOrder(plan, closable(b, b.position(plan.userId, plan.symbol)), mark);
  const outcome = request ? await placeOrder(m, b, request, now) : refuse('futuresNoPosition');
  await planPlaced(b.tx, planId, outcome.ok ? { orderId: outcome.data.order.id } : { refusal: outcome.key });
  if (outcome.ok) {
    // Its owner hears it fired (issue 50 M10), in the batch's transaction.
    await tell(b, plan.userId, { kind: 'futures_plan_triggered', params: { symbol: plan.symbol.replace('_', '/'), quantity: outcome.data.order.quantity } });
  }
  return true;
}
