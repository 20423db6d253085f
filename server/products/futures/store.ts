import { fx, type Fx } from '../../../domain/fx.js';
import { FUTURES_ACCOUNT, FUTURES_CURRENCY } from '../../../domain/futures/api.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { Batch } from './batch.js';
import type { PlanState } from './plans.js';

/*
 * The exchange's own statements, apart from the batch's writes (Batch.write): a plan's status as it
 * fires or ends, and the committed contract balances of cross accounts. Each runs inside the
 * batch's transaction it is given; the plan updates check the plan still waits (status 1), so a
 * plan ends at most once whatever memory thought.
 */

/** Ends a waiting plan without an order (status 3), with the reason shown to the user. */
export async function endPlan(tx: Queryable, planId: number, note: string, now: number): Promise<void> {
  await tx.query(`update futures_plan set status = 3, note = $3, updated_ms = $2 where id = $1 and status = 1`, [planId, now, note]);
}

/** Marks a waiting plan triggered (status 2); false when it no longer waits. */
export async function claimPlan(tx: Queryable, planId: number, now: number): Promise<boolean> {
  const [claimed] = await tx.query(`update futures_plan set status = 2, updated_ms = $2 where id = $1 and status = 1 returning id`, [planId, now]);
  return claimed !== undefined;
}

/** A triggered plan's order, or (status 4) the key of the refusal its order met. */
export async function planPlaced(tx: Queryable, planId: number, outcome: { orderId: number } | { refusal: string }): Promise<void> {
  if ('orderId' in outcome) await tx.query(`update futures_plan set order_id = $2 where id = $1`, [planId, outcome.orderId]);
  else await tx.query(`update futures_plan set status = 4, note = $2 where id = $1`, [planId, outcome.refusal]);
}

/** The committed available contract USDT of `userIds` (absent: no balance row). */
export async function contractAvailable(tx: Queryable, userIds: readonly number[]): Promise<Map<number, Fx>> {
  const rows = await tx.query<{ user_id: string | number; available: string }>(
    `select user_id, available::text as available from balance where currency = $1 and account = $2 and user_id = any($3::bigint[])`,
    [FUTURES_CURRENCY, FUTURES_ACCOUNT, userIds],
  );
  return new Map(rows.map((r) => [Number(r.user_id), fx(r.available)]));
}

/** Ends the user's waiting plans on a pair: a close left the position flat. */
export async function cancelPlansOfFlat(plans: ReadonlyMap<number, PlanState>, b: Batch, userId: number, symbol: string, now: number): Promise<void> {
  for (const plan of plans.values()) {
    if (plan.userId !== userId || plan.symbol !== symbol || b.endedPlans.has(plan.id)) continue;
    await endPlan(b.tx, plan.id, 'position closed', now);
    b.endedPlans.add(plan.id);
  }
}
