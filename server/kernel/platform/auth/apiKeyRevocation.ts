import type { Queryable } from '../db/database.js';
import { REVOCATION_CHANNEL } from './sessionCache.js';

/**
 * Ends every API key of a user, in the caller's transaction: a password change or reset and an
 * operator's freeze or key suspension (issue 51 §3) take away what a leaked key could do, as they
 * end sessions. Here in the kernel beside revokeAllSessions because the accounts product calls it
 * and the keys belong to another product (server/products/apikeys), whose short key cache
 * (keyStore.ts) asks `apiKeysRevokedSince` before trusting a remembered key, so a revoked key is
 * refused at once: in this process when the revoker calls `apiKeysRevokedHere` after its commit,
 * in the others when the commit's notice arrives (revocations.ts).
 */
export async function revokeApiKeys(tx: Queryable, userId: number, now = Date.now()): Promise<number> {
  const revoked = await tx.query('update api_key set revoked_ms = $2 where user_id = $1 and revoked_ms is null returning id', [userId, now]);
  // A listenKey a leaked key made would go on telling the user's orders and balances for up to an
  // hour: it ends too, and the nodes close its connections at their next check (binance/streams/listenKeys.ts).
  await tx.query('delete from binance_listen_key where user_id = $1', [userId]);
  await tx.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, `k:${userId}`]);
  return revoked.length;
}

/** When (this process's clock) each user's keys were last revoked; a key remembered before that is read again. */
const revokedAt = new Map<number, number>();
const REMEMBERED_MAX = 10_000;

/** After the commit that revoked `userId`'s keys (and on hearing another server's notice): remembered keys of the user are stale. */
export function apiKeysRevokedHere(userId: number, at = Date.now()): void {
  if (revokedAt.size >= REMEMBERED_MAX) revokedAt.delete(revokedAt.keys().next().value!);
  revokedAt.delete(userId);
  revokedAt.set(userId, at);
}

/** Whether `userId`'s keys were revoked at or after `cachedAt` (a cache entry's time): then the entry must not be trusted. */
export function apiKeysRevokedSince(userId: number, cachedAt: number): boolean {
  const at = revokedAt.get(userId);
  return at !== undefined && at >= cachedAt;
}
