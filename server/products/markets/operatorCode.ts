import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { requireSecondFactor } from '../../kernel/platform/auth/twoFactor.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { refuse, Refusal, type Outcome } from '../../kernel/platform/outcome.js';

/**
 * A listing or a delisting moves funds or opens trading, so it asks the operator's own 2FA code,
 * checked before the action's transaction (a wrong code stays counted by the sign-in backoff): an
 * operator without 2FA enabled is refused too.
 */
export async function operatorCode(db: Queryable, operator: OperatorActor, code: string | undefined, now: number, lang?: string): Promise<Outcome<true>> {
  try {
    const [factor] = await db.query<{ enabled: boolean }>('select enabled from user_two_factor where user_id = $1', [operator.id]);
    if (!factor?.enabled) return refuse('marketTwoFactorRequired');
    await requireSecondFactor(db, { userId: operator.id, code, client: operator.client, now, ...(lang ? { lang } : {}) });
    return { ok: true, data: true };
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.key, error.vars);
    throw error;
  }
}
