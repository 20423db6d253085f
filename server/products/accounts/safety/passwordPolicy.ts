import { passwordProblem } from '../../../kernel/platform/auth/accountRules.js';
import { verifyPassword } from '../../../kernel/platform/auth/passwords.js';
import { passwordStrength } from '../../../kernel/platform/auth/passwordStrength/offThread.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import type { MessageKey } from '../../../kernel/platform/i18n/messages.js';
import './safetyMessages.js';

/**
 * The password policy (issue 35) on the server: the forms' rule (8–64 characters, letters and
 * digits), then zxcvbn's estimate (domain/passwordStrength.ts, the client's own, on a thread of its
 * own: kernel/platform/auth/passwordStrength) of at least 3 of 4, with the account as a hint it must
 * not lean on. Applied at registration, reset and change.
 */
export async function passwordPolicyProblem(password: string, which: 'login' | 'funds', account = ''): Promise<MessageKey | undefined> {
  const rule = passwordProblem(password);
  if (rule) return rule;
  if (!(await passwordStrength.strongEnough(password, account ? [account] : []))) return which === 'login' ? 'passwordGuessable' : 'fundsPasswordGuessable';
  return undefined;
}

/** Whether `password`, meant as the user's `which` password, is the other one (login ↔ funds). */
export async function samePasswordAsOther(db: Queryable, userId: number, which: 'login' | 'funds', password: string): Promise<boolean> {
  const [row] = await db.query<{ other: string | null }>(`select ${which === 'login' ? 'funds_password_hash' : 'password_hash'} as other from app_user where id = $1`, [userId]);
  return Boolean(row?.other) && (await verifyPassword(password, row!.other!));
}
