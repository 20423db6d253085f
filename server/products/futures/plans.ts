import type { PlanKind, TriggerBy } from '../../../domain/futures/api.js';
import { fx, type Fx } from '../../../domain/fx.js';
import { roe, unrealisedPnl } from '../../../domain/futures/formulas.js';
import { entryPrice, type Position } from './positions.js';

/** A waiting take-profit or stop-loss (futures_plan, status 1), kept in memory per pair. */
export interface PlanState {
  id: number;
  userId: number;
  symbol: string;
  kind: PlanKind;
  positionSide: 1 | -1;
  triggerBy: TriggerBy;
  /** A price, or for 'roe' a fraction: only plans stored before issue 50 M8, since an ROE is now stored as the mark price it means. */
  triggerValue: Fx;
  execType: 'limit' | 'market';
  execPrice: Fx | null;
  quantity: Fx | null;
}

export interface PlanRow {
  id: number;
  user_id: number;
  symbol: string;
  kind: PlanKind;
  position_side: number;
  trigger_by: TriggerBy;
  trigger_value: string;
  exec_type: 'limit' | 'market';
  exec_price: string | null;
  quantity: string | null;
}

export const PLAN_COLUMNS = `id, user_id, left_symbol || '_' || right_symbol as symbol, kind, position_side, trigger_by, trigger_value::text as trigger_value,
  exec_type, exec_price::text as exec_price, quantity::text as quantity`;

export function planFromRow(r: PlanRow): PlanState {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    symbol: r.symbol,
    kind: r.kind,
    positionSide: r.position_side === 1 ? 1 : -1,
    triggerBy: r.trigger_by,
    triggerValue: fx(r.trigger_value),
    execType: r.exec_type,
    execPrice: r.exec_price === null ? null : fx(r.exec_price),
    quantity: r.quantity === null ? null : fx(r.quantity),
  };
}

/**
 * Whether a plan fires at these prices. A take-profit fires when the position gains: a long's at a
 * price at or above the trigger, a short's at or below; a stop-loss the other way. By ROE (plans
 * stored before issue 50 M8 only): a take-profit at ROE ≥ the value, a stop-loss at ROE ≤ −value,
 * ROE computed at the mark price.
 * Only against a live position on the plan's side.
 */
export function planFires(plan: PlanState, position: Position | undefined, mark: Fx | undefined, last: Fx | undefined): boolean {
  if (!position || position.side !== plan.positionSide || position.quantity === 0n) return false;
  const gainUp = plan.positionSide === 1;
  if (plan.triggerBy === 'roe') {
    if (mark === undefined || position.margin === 0n) return false;
    const r = roe(unrealisedPnl(position.side as 1 | -1, position.quantity, entryPrice(position), mark), position.margin);
    return plan.kind === 'take_profit' ? r >= plan.triggerValue : r <= -plan.triggerValue;
  }
  const price = plan.triggerBy === 'mark' ? mark : last;
  if (price === undefined) return false;
  return firesAt(plan.kind, gainUp ? 1 : -1, plan.triggerValue, price);
}

/** Whether a price plan fires at `price`: a long's take-profit at or above its trigger, its stop-loss at or below (a short's the other way). */
export function firesAt(kind: PlanState['kind'], positionSide: 1 | -1, trigger: Fx, price: Fx): boolean {
  const above = price >= trigger;
  const below = price <= trigger;
  return kind === 'take_profit' ? (positionSide === 1 ? above : below) : positionSide === 1 ? below : above;
}
