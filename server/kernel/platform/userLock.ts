import type { Queryable } from './db/database.js';

/**
 * Serialises one user's submissions that check a per-user limit before they add to it (P2P takes
 * against the trust and unpaid limits, ads against the online cap, uploads against their quota):
 * the second waits on the user's app_user row until the first commits, then counts what the first
 * added. The wallet's own lock (products/wallet/userLock.ts) takes the same row lock.
 * "No key update" because rows these transactions insert hold a key-share lock on the user through
 * their foreign keys, which a plain "for update" would conflict with.
 *
 * The same row lock is what a security change's write of the withdrawal lock waits on (or holds):
 * crypto leaving an account reads that lock under it (auth/outflow/outflow.ts requireOutflowUnlocked).
 */
export async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query('select id from app_user where id = $1 for no key update', [userId]);
}

/**
 * `lockUser` for two users at once (a P2P sale into a buy ad: the buyer's limits, the seller's
 * outflow), taken in the order of their ids so that two such transactions with the same users the
 * other way round wait for each other instead of deadlocking.
 */
export async function lockUsers(tx: Queryable, userIds: readonly number[]): Promise<void> {
  await tx.query('select id from app_user where id = any($1::bigint[]) order by id for no key update', [[...new Set(userIds)]]);
}
