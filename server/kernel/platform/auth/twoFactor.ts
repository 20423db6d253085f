import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/database.js';
import type { MessageKey } from '../i18n/messages.js';
import { Refusal } from '../outcome.js';
import { loginBlocked, loginFailed, loginSucceeded } from './loginThrottle.js';
import { announceSecurityNotice, recordSecurityNotice } from './securityNotices.js';

/**
 * Two-factor authentication (issue 35): RFC 6238 TOTP as every authenticator app makes it by
 * default (SHA-1, 6 digits, 30-second steps), computed by `otpauth`, never by hand. Here because
 * more than one product asks for a code (the accounts' security changes and sign-in, the wallet's
 * withdrawals): products import the kernel, never each other. The rows are migration 023's.
 *
 * - A code is accepted once: the step it belongs to is stored (`last_step`) and a code of that step
 *   or an earlier one is refused, in one guarded update, so two requests with one code cannot both pass.
 * - Clock drift: the step before and the step after now are accepted too (±1), no further.
 * - A recovery code (ten per enrolment, stored as SHA-256) works once in place of a TOTP code.
 * - Wrong codes count towards the same backoff as wrong passwords (loginThrottle.ts), keyed by the
 *   account and the client's address, and towards the account's own budget (issue 49 §3, below).
 */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps of clock drift accepted either side of now. */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

export function totpOf(secret: string, account = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label: account, algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as the apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the enrolment's QR code shows. */
export const totpUri = (secret: string, account: string, issuer: string): string => totpOf(secret, account, issuer).toString();

export const stepAt = (ms: number): number => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step `code` belongs to within ±1 step of `now`, or undefined. Only six digits are a TOTP
 * code; anything else (a recovery code) is not.
 */
export function matchingStep(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code) || !secret) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_DRIFT_STEPS });
  return delta === null ? undefined : stepAt(now) + delta;
}

/** Recovery codes: ten characters of Crockford-like base32, shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
/** Case, spaces and dashes do not matter when a recovery code is typed. */
export const recoveryHash = (code: string): string => createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, '')).digest('hex');
const looksLikeRecoveryCode = (code: string) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(code.trim());

export interface TwoFactorRow {
  secret: string;
  enabled: boolean;
  last_step: number;
}

export async function twoFactorRow(db: Queryable, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.query<TwoFactorRow>('select secret, enabled, last_step from user_two_factor where user_id = $1', [userId]);
  return row ? { ...row, last_step: Number(row.last_step) } : undefined;
}

export async function twoFactorEnabled(db: Queryable, userId: number): Promise<boolean> {
  return Boolean((await twoFactorRow(db, userId))?.enabled);
}

/** Marks `step` used if it is later than the last one used: true once per step (no replay). */
export async function useStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  return (await db.query('update user_two_factor set last_step = $2, updated_at = now() where user_id = $1 and last_step < $2 returning user_id', [userId, step])).length > 0;
}

/**
 * Takes a code of an enabled 2FA — a TOTP code of an unused step within the drift window, or an
 * unused recovery code — and uses it up. Answers how it matched, or undefined.
 */
export async function consumeSecondFactor(db: Queryable, userId: number, code: string, now: number): Promise<'totp' | 'recovery' | undefined> {
  const row = await twoFactorRow(db, userId);
  if (!row?.enabled) return undefined;
  const typed = code.trim();
  const step = matchingStep(row.secret, typed, now);
  if (step !== undefined) return (await useStep(db, userId, step)) ? 'totp' : undefined;
  if (!looksLikeRecoveryCode(typed)) return undefined;
  const used = await db.query('update two_factor_recovery set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null returning user_id', [userId, recoveryHash(typed)]);
  return used.length > 0 ? 'recovery' : undefined;
}

/**
 * The per-account budget of wrong second-step codes (issue 49 §3). The sign-in backoff above is
 * keyed by (account, client address), and the password step resets an address's count, so many
 * addresses — or one address signing in again — could go on guessing. This budget is the
 * account's alone, across every address, challenge and place a code is asked for (sign-in,
 * withdrawals, API keys, security changes, 2FA off), recovery codes included:
 *
 * - each check first takes one try from the budget in a single statement (`wrong_codes + 1 …
 *   returning`) and only then looks at the code, so a burst of guesses sent at once sees counts
 *   1, 2, 3 … and not the same old count; a right code gives its try back;
 * - SECOND_STEP_BUDGET wrong codes within SECOND_STEP_WINDOW_MINUTES lock every check of the
 *   account (`locked_at`) until the owner types the code emailed to the account
 *   (`unlockSecondFactor`); the lock does not expire by itself, since waiting would hand a guesser
 *   a fresh budget. The password step is not locked, so the owner can still sign in that far.
 */
export const SECOND_STEP_BUDGET = 10;
export const SECOND_STEP_WINDOW_MINUTES = 60;

