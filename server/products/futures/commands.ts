import type { FuturesAction, FuturesOrderSource, MarginAdjustment, MarginMode } from '../../../domain/futures/api.js';
import type { Fx } from '../../../domain/fx.js';
import type { SubmissionKey } from '../../kernel/platform/idempotency.js';
import type { Outcome } from '../../kernel/platform/outcome.js';
import type { Batch } from './batch.js';
import type { orderView } from './orderState.js';

/** The idempotency scope of a futures order's submission key (routes and the batch claim in it). */
export const PLACE_SCOPE = 'futures_order';

export interface PlaceRequest {
  userId: number;
  symbol: string;
  action: FuturesAction;
  type: 'limit' | 'market';
  price?: string;
  /** Decimal quantity, or 'closable' for everything closable now (flash close, TP/SL, liquidation). */
  quantity: string;
  source: FuturesOrderSource;
  key?: SubmissionKey;
  triggerPrice?: Fx;
  /** Only reduce the position (never open or increase one): refused unless the order is opposite to it. */
  reduceOnly?: boolean;
}

export type OrderView = ReturnType<typeof orderView>;
export type Placed = { order: OrderView; unfilled: string };

/** What the sequencer carries: every way the exchange's state may change goes through one of these. */
export type Command =
  | { kind: 'place'; request: PlaceRequest }
  | { kind: 'cancel'; userId: number; orderId: number; all?: false }
  | { kind: 'leverage'; userId: number; symbol: string; leverage: number; mode: MarginMode }
  | { kind: 'margin'; userId: number; symbol: string; type: MarginAdjustment; amount: string }
  | { kind: 'liquidate'; userId: number; symbol: string }
  | { kind: 'firePlan'; planId: number }
  | { kind: 'job'; work: (b: Batch, now: number) => Promise<unknown> };

/** A command's answer, or the failure of its whole batch (nothing of it committed). */
export type Result = Outcome<unknown> | Error;

/** The users whose contract balances a command will lock (locked for the whole batch at once, runner.ts). */
export function usersOf(c: Command): number[] {
  if (c.kind === 'place') return [c.request.userId];
  return c.kind === 'cancel' || c.kind === 'leverage' || c.kind === 'margin' ? [c.userId] : [];
}
