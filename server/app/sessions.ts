import { createHash, randomBytes } from 'node:crypto';
import type { UserInfo } from '../../src/domain/api.js';
import type { Queryable } from '../db/database.js';

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

/** The user behind a live (not expired, not revoked) token, or undefined. */
export async function userForToken(db: Queryable, token: string | undefined): Promise<UserInfo | undefined> {
  if (!token || token.length > 200) return undefined;
  const rows = await db.query<UserRow>(
    `select u.id, u.account, u.nickname, u.avatar, u.email, u.phone, u.area_code, u.invitation_code, u.name_status
     from session_token s join app_user u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { name_status, ...rest } = row;
  return { ...rest, info: { name_status } };
}