/** Whether the account's second-step checks are locked (wrong codes spent the budget). */
export async function secondFactorLocked(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ locked: boolean }>('select locked_at is not null as locked from user_two_factor where user_id = $1', [userId]);
  return Boolean(row?.locked);
}

/** Lifts the lock and clears the count: the owner proved the account's email (or an operator reset 2FA). */
export async function unlockSecondFactor(db: Queryable, userId: number): Promise<void> {
  await db.query('update user_two_factor set wrong_codes = 0, wrong_since = null, locked_at = null where user_id = $1', [userId]);
}

/** Takes one try from the budget; answers the tries taken in this window, or undefined without an enabled 2FA. */
async function takeTry(db: Queryable, userId: number): Promise<{ tries: number; locked: boolean } | undefined> {
  const [row] = await db.query<{ tries: number; locked: boolean }>(
    `update user_two_factor set
       wrong_since = case when wrong_since is null or wrong_since < now() - make_interval(mins => $2) then now() else wrong_since end,
       wrong_codes = case when wrong_since is null or wrong_since < now() - make_interval(mins => $2) then 1 else wrong_codes + 1 end
     where user_id = $1 and enabled
     returning wrong_codes as tries, locked_at is not null as locked`,
    [userId, SECOND_STEP_WINDOW_MINUTES],
  );
  return row ? { tries: Number(row.tries), locked: Boolean(row.locked) } : undefined;
}

/** Locks the account's checks; the first request to lock it writes the notice and sends the unlock email. */
async function lockSecondFactor(db: Queryable, userId: number, lang: string | undefined): Promise<void> {
  const locked = await db.query('update user_two_factor set locked_at = now() where user_id = $1 and locked_at is null returning user_id', [userId]);
  if (locked.length === 0) return;
  await recordSecurityNotice(db, userId, { kind: 'two_factor_locked' });
  void announceSecurityNotice(userId, { kind: 'two_factor_locked' }, lang);
}

/**
 * Checks a code: refused while the account's checks are locked, then while this client is locked
 * out by the sign-in backoff; the try is taken from the account's budget before the code is
 * looked at. A wrong code counts as a wrong password would, and towards the budget; a right one
 * clears this client's count and gives the try back. Answers how the code matched, or throws the
 * translated Refusal.
 */
export async function checkSecondFactor(
  db: Queryable,
  input: { userId: number; account: string; code: string | undefined; client: string; now: number; knownClient?: boolean; lang?: string },
): Promise<'totp' | 'recovery'> {
  if (!input.code || !input.code.trim()) throw new Refusal('twoFactorRequired');
  if (await secondFactorLocked(db, input.userId)) throw new Refusal('twoFactorLocked');
  const blocked = await loginBlocked(db, input.account, input.client, input.knownClient ?? true);
  if (blocked) throw new Refusal(blocked.key, blocked.vars);
  const taken = await takeTry(db, input.userId);
  if (!taken) throw new Refusal('twoFactorWrong');
  if (taken.locked || taken.tries > SECOND_STEP_BUDGET) {
    await lockSecondFactor(db, input.userId, input.lang);
    throw new Refusal('twoFactorLocked');
  }
  const how = await consumeSecondFactor(db, input.userId, input.code, input.now);
  if (!how) {
    const refusal = await loginFailed(db, input.account, input.client);
    if (taken.tries >= SECOND_STEP_BUDGET) {
      await lockSecondFactor(db, input.userId, input.lang);
      throw new Refusal('twoFactorLocked');
    }
    throw refusal ? new Refusal(refusal.key, refusal.vars) : new Refusal('twoFactorWrong');
  }
  await db.query('update user_two_factor set wrong_codes = greatest(wrong_codes - 1, 0) where user_id = $1', [input.userId]);
  await loginSucceeded(db, input.account, input.client);
  return how;
}

/**
 * An operator's own code for an action that moves money or access (a listing, a delisting, a held
 * deposit's credit or return, a fee override, a correction's approval): like requireSecondFactor,
 * but an operator without 2FA on is refused too, with `notEnabled` (each desk says why in its own
 * words). Checked on the database before the action's transaction, so a wrong code stays counted.
 */
export async function requireOperatorSecondFactor(
  db: Queryable,
  input: { operatorId: number; code: string | undefined; client: string; now: number; lang?: string | undefined },
  notEnabled: MessageKey,
): Promise<void> {
  const [factor] = await db.query<{ enabled: boolean }>('select enabled from user_two_factor where user_id = $1', [input.operatorId]);
  if (!factor?.enabled) throw new Refusal(notEnabled);
  await requireSecondFactor(db, { userId: input.operatorId, code: input.code, client: input.client, now: input.now, ...(input.lang ? { lang: input.lang } : {}) });
}

