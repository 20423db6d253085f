import { createHash, randomBytes } from 'node:crypto';
import type { NameStatus, UserInfo } from '../../../../domain/api.js';
import { whenCommitted, type Queryable } from '../db/database.js';
import { REVOCATION_CHANNEL, SessionCache, type Principal } from './sessionCache.js';

/**
 * The process's session cache (see sessionCache.ts): every lookup of a token goes through it, and
 * every revocation below evicts from it and announces the eviction to other servers.
 */
export const sessionCache = new SessionCache();

export const SESSION_TTL_DAYS = 7;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a session was opened from, kept for the user's list of sessions (issue 35). */
export interface SessionOrigin {
  userAgent: string;
  ip: string;
}

/** Opens a session and returns its opaque token; only the hash is stored (with `origin`, when given, for the sessions list). */
export async function openSession(db: Queryable, userId: number, ttlDays = SESSION_TTL_DAYS, origin?: SessionOrigin): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into session_token (token_hash, user_id, expires_at, user_agent, ip) values ($1, $2, now() + make_interval(days => $3), $4, $5)`,
    [hashToken(token), userId, ttlDays, (origin?.userAgent ?? '').slice(0, 512), (origin?.ip ?? '').slice(0, 64)],
  );
  return token;
}

/** The user's row: UserInfo with its verification status as a column. */
type UserRow = Omit<UserInfo, 'info'> & { name_status: NameStatus };

/**
 * Ends one session (sign-out). The notice to other servers goes out with the transaction's commit
 * (NOTIFY is transactional), and so does this process's eviction and the end of the session's
 * sockets (`whenCommitted`): told before the commit, a page heard "signed out" before the answer of
 * its own change (a new password says "Changed; please log in again"), or for a change that then
 * rolled back; and a lookup between the eviction and the commit cached the token as live again.
 */
export async function revokeSession(db: Queryable, token: string): Promise<void> {
  await revokeSessionHash(db, hashToken(token));
}

/** Ends the session stored under `hash` (the user's list of sessions names them by id, never by token), as revokeSession does. */
export async function revokeSessionHash(db: Queryable, hash: string): Promise<void> {
  await db.query('update session_token set revoked_at = now() where token_hash = $1 and revoked_at is null', [hash]);
  await db.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, `t:${hash}`]);
  whenCommitted(db, () => sessionCache.forgetToken(hash));
}

/** Ends every session of a user (after a password, email or phone change, or a reset), as revokeSession does. */
export async function revokeAllSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('update session_token set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
  await db.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, `u:${userId}`]);
  whenCommitted(db, () => sessionCache.forgetUser(userId));
}

/** The user behind a live user token, for the gateways' private channel (server and edges); operators are not users there. */
export async function userIdForToken(db: Queryable, token: string): Promise<number | undefined> {
  const principal = await principalForToken(db, token);
  return principal?.kind === 'user' ? principal.id : undefined;
}

/**
 * Who is behind a live (not expired, not revoked, not a frozen user's: kernel/platform/accountFreeze) token — a user or an operator — from the cache
 * when it knows, else from the database (and then remembered). Refusals are not cached: they are
 * cheap to repeat and must never outlive a sign-in.
 */
export async function principalForToken(db: Queryable, token: string | undefined): Promise<Principal | undefined> {
  if (!token || token.length > 200) return undefined;
  const hash = hashToken(token);
  const cached = sessionCache.get(hash);
  if (cached) return cached;
  // Before the read: a revocation committing while it runs keeps its answer out of the cache.
  const readFrom = sessionCache.revocationCount;
  const rows = await db.query<{ id: number; user_id: number; kind: string; expires_ms: number; stale: boolean }>(
    `select s.id, s.user_id, u.kind, (extract(epoch from s.expires_at) * 1000)::bigint as expires_ms,
            s.last_seen_at < now() - interval '1 minute' as stale
     from session_token s join app_user u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.kind in ('user', 'operator') and u.frozen_at is null`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  // "Last seen" for the sessions list: refreshed when the cache looks the token up, at most once a minute.
  if (row.stale) await db.query('update session_token set last_seen_at = now() where token_hash = $1', [hash]);
  // An operator's carries its session's id: the step-up window after a code is the session's (auth/operators/stepUp.ts).
  const principal: Principal = row.kind === 'operator' ? { id: Number(row.user_id), kind: 'operator', session: Number(row.id) } : { id: Number(row.user_id), kind: 'user' };
  sessionCache.put(hash, principal, Number(row.expires_ms), readFrom);
  return principal;
}

const USER_COLUMNS = 'u.id, u.account, u.nickname, u.avatar, u.email, u.phone, u.area_code, u.invitation_code, u.name_status';

function toUserInfo(row: UserRow): UserInfo {
  const { name_status, ...rest } = row;
  return { ...rest, info: { name_status } };
}

export async function userById(db: Queryable, id: number): Promise<UserInfo | undefined> {
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from app_user u where u.id = $1`, [id]);
  return rows[0] && toUserInfo(rows[0]);
}
