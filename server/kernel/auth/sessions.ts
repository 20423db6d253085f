import { createHash, randomBytes } from 'node:crypto';
import type { UserInfo } from '../../../src/domain/api.js';
import type { Queryable } from '../db/database.js';
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

/** Opens a session and returns its opaque token; only the hash is stored. */
export async function openSession(db: Queryable, userId: number, ttlDays = SESSION_TTL_DAYS): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into session_token (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), userId, ttlDays],
  );
  return token;
}

interface UserRow {
  id: number;
  account: string;
  nickname: string;
  avatar: string;
  email: string;
  phone: string;
  area_code: string;
  invitation_code: string;
  name_status: 1 | 2 | 3 | 4;
}

/**
 * Ends one session (sign-out). The notice goes out with the transaction's commit (NOTIFY is
 * transactional); the local eviction happens at once, which at worst costs one extra lookup.
 */
export async function revokeSession(db: Queryable, token: string): Promise<void> {
  const hash = hashToken(token);
  await db.query('update session_token set revoked_at = now() where token_hash = $1 and revoked_at is null', [hash]);
  await db.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, `t:${hash}`]);
  sessionCache.forgetToken(hash);
}

/** Ends every session of a user (after a password, email or phone change, or a reset). */
export async function revokeAllSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('update session_token set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
  await db.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, `u:${userId}`]);
  sessionCache.forgetUser(userId);
}

/** The user behind a live user token, for the gateways' private channel (server and edges); operators are not users there. */
export async function userIdForToken(db: Queryable, token: string): Promise<number | undefined> {
  const principal = await principalForToken(db, token);
  return principal?.kind === 'user' ? principal.id : undefined;
}

/**
 * Who is behind a live (not expired, not revoked) token — a user or an operator — from the cache
 * when it knows, else from the database (and then remembered). Refusals are not cached: they are
 * cheap to repeat and must never outlive a sign-in.
 */
export async function principalForToken(db: Queryable, token: string | undefined): Promise<Principal | undefined> {
  if (!token || token.length > 200) return undefined;
  const hash = hashToken(token);
  const cached = sessionCache.get(hash);
  if (cached) return cached;
  const rows = await db.query<{ user_id: number; kind: string; expires_ms: number }>(
    `select s.user_id, u.kind, (extract(epoch from s.expires_at) * 1000)::bigint as expires_ms
     from session_token s join app_user u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.kind in ('user', 'operator')`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const principal: Principal = { id: Number(row.user_id), kind: row.kind === 'operator' ? 'operator' : 'user' };
  sessionCache.put(hash, principal, Number(row.expires_ms));
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
