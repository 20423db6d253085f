import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { requireOperatorSecondFactor } from '../../kernel/platform/auth/twoFactor.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { refuse, Refusal, type Outcome } from '../../kernel/platform/outcome.js';

/**
 * A listing or a delisting moves funds or opens trading, so it asks the operator's own 2FA code,
 * checked before the action's transaction (a wrong code stays counted by the sign-in backoff): an
 * operator without 2FA enabled is refused too.
 */
export async function operatorCode(db: Queryable, operator: OperatorActor, code: string | undefined, now: number, lang?: string): Promise<Outcome<true>> {
  try {
    await requireOperatorSecondFactor(db, { operatorId: operator.id, code, client: operator.client, now, lang }, 'marketTwoFactorRequired');
    return { ok: true, data: true };
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.key, error.vars);
    throw error;
  }
}
