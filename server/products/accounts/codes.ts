import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MINUTES, CODES_PER_TARGET_PER_HOUR } from '../../kernel/platform/auth/accountRules.js';
import type { CodeDelivery } from './delivery.js';
import { REGISTER_ATTEMPT } from './safety/registerAttempt.js';
import './messages.js';

/** `unlock_2fa`: lifts the lock wrong 2FA codes set; `anti_phishing`: proves a change of that code when 2FA is off (issue 49). */
export type CodePurpose = 'register' | 'reset' | 'change_login_pwd' | 'change_funds_pwd' | 'change_email' | 'change_phone' | 'unlock_2fa' | 'anti_phishing';

const hashCode = (target: string, purpose: CodePurpose, code: string) => createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');

/** Sends a fresh 6-digit code, unless the target asked too recently or too often. */
export async function issueCode(
  db: Queryable,
  delivery: CodeDelivery,
  target: string,
  purpose: CodePurpose,
  lang: string,
  /**
   * No enumeration (safety/registerAttempt.ts): 'notice' sends the register-attempt notice instead
   * of the code, 'nothing' sends nothing; either way the row is stored (its code never leaves), so
   * the resend limits answer exactly as for a real code.
   */
  instead?: 'notice' | 'nothing',
): Promise<'sent' | 'codeTooSoon' | 'tooManyCodes'> {
  const [recent] = await db.query<{ last_seconds: number | null; last_hour: number }>(
    `select extract(epoch from now() - max(created_at))::int as last_seconds,
            count(*) filter (where created_at > now() - interval '1 hour')::int as last_hour
     from verification_code where target = $1 and purpose = $2`,
    [target, purpose],
  );
  if (recent && recent.last_seconds !== null && recent.last_seconds < CODE_RESEND_SECONDS) return 'codeTooSoon';
  if (recent && recent.last_hour >= CODES_PER_TARGET_PER_HOUR) return 'tooManyCodes';
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(
    `insert into verification_code (target, purpose, code_hash, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [target, purpose, hashCode(target, purpose, code), CODE_TTL_MINUTES],
  );
  if (instead === 'notice') await delivery.deliver({ to: target, purpose: REGISTER_ATTEMPT, code: '', lang, time: new Date().toISOString() });
  else if (instead !== 'nothing') await delivery.deliver({ to: target, purpose, code, lang, time: new Date().toISOString() });
  return 'sent';
}

/**
 * Checks a code against the newest live one for the target. A wrong guess counts an attempt;
 * after CODE_MAX_ATTEMPTS the code is dead. `consume` marks it used, so it works once.
 */
export async function checkCode(db: Queryable, target: string, purpose: CodePurpose, code: string, consume: boolean): Promise<boolean> {
  const [live] = await db.query<{ id: number; code_hash: string; attempts: number }>(
    `select id, code_hash, attempts from verification_code
     where target = $1 and purpose = $2 and consumed_at is null and expires_at > now()
     order by id desc limit 1 for update`,
    [target, purpose],
  );
  if (!live || live.attempts >= CODE_MAX_ATTEMPTS) return false;
  if (!/^\d{6}$/.test(code) || live.code_hash !== hashCode(target, purpose, code)) {
    await db.query('update verification_code set attempts = attempts + 1 where id = $1', [live.id]);
    return false;
  }
  if (consume) await db.query('update verification_code set consumed_at = now() where id = $1', [live.id]);
  return true;
}