/**
 * For a signed-in action that 2FA protects (withdrawal, password / email / phone / funds-password
 * change, turning 2FA off, a new withdrawal address, the allowlist off, the anti-phishing code, the
 * P2P exits, and — through `requireSecondFactorForApiKey` — API key creation): nothing when the user
 * has no 2FA on; otherwise the code must be right (and is used up), within the account's budget of
 * wrong codes, or a translated Refusal is thrown. Pass the database, not a transaction that a
 * refusal rolls back: a wrong code must stay counted. `lang`: the request's, for the unlock email
 * should this refusal lock the account's checks.
 */
export async function requireSecondFactor(db: Queryable, input: { userId: number; code: string | undefined; client: string; now: number; lang?: string }): Promise<void> {
  const [user] = await db.query<{ account: string; enabled: boolean }>(
    'select u.account, t.enabled from app_user u join user_two_factor t on t.user_id = u.id where u.id = $1',
    [input.userId],
  );
  if (!user?.enabled) return;
  await checkSecondFactor(db, { ...input, account: user.account });
}

/**
 * The API keys' creation calls this with the request's `totp_code`, the client's address and the
 * clock before creating a key; it throws the translated Refusal when a code is needed and missing,
 * wrong, or the account's checks are locked.
 */
export const requireSecondFactorForApiKey = requireSecondFactor;

/**
 * Enrolment, shared by everyone who enrols (users through the accounts product, operators at their
 * first sign-in): a new secret waits unconfirmed in user_two_factor (replacing one not confirmed,
 * and starting the wrong-code budget again) until `confirmEnrolment` sees a first right code.
 */
export async function startEnrolment(db: Queryable, userId: number): Promise<string> {
  const secret = newTotpSecret();
  await db.query(
    `insert into user_two_factor (user_id, secret, enabled) values ($1, $2, false)
     on conflict (user_id) do update set secret = $2, enabled = false, updated_at = now(), wrong_codes = 0, wrong_since = null, locked_at = null`,
    [userId, secret],
  );
  return secret;
}

/**
 * The first code of an unconfirmed secret (its step used up, so it cannot be replayed): 2FA is on
 * and ten new recovery codes replace any old ones, answered once. Undefined for a wrong code (the
 * caller counts it), and when there is nothing to confirm (no secret waiting, or 2FA already on:
 * a caller that must say which looks first). Run it in a transaction.
 */
export async function confirmEnrolment(tx: Queryable, userId: number, code: string, now: number): Promise<string[] | undefined> {
  const row = await twoFactorRow(tx, userId);
  if (row?.enabled || !row?.secret) return undefined;
  const step = matchingStep(row.secret, code.trim(), now);
  if (step === undefined || !(await useStep(tx, userId, step))) return undefined;
  const codes = newRecoveryCodes();
  await tx.query('update user_two_factor set enabled = true, enabled_at = now(), updated_at = now() where user_id = $1', [userId]);
  await tx.query('delete from two_factor_recovery where user_id = $1', [userId]);
  for (const c of codes) await tx.query('insert into two_factor_recovery (user_id, code_hash) values ($1, $2)', [userId, recoveryHash(c)]);
  return codes;
}

/** A base32 TOTP secret as the apps take it (and OPERATOR_TOTP_SECRET must be): 16+ characters of A–Z and 2–7. */
export const isTotpSecret = (secret: string): boolean => /^[A-Z2-7]{16,}=*$/.test(secret.replace(/\s/g, '').toUpperCase());

/**
 * 2FA on with a given secret, no first code asked (OPERATOR_TOTP_SECRET: the environment's
 * operator, pre-enrolled for tests, CI and scripted deployments). The same secret keeps its used
 * step (a restart cannot make an old code good again); a new one starts afresh. The wrong-code
 * lock is lifted: the environment is the owner.
 */
export async function enrolWithSecret(db: Queryable, userId: number, secret: string): Promise<void> {
  const clean = secret.replace(/\s/g, '').toUpperCase().replace(/=+$/, '');
  await db.query(
    `insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now())
     on conflict (user_id) do update set secret = $2, enabled = true, updated_at = now(),
       enabled_at = case when user_two_factor.enabled and user_two_factor.secret = $2 then user_two_factor.enabled_at else now() end,
       last_step = case when user_two_factor.secret = $2 then user_two_factor.last_step else 0 end,
       wrong_codes = 0, wrong_since = null, locked_at = null`,
    [userId, clean],
  );
}

/** 2FA off and gone (an admin's reset of an operator's 2FA): secret, recovery codes, lock. The next sign-in enrols again. */
export async function removeTwoFactor(db: Queryable, userId: number): Promise<void> {
  await db.query('delete from user_two_factor where user_id = $1', [userId]);
  await db.query('delete from two_factor_recovery where user_id = $1', [userId]);
}
