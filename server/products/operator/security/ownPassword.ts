import type { Queryable } from '../../../kernel/platform/db/database.js';
import { passwordStrength } from '../../../kernel/platform/auth/passwordStrength/offThread.js';
import { hashPassword, verifyPassword } from '../../../kernel/platform/auth/passwords.js';
import type { Outcome } from '../../../kernel/platform/outcome.js';
import type { Operator } from '../operators.js';

/**
 * A new operator's first password is the admin's who made it (or asked for it), so until the
 * operator replaces it, that admin could sign in as them — and be the second pair of eyes on their
 * own correction. The operator chooses its own with its 2FA enrolment, the first thing it does
 * (migration 068: password_change_required), before its first session opens.
 */

export async function passwordChangeRequired(db: Queryable, operatorId: number): Promise<boolean> {
  const [row] = await db.query<{ required: boolean }>('select password_change_required as required from operator_account where user_id = $1', [operatorId]);
  return row?.required === true;
}

/**
 * The hash of the operator's own new password when one is required (`data` undefined when not),
 * or why it is refused: missing, too easy to guess, or the admin's one again.
 */
export async function ownPasswordHash(db: Queryable, operator: Operator, chosen: string | undefined): Promise<Outcome<string | undefined>> {
  if (!(await passwordChangeRequired(db, operator.id))) return { ok: true, data: undefined };
  if (!chosen) return { ok: false, key: 'operatorNewPasswordRequired' };
  if (!(await passwordStrength.strongEnough(chosen, [operator.account]))) return { ok: false, key: 'operatorPasswordWeak' };
  const [user] = await db.query<{ password_hash: string }>('select password_hash from app_user where id = $1', [operator.id]);
  if (user && (await verifyPassword(chosen, user.password_hash))) return { ok: false, key: 'operatorNewPasswordSame' };
  return { ok: true, data: await hashPassword(chosen) };
}

export async function replacePassword(tx: Queryable, operatorId: number, hash: string): Promise<void> {
  await tx.query('update app_user set password_hash = $2 where id = $1', [operatorId, hash]);
  await tx.query('update operator_account set password_change_required = false where user_id = $1', [operatorId]);
}
