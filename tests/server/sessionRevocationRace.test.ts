import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/kernel/platform/db/database.js';
import { SessionCache } from '../../server/kernel/platform/auth/sessionCache.js';
import { hashToken, openSession, principalForToken, revokeAllSessions, revokeSession, sessionCache } from '../../server/kernel/platform/auth/sessions.js';
import { useTestDatabase } from './testDb.js';

/**
 * A token lookup that reads its session's row before a revocation commits, and caches it after the
 * revocation's eviction has run, must not keep the token live (stop 86 named the window: up to the
 * cache's 30 s). The lookups below are made to straddle a revocation deterministically: the
 * database answers the session read, then the revocation commits, then the lookup goes on.
 */
const t = useTestDatabase();

async function userWithSession(account: string): Promise<{ id: number; token: string }> {
  const [row] = await t.db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [account]);
  const id = Number(row!.id);
  return { id, token: await openSession(t.db, id) };
}

/** `db`, except that `during` runs (and commits) right after the session row has been read. */
function revokingDuringTheRead(during: () => Promise<void>): Queryable {
  return {
    async query<T extends object>(sql: string, params?: readonly unknown[]) {
      const rows = await t.db.query<T>(sql, params);
      if (sql.includes('from session_token s join app_user')) await during();
      return rows;
    },
  } as Queryable;
}

describe('a session lookup that straddles its revocation', () => {
  it('answers as of its read, but does not cache a token signed out meanwhile', async () => {
    const { token } = await userWithSession('straddle-signout@example.com');
    const straddling = await principalForToken(
      revokingDuringTheRead(() => revokeSession(t.db, token)),
      token,
    );
    expect(straddling?.kind).toBe('user');
    expect(sessionCache.get(hashToken(token))).toBeUndefined();
    expect(await principalForToken(t.db, token)).toBeUndefined();
  });

  it('does not cache a token whose user changed their password meanwhile (every session ended)', async () => {
    const { id, token } = await userWithSession('straddle-password@example.com');
    await principalForToken(
      revokingDuringTheRead(() => revokeAllSessions(t.db, id)),
      token,
    );
    expect(sessionCache.get(hashToken(token))).toBeUndefined();
    expect(await principalForToken(t.db, token)).toBeUndefined();
  });

  it('still caches a lookup no revocation came between', async () => {
    const { token } = await userWithSession('straddle-none@example.com');
    const principal = await principalForToken(t.db, token);
    expect(sessionCache.get(hashToken(token))).toEqual(principal);
  });
});

describe('SessionCache.put', () => {
  const principal = { id: 7, kind: 'user' } as const;
  const far = Date.now() + 3_600_000;

  it('keeps what was read with no revocation since', () => {
    const cache = new SessionCache();
    cache.put('a', principal, far, cache.revocationCount);
    expect(cache.get('a')).toEqual(principal);
  });

  it.each([
    ['another token signed out', (cache: SessionCache) => cache.forgetToken('other')],
    ['a user whose sessions all ended', (cache: SessionCache) => cache.forgetUser(99)],
    ['the revocation channel joined again', (cache: SessionCache) => cache.clear()],
  ])('drops a read that began before %s', (_what, revoke) => {
    const cache = new SessionCache();
    const readFrom = cache.revocationCount;
    revoke(cache);
    cache.put('a', principal, far, readFrom);
    expect(cache.get('a')).toBeUndefined();
  });
});
