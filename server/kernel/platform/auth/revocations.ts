import type { Database } from '../db/database.js';
import { apiKeysRevokedHere } from './apiKeyRevocation.js';
import { applyRevocation, REVOCATION_CHANNEL } from './sessionCache.js';
import { sessionCache } from './sessions.js';

/**
 * When several servers share one PostgreSQL, a sign-out or password change on one must end the
 * session on all of them at once, not after the cache's time limit: each server listens for the
 * notices that revokeSession / revokeAllSessions publish in their transaction, and evicts. The
 * embedded database serves one process, so there is nothing to listen for.
 */
export async function listenForRevocations(db: Database): Promise<() => Promise<void>> {
  if (!db.listen) return async () => undefined;
  // `k:<user>`: that user's API keys were revoked (apiKeyRevocation.ts); the rest are sessions.
  // A revocation sent while the listening connection was down is lost (db/notifications.ts): once it
  // listens again, every remembered token is looked up afresh rather than trusted to its time limit.
  return db.listen(REVOCATION_CHANNEL, (payload) => (payload.startsWith('k:') ? apiKeysRevokedHere(Number(payload.slice(2))) : applyRevocation(sessionCache, payload)), {
    onListening: () => sessionCache.clear(),
  });
}
