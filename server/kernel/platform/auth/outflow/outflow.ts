import type { Queryable } from '../../db/database.js';
import { Refusal } from '../../outcome.js';
import { requireSecondFactor } from '../twoFactor.js';
import { momentVar } from '../../i18n/messages.js';
import { withdrawalsLockedUntil } from '../withdrawalLock.js';
import { lockUser } from '../../userLock.js';
import { requireFundsPassword } from './fundsPassword.js';
import './messages.js';

/**
 * What a user proves before their crypto goes to someone else (issue 49 §2). A withdrawal asked for
 * the funds password and the 2FA code and waited out the 24-hour lock after a security change; a
 * P2P release, a sale into a buy ad and a sell ad going online (its funds frozen for anyone to take)
 * asked for none, so a stolen session alone moved funds out. Every such exit now asks this.
 */
export interface OutflowProof {
  userId: number;
  /** As typed; missing or empty is refused with its own message. */
  fundsPassword: string | undefined;
  /** With 2FA on: the authenticator's code or a recovery code. */
  totpCode: string | undefined;
  /** The client's address: wrong 2FA codes count towards the sign-in backoff of (account, address). */
  client: string;
  /** The caller's clock (ms), which tests move. */
  now: number;
}

/**
 * Throws a translated Refusal unless `proof` lets the user's crypto leave now: refused during the
 * withdrawal lock (with its end, so the user knows how long), then without the user's funds password
 * (wrong ones counted towards its lock), then, with 2FA on, without a current code (used up once
 * taken). The lock first: while it holds nothing else can help, and no guess is counted for nothing.
 * Pass the database, not a transaction that a refusal rolls back: wrong guesses must stay counted.
 */
export async function requireOutflowAllowed(db: Queryable, proof: OutflowProof): Promise<void> {
  const until = await withdrawalsLockedUntil(db, proof.userId, proof.now);
  if (until !== undefined) throw new Refusal('outflowLocked', { until: momentVar(until) });
  if (!proof.fundsPassword) throw new Refusal('fundsPasswordMissing');
  const [user] = await db.query<{ set: boolean }>(`select coalesce(funds_password_hash, '') <> '' as set from app_user where id = $1`, [proof.userId]);
  if (!user?.set) throw new Refusal('fundsPasswordNotSet');
  await requireFundsPassword(db, proof.userId, proof.fundsPassword, proof.now, proof.client);
  await requireSecondFactor(db, { userId: proof.userId, code: proof.totpCode, client: proof.client, now: proof.now });
}

/**
 * The lock, read again in the transaction that sends the user's crypto, under the user's app_user
 * row locked `for no key update` (kernel/platform/userLock.ts): a security change writes the lock
 * on that row (withdrawalLock.ts lockWithdrawals), so the two are serialised. A change written
 * first is waited for and seen (refused); a change coming second waits for this transaction's
 * commit, and only then locks what is left. Read outside the transaction, a change committed in the
 * ~50 ms of the funds password's scrypt let the crypto go although the lock had started.
 * Call it before the transaction locks the user's balance rows (the order every writer keeps).
 */
export async function requireOutflowUnlocked(tx: Queryable, userId: number, now: number): Promise<void> {
  await lockUser(tx, userId);
  const until = await withdrawalsLockedUntil(tx, userId, now);
  if (until !== undefined) throw new Refusal('outflowLocked', { until: momentVar(until) });
}
