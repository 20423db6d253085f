import type { Queryable } from '../../db/database.js';
import type { OperatorActor } from './access.js';

/**
 * The step-up window ("sudo mode", docs/OPERATOR.md "The step-up window"): after a right operator
 * code, the session it came with may act on the approval queues (identity reviews, withdrawal
 * approvals, held deposits, P2P appeal rulings: the actions that ask with `stepUp: 'allowed'`)
 * without a new code for STEP_UP_MS. A TOTP code is good once per 30-second step, so without it an
 * operator working through a queue of forty items would wait twenty minutes for codes.
 *
 * - Kept on the session row (session_token.step_up_until, migration 066): every node sees it.
 * - It does not slide: each fresh code sets it to the code's time + STEP_UP_MS, a use does not.
 * - It ends with the session (sign-out, revoked, expired), with the operator's disable (its
 *   sessions are revoked; the auth hook refuses a disabled operator anyway), with a 2FA reset (its
 *   sessions are revoked) and with a role change (`endStepUp`).
 * - Times are the desks' clock (`now`, injectable), not the database's, so tests move it.
 */
export const STEP_UP_MS = 5 * 60_000;

/** The session's window opened (or moved to `now` + STEP_UP_MS): a right code was just given with it. */
export async function startStepUp(db: Queryable, operator: OperatorActor, now: number): Promise<number | undefined> {
  if (operator.session === undefined) return undefined;
  const until = now + STEP_UP_MS;
  await db.query('update session_token set step_up_until = to_timestamp($3::float8 / 1000) where id = $1 and user_id = $2 and revoked_at is null', [operator.session, operator.id, until]);
  return until;
}

/** Until when (ms) the operator's session is stepped up at `now`, or undefined (no window, over, or the session ended). */
export async function stepUpUntil(db: Queryable, operator: OperatorActor, now: number): Promise<number | undefined> {
  if (operator.session === undefined) return undefined;
  const [row] = await db.query<{ until_ms: number }>(
    `select (extract(epoch from step_up_until) * 1000)::bigint as until_ms from session_token
     where id = $1 and user_id = $2 and revoked_at is null and expires_at > now() and step_up_until > to_timestamp($3::float8 / 1000)`,
    [operator.session, operator.id, now],
  );
  return row ? Number(row.until_ms) : undefined;
}

/** Every window of the operator's sessions closed (its roles changed: what was stepped up was another standing). */
export async function endStepUp(db: Queryable, operatorId: number): Promise<void> {
  await db.query('update session_token set step_up_until = null where user_id = $1 and step_up_until is not null', [operatorId]);
}
