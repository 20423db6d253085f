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

/** The newest live code of the target, locked for the caller's transaction. */
async function liveCode(db: Queryable, target: string, purpose: CodePurpose) {
  const [live] = await db.query<{ id: number; code_hash: string; attempts: number }>(
    `select id, code_hash, attempts from verification_code
     where target = $1 and purpose = $2 and consumed_at is null and expires_at > now()
     order by id desc limit 1 for update`,
    [target, purpose],
  );
  return live;
}

const matches = (live: { code_hash: string }, target: string, purpose: CodePurpose, code: string) => /^\d{6}$/.test(code) && live.code_hash === hashCode(target, purpose, code);

/**
 * Checks a code against the newest live one for the target. A wrong guess counts an attempt;
 * after CODE_MAX_ATTEMPTS the code is dead. `consume` marks it used, so it works once.
 */
export async function checkCode(db: Queryable, target: string, purpose: CodePurpose, code: string, consume: boolean): Promise<boolean> {
  const live = await liveCode(db, target, purpose);
  if (!live || live.attempts >= CODE_MAX_ATTEMPTS) return false;
  if (!matches(live, target, purpose, code)) {
    await db.query('update verification_code set attempts = attempts + 1 where id = $1', [live.id]);
    return false;
  }
  if (consume) await db.query('update verification_code set consumed_at = now() where id = $1', [live.id]);
  return true;
}

/**
 * For a change that compares the typed password with the account's other one (they must differ)
 * before the code is used up, so that refusal leaves the code for a better password: the refusal
 * tells whether a guess IS the other password, which its own lock never counts. Right or wrong,
 * the code spends one of its CODE_MAX_ATTEMPTS tries here, in one locked step, so one code answers
 * at most that many comparisons however the requests are sent (a burst all passing the check
 * before the first used the code up tested every guess it held). Run it in its own transaction.
 */
export async function takeCodeTry(db: Queryable, target: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const live = await liveCode(db, target, purpose);
  if (!live || live.attempts >= CODE_MAX_ATTEMPTS) return false;
  await db.query('update verification_code set attempts = attempts + 1 where id = $1', [live.id]);
  return matches(live, target, purpose, code);
}

/**
 * Uses up a code this request has already spent a try on (takeCodeTry): the newest live one, still
 * unused and the same code, whatever its count of tries now (the last try allowed may succeed).
 */
export async function useTriedCode(tx: Queryable, target: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const live = await liveCode(tx, target, purpose);
  if (!live || !matches(live, target, purpose, code)) return false;
  await tx.query('update verification_code set consumed_at = now() where id = $1', [live.id]);
  return true;
}
