import type { LoginHistoryPage, LoginResult, SessionItem } from '../../../../domain/sessions.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import { revokeSessionHash } from '../../../kernel/platform/auth/sessions.js';
import { describeDevice, type DeviceInfo } from '../../../kernel/platform/notifications/notify.js';

/**
 * The user's sessions and sign-in history (issue 35). A session is named by its id; its token's
 * hash never leaves the server. Revoking goes through the kernel's revocation (revokeSessionHash),
 * so the session cache forgets it, other servers hear it, and the gateways end its sockets at once.
 */

interface SessionRow {
  id: string | number;
  token_hash: string;
  user_agent: string;
  ip: string;
  created_at: Date | string;
  last_seen_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The user's live sessions, the one of `currentHash` first, then by last use. */
export async function listSessions(db: Queryable, userId: number, currentHash: string): Promise<SessionItem[]> {
  const rows = await db.query<SessionRow>(
    `select id, token_hash, user_agent, ip, created_at, last_seen_at from session_token
     where user_id = $1 and revoked_at is null and expires_at > now()
     order by (token_hash = $2) desc, last_seen_at desc, id desc limit 200`,
    [userId, currentHash],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    device: describeDevice(row.user_agent),
    ip: row.ip,
    created_at: iso(row.created_at),
    last_seen_at: iso(row.last_seen_at),
    current: row.token_hash === currentHash,
  }));
}

/** Ends one of the user's live sessions; false when it is not theirs, not live, or does not exist. */
export async function revokeSessionById(db: Queryable, userId: number, id: number): Promise<boolean> {
  const [row] = await db.query<{ token_hash: string }>(
    'select token_hash from session_token where id = $1 and user_id = $2 and revoked_at is null and expires_at > now()',
    [id, userId],
  );
  if (!row) return false;
  await revokeSessionHash(db, row.token_hash);
  return true;
}

/** Ends every live session of the user but `currentHash`'s; answers how many. */
export async function revokeOtherSessions(db: Queryable, userId: number, currentHash: string): Promise<number> {
  const rows = await db.query<{ token_hash: string }>(
    'select token_hash from session_token where user_id = $1 and token_hash <> $2 and revoked_at is null and expires_at > now()',
    [userId, currentHash],
  );
  for (const row of rows) await revokeSessionHash(db, row.token_hash);
  return rows.length;
}

/** Records one sign-in attempt on an existing account (unknown accounts have no history to keep). */
export async function recordLogin(db: Queryable, userId: number, device: DeviceInfo | undefined, result: LoginResult): Promise<void> {
  await db.query('insert into login_history (user_id, ip, user_agent, result) values ($1, $2, $3, $4)', [
    userId,
    (device?.ip ?? '').slice(0, 64),
    (device?.userAgent ?? '').slice(0, 512),
    result,
  ]);
}

/** One page of the user's sign-in history, newest first. */
export async function loginHistory(db: Queryable, userId: number, page: number, size: number): Promise<LoginHistoryPage> {
  const rows = await db.query<{ id: string | number; at: Date | string; ip: string; user_agent: string; result: LoginResult }>(
    'select id, at, ip, user_agent, result from login_history where user_id = $1 order by id desc limit $2 offset $3',
    [userId, size, (page - 1) * size],
  );
  const [count] = await db.query<{ n: number }>('select count(*)::int as n from login_history where user_id = $1', [userId]);
  return {
    list: rows.map((row) => ({ id: Number(row.id), at: iso(row.at), ip: row.ip, device: describeDevice(row.user_agent), result: row.result })),
    total: count?.n ?? 0,
    page,
    size,
  };
}
