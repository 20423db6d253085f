import { CLOSE_BOOK_LEVELS, type MarginAdjustment, type MarginMode } from '../../../domain/futures/api.js';
import { fxText } from '../../../domain/fx.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import { refuse, type Outcome } from '../../kernel/outcome.js';
import { notify } from '../../kernel/notifications/notify.js';
import { bookCloseDeficit, deleverage } from './adl.js';
import type { Batch } from './batch.js';
import type { OrderView } from './commands.js';
import type { FuturesExchange } from './exchange.js';
import { applyEvents, finish } from './fills.js';
import { liquidationCheck } from './margin.js';
import { orderView } from './orderState.js';
import { ticksToFx } from './pairs.js';
import { planFires } from './plans.js';
import { positionKey } from './positions.js';
import { leverageStep, marginStep } from './engine/account.js';
import { bookAll } from './engine/effects.js';
import { isRefusal, liquidationTargets, mustDeleverage, planOrder } from './engine/rules.js';
import { claimPlan, endPlan, planPlaced } from './store.js';

/*
 * The commands other than placing an order, each carried out inside a batch (runner.ts): the
 * engine decides (engine/rules.ts, engine/account.ts), the plan statements are in store.ts; these
 * gather the batch's data for it and book the movements it returns.
 */

export async function cancelOrder(ex: FuturesExchange, b: Batch, userId: number, orderId: number, now: number): Promise<Outcome<{ order: OrderView }>> {
  const o = b.order(orderId);
  if (!o || o.userId !== userId || o.status === S.allTraded || o.status === S.cancelled || o.status === S.invalid) return refuse('futuresUnknownOrder');
  await b.books.lock([userId]);
  const events: EngineEvent[] = [];
  ex.engines.get(o.symbol)!.execute({ kind: 'cancel', orderId, accountId: userId }, events);
  // No cancel from the engine: the book no longer holds it, so it ends here and gives back what it holds.
  if (!events.some((e) => e.type === 'cancelled')) finish(b, o, S.cancelled, now);
  else await applyEvents(b, ex.pairs.get(o.symbol)!, ex.data.get(o.symbol)!, ex.accounts, events, now);
  return { ok: true, data: { order: orderView(o) } };
}

export function setLeverage(ex: FuturesExchange, b: Batch, userId: number, symbol: string, leverage: number, mode: MarginMode): Outcome<{ leverage: number; margin_mode: MarginMode }> {
  const pair = ex.pairs.get(symbol);
  if (!pair) return refuse('futuresUnknownPair');
  // The position is read only once the leverage is valid: b.position takes a working copy, which the batch then adopts.
  const next = leverageStep(pair.brackets, () => b.position(userId, symbol), () => b.openOrdersOf(userId, symbol).length > 0, leverage, mode);
  if (isRefusal(next)) return refuse(next.refusal, next.vars);
  Object.assign(b.position(userId, symbol), next);
  b.touch(userId, symbol);
  b.touchedPositions.add(positionKey(userId, symbol));
  return { ok: true, data: { leverage, margin_mode: mode } };
}

export function adjustMargin(ex: FuturesExchange, b: Batch, userId: number, symbol: string, type: MarginAdjustment, amount: string): Outcome<{ margin: string }> {
  const pair = ex.pairs.get(symbol);
  if (!pair) return refuse('futuresUnknownPair');
  const step = marginStep({
    type, amount, pos: () => b.position(userId, symbol), available: () => b.books.available(userId), mark: ex.marks.get(symbol)?.mark, brackets: pair.brackets, accounts: ex.accounts,
  });
  if (isRefusal(step)) return refuse(step.refusal, step.vars);
  bookAll(b.books, step.movements);
  const pos = Object.assign(b.position(userId, symbol), step.position);
  b.touch(userId, symbol);
  return { ok: true, data: { margin: fxText(pos.margin) } };
}

