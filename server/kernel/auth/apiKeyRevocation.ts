import type { Queryable } from '../db/database.js';

/**
 * Ends every API key of a user, in the caller's transaction: a password change or reset (and a
 * freeze, when the operator gets one) takes away what a leaked key could do, as it ends sessions.
 * Here in the kernel beside revokeAllSessions because the accounts product calls it and the keys
 * belong to another product (server/products/apikeys), which keeps no state of its own to tell:
 * its short key cache (keyStore.ts) forgets a revoked key within seconds.
 */
export async function revokeApiKeys(tx: Queryable, userId: number, now = Date.now()): Promise<void> {
  await tx.query('update api_key set revoked_ms = $2 where user_id = $1 and revoked_ms is null', [userId, now]);
}
