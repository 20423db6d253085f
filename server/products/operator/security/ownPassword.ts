import type { Database, Queryable } from '../../../kernel/platform/db/database.js';
import type { OperatorActor } from '../../../kernel/platform/auth/operators/access.js';
import { writeOperatorAudit } from '../../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal } from '../../../kernel/platform/auth/operators/operatorAction.js';
import { hashToken, revokeSessionHash } from '../../../kernel/platform/auth/sessions.js';
import type { MessageKey } from '../../../kernel/platform/i18n/messages.js';
import { isEnvironmentOperator } from '../operatorChanges.js';
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

/**
 * An operator changes its own password (My security): with its current password and its own 2FA
 * code (a password gives access), to one the policy accepts and not the current one. Its other
 * sessions end: whoever knew the old password is signed out everywhere but here. The environment's
 * operator is refused: OPERATOR_PASSWORD sets its password again at every start. Every refusal and
 * the change are one audit row each (`operator.password_change`).
 */
export async function changeOwnPassword(
  db: Database,
  operator: OperatorActor,
  input: { password: string; new_password: string; code?: string | undefined },
  session: { token: string; now: number; lang?: string | undefined },
): Promise<Outcome<{ sessions_ended: number }>> {
  const action = { operator, kind: 'operator.password_change' as const, object: { type: 'operator', id: operator.id } };
  const refused = (key: MessageKey) => auditRefusal<{ sessions_ended: number }>(db, action, { ok: false, key });
  if (await isEnvironmentOperator(db, operator.id)) return refused('operatorFromEnvironment');
  const proven = await askOperatorCode(db, { ...action, code: input.code, now: session.now, lang: session.lang, notEnabled: 'twoFactorRequired' });
  if (!proven.ok) return proven;
  const [user] = await db.query<{ password_hash: string }>('select password_hash from app_user where id = $1', [operator.id]);
  if (!user || !(await verifyPassword(input.password, user.password_hash))) return refused('operatorPasswordWrong');
  if (input.new_password === input.password) return refused('operatorNewPasswordSame');
  if (!(await passwordStrength.strongEnough(input.new_password, [operator.account]))) return refused('operatorPasswordWeak');
  const hash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    await replacePassword(tx, operator.id, hash);
    const others = await tx.query<{ token_hash: string }>('select token_hash from session_token where user_id = $1 and revoked_at is null and token_hash <> $2', [operator.id, hashToken(session.token)]);
    for (const other of others) await revokeSessionHash(tx, other.token_hash);
    await writeOperatorAudit(tx, { ...action, after: { sessions_ended: others.length } });
    return { ok: true, data: { sessions_ended: others.length } };
  });
}
