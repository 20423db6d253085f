import type { Queryable } from '../db/database.js';
import { momentVar, registerMessages } from '../i18n/messages.js';
import { Refusal } from '../outcome.js';
import '../accountFreeze/index.js';
import type en_US from './locales/en_US.json';

/**
 * Withdrawal safety (issue 35), here because two products meet on it: the accounts product (and
 * the 2FA code) writes the lock after a security change, the wallet reads it and the allowlist
 * before every withdrawal. Products never import each other; both import this. Rows: migration 025
 * (app_user.withdrawals_locked_until_ms, withdrawals_lock_reason, withdrawal_allowlist) and the
 * address book's withdrawal_address (006).
 */
type WithdrawalSafetyMessages = typeof en_US;
declare module '../i18n/messages.js' {
  interface MessageCatalogue extends WithdrawalSafetyMessages {}
}
registerMessages(new URL('./locales/', import.meta.url));

/** How long a change of login or funds password, email, phone or 2FA holds withdrawals. */
export const WITHDRAWAL_LOCK_MS = 24 * 60 * 60 * 1000;
/** How long a newly saved address waits before allowlist mode lets a withdrawal go to it. */
export const ALLOWLIST_ADDRESS_DELAY_MS = 24 * 60 * 60 * 1000;

export type WithdrawalLockReason = 'login_password' | 'funds_password' | 'email' | 'phone' | 'two_factor' | 'allowlist_off' | (string & {});

/**
 * Locks the user's withdrawals until `untilMs` (epoch ms), in the caller's transaction, so the
 * lock commits with the change that caused it. A later lock never shortens an earlier one.
 */
export async function lockWithdrawals(tx: Queryable, userId: number, untilMs: number, reason: WithdrawalLockReason): Promise<void> {
  await tx.query(
    `update app_user set withdrawals_lock_reason = case when withdrawals_locked_until_ms < $2 then $3 else withdrawals_lock_reason end,
       withdrawals_locked_until_ms = greatest(withdrawals_locked_until_ms, $2) where id = $1`,
    [userId, Math.trunc(untilMs), reason],
  );
}

/** Until when (epoch ms) the user's withdrawals are locked at `nowMs`, or undefined. */
export async function withdrawalsLockedUntil(db: Queryable, userId: number, nowMs: number): Promise<number | undefined> {
  const [row] = await db.query<{ until: string }>('select withdrawals_locked_until_ms as until from app_user where id = $1', [userId]);
  const until = Number(row?.until ?? 0);
  return until > nowMs ? until : undefined;
}

/** A refusal's time without the caller's time zone (kernel/platform/i18n/messages.ts writes them). */
export { formatUtc } from '../i18n/messages.js';

export async function allowlistOn(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ on: boolean }>('select withdrawal_allowlist as on from app_user where id = $1', [userId]);
  return Boolean(row?.on);
}

/**
 * Throws a translated Refusal unless the user may withdraw to `address` at `nowMs`: not while
 * their withdrawals are locked; in allowlist mode only to an address saved for this currency and
 * network at least ALLOWLIST_ADDRESS_DELAY_MS ago. `nowMs` is the caller's clock (tests move it).
 */
export async function requireWithdrawalAllowed(
  db: Queryable,
  userId: number,
  target: { currency: string; network: string; address: string },
  nowMs: number,
  delayMs = ALLOWLIST_ADDRESS_DELAY_MS,
): Promise<void> {
  const [row] = await db.query<{ until: string; allowlist: boolean; saved_ms: string | null; frozen: string | null }>(
    `select u.withdrawals_locked_until_ms as until, u.withdrawal_allowlist as allowlist, case when u.frozen_at is not null then u.frozen_reason end as frozen,
       (select floor(extract(epoch from min(a.created_at)) * 1000)::bigint from withdrawal_address a
         where a.user_id = u.id and a.currency = $2 and a.network = $3 and a.address = $4) as saved_ms
     from app_user u where u.id = $1`,
    [userId, target.currency, target.network, target.address],
  );
  if (!row) return;
  // A frozen account (kernel/platform/accountFreeze, issue 51 §3) withdraws nothing.
  if (row.frozen !== null) throw new Refusal('accountFrozen', { reason: row.frozen });
  const until = Number(row.until);
  if (until > nowMs) throw new Refusal('withdrawalsLocked', { until: momentVar(until) });
  if (!row.allowlist) return;
  if (row.saved_ms === null) throw new Refusal('withdrawalAddressNotSaved');
  const usableFrom = Number(row.saved_ms) + delayMs;
  if (usableFrom > nowMs) throw new Refusal('withdrawalAddressNotYetUsable', { from: momentVar(usableFrom) });
}