/** Ends the user's waiting plans on a pair: a close left the position flat. */
export async function cancelPlansOfFlat(ex: FuturesExchange, b: Batch, userId: number, symbol: string, now: number): Promise<void> {
  for (const plan of ex.plans.values()) {
    if (plan.userId !== userId || plan.symbol !== symbol || b.endedPlans.has(plan.id)) continue;
    await endPlan(b.tx, plan.id, 'position closed', now);
    b.endedPlans.add(plan.id);
  }
}

/**
 * The liquidation of one account's position (isolated) or all its cross positions, if the mark
 * price says so: the account's open orders on the pair (cross: everywhere) are cancelled, then
 * each position is closed into the book by a liquidation order (market, ≤ 30 levels); what the
 * book could not take stays open and is tried again at the next mark update. A close whose
 * deficit neither the account (cross) nor the insurance fund could pay is auto-deleveraged
 * instead (adl.ts).
 */
export async function liquidate(ex: FuturesExchange, b: Batch, userId: number, symbol: string, now: number): Promise<boolean> {
  await b.books.lock([userId]);
  const pos = b.peekPosition(userId, symbol);
  if (!pos || pos.side === 0) return false;
  ex.stats.liquidationChecks += 1;
  const check = liquidationCheck(ex, b, pos);
  if (!check.liquidate) return false;
  const targets = liquidationTargets(pos, b.positionsOf(userId));
  const symbols = new Set(targets.map((p) => p.symbol));
  for (const o of b.openOrdersOf(userId)) if (pos.mode === 'cross' || symbols.has(o.symbol)) await cancelOrder(ex, b, userId, o.id, now);
  for (const p of targets) {
    if (mustDeleverage(bookCloseDeficit(ex, p, ex.closable(b, p)), p.mode, b.books.available(ex.accounts.insurance), b.books.available(userId))) {
      await deleverage(ex, b, p, now);
      continue;
    }
    const book = ex.engines.get(p.symbol)!.depth(CLOSE_BOOK_LEVELS);
    if ((p.side === 1 ? book.bids : book.asks).length === 0) continue;
    await ex.placeIn(b, { userId, symbol: p.symbol, action: p.side === 1 ? 'close_long' : 'close_short', type: 'market', quantity: 'closable', source: 'liquidation' }, now);
  }
  ex.stats.liquidations += 1;
  return true;
}

/** Fires a waiting plan if its trigger still holds: a close order for the plan's quantity (at most what is closable); the other plan of the pair ends with it. */
export async function firePlan(ex: FuturesExchange, b: Batch, planId: number, now: number): Promise<boolean> {
  const plan = ex.plans.get(planId);
  if (!plan || b.endedPlans.has(planId)) return false;
  const pos = b.peekPosition(plan.userId, plan.symbol);
  const mark = ex.marks.get(plan.symbol)?.mark;
  const last = ex.data.get(plan.symbol)?.lastTradePrice();
  const pair = ex.pairs.get(plan.symbol)!;
  if (!planFires(plan, pos, mark, last === undefined ? undefined : ticksToFx(pair, last))) return false;
  if (!(await claimPlan(b.tx, planId, now))) return false;
  b.endedPlans.add(planId);
  for (const other of ex.plans.values()) {
    if (other.id === planId || other.userId !== plan.userId || other.symbol !== plan.symbol || other.kind === plan.kind || b.endedPlans.has(other.id)) continue;
    // One-cancels-the-other: the take-profit and the stop-loss of a position.
    await endPlan(b.tx, other.id, 'other plan fired', now);
    b.endedPlans.add(other.id);
  }
  const request = planOrder(plan, ex.closable(b, b.position(plan.userId, plan.symbol)), mark);
  const outcome = request ? await ex.placeIn(b, request, now) : refuse('futuresNoPosition');
  await planPlaced(b.tx, planId, outcome.ok ? { orderId: outcome.data.order.id } : { refusal: outcome.key });
  if (outcome.ok) {
    // Its owner hears it fired (issue 50 M10), in the batch's transaction.
    await notify(b.tx, plan.userId, { kind: 'futures_plan_triggered', params: { symbol: plan.symbol.replace('_', '/'), quantity: outcome.data.order.quantity } });
    b.noticed.add(plan.userId);
  }
  return true;
}
