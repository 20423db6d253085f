/**
 * Who is behind a session token, remembered for a short while so the hot paths (placing and
 * cancelling orders, every signed-in read) do not pay a database round trip per request.
 *
 * Correctness does not rest on the time limit alone: sign-out, password change and reset evict
 * the entries they end (`forgetToken`, `forgetUser`) in this process at once, and publish the
 * eviction with pg_notify so that other servers sharing one PostgreSQL evict them too (see
 * `listenForRevocations`). The time limit bounds what a lost notification can cost.
 *
 * A lookup that read a session's row before a revocation committed must not cache that row after
 * the eviction has run (there was nothing yet to evict): it would keep a signed-out token live for
 * up to the time limit. Every revocation heard counts, and a lookup caches what it read only if
 * none came between its look at the count (`revocationCount`, before its read) and its `put`.
 */
export interface Principal {
  id: number;
  kind: 'user' | 'operator';
  /** The session's public id (session_token.id): an operator's step-up window is its session's. */
  session?: number;
}

interface Entry {
  principal: Principal;
  /** Epoch ms after which the entry must be looked up again (cache TTL or session expiry, whichever is first). */
  until: number;
}

/** A revoked session: one token (sign-out) or every token of a user (password change or reset). */
export type Revocation = { tokenHash: string } | { userId: number };

/** Where revocations are heard (the gateways end the private-channel subscriptions they name). */
export interface RevocationSource {
  onRevoked(listener: (revocation: Revocation) => void): () => void;
}

export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

export class SessionCache implements RevocationSource {
  private entries = new Map<string, Entry>();
  /** Revocations heard (and clears) so far: see `put`. */
  private revocations = 0;
  private readonly revokedListeners = new Set<(revocation: Revocation) => void>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  get(tokenHash: string): Principal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.clock()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.principal;
  }

  /** Taken by a lookup before it reads the session's row, and handed to `put` with what it read. */
  get revocationCount(): number {
    return this.revocations;
  }

  /**
   * Remembers a lookup's answer — unless a revocation was heard since `readFrom`, the count when the
   * lookup began: its row may predate that revocation. Not cached then; the next request reads again.
   * (Any revocation, not only this token's or user's: they are rare, and a skipped put costs one read.)
   */
  put(tokenHash: string, principal: Principal, sessionExpiresMs: number, readFrom: number): void {
    if (readFrom !== this.revocations) return;
    // A Map keeps insertion order, so the oldest entry is the first one: a cheap bound on memory.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { principal, until: Math.min(this.clock() + this.ttlMs, sessionExpiresMs) });
  }

  /** A revoked token: forgotten here, and every listener told (a socket may hold it without any entry here). */
  forgetToken(tokenHash: string): void {
    this.revocations += 1;
    this.entries.delete(tokenHash);
    this.tell({ tokenHash });
  }

  forgetUser(userId: number): void {
    this.revocations += 1;
    for (const [hash, entry] of this.entries) if (entry.principal.id === userId) this.entries.delete(hash);
    this.tell({ userId });
  }

  onRevoked(listener: (revocation: Revocation) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  private tell(revocation: Revocation): void {
    for (const listener of this.revokedListeners) listener(revocation);
  }

  /** Everything forgotten (the revocation channel was (re)joined: a notice may have been missed meanwhile). */
  clear(): void {
    this.revocations += 1;
    this.entries.clear();
  }
}

/** The channel on which revocations are announced to every server sharing the database. */
export const REVOCATION_CHANNEL = 'openex_session_revoked';

/** The payload of a revocation notice: a token hash (`t:<hash>`) or a whole user (`u:<id>`). */
export function applyRevocation(cache: SessionCache, payload: string): void {
  if (payload.startsWith('t:')) cache.forgetToken(payload.slice(2));
  else if (payload.startsWith('u:')) cache.forgetUser(Number(payload.slice(2)));
}
