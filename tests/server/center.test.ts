import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../domain/api.js';
import { hashToken, openSession, revokeSession } from '../../server/kernel/platform/auth/sessions.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, post } from './http.js';
import { buildTestApp, openTestDatabase } from './testDb.js';

let db: Database;
let app: FastifyInstance;
let userId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await buildTestApp(db);
  const [row] = await db.query<{ id: number }>(
    `insert into app_user (account, nickname, email) values ('alice@example.com', 'Alice', 'alice@example.com') returning id`,
  );
  userId = row!.id;
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

const center = (headers: Record<string, string> = {}) => post<UserInfo>(app, '/api/center/index', undefined, headers);

describe('POST /api/center/index', () => {
  it('without a token → code 403, translated', async () => {
    expectRefusal(await center(), 403, MESSAGES.en_US.notLoggedIn);
    expectRefusal(await center({ lang: 'ja_JP' }), 403, MESSAGES.ja_JP.notLoggedIn);
    expectRefusal(await center({ token: '' }), 403);
  });

  it('with a live token → the user, name_status 1', async () => {
    const token = await openSession(db, userId);
    const user = expectOk(await center({ token }));
    expect(user).toMatchObject({ id: userId, account: 'alice@example.com', nickname: 'Alice', info: { name_status: 1 } });
    expect(typeof user.id).toBe('number');
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('funds_password_hash');
    expect(user).not.toHaveProperty('name_status');
  });

  it('stores only the hash of the token', async () => {
    const token = await openSession(db, userId);
    const rows = await db.query<{ token_hash: string }>('select token_hash from session_token where user_id = $1', [userId]);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('an unknown, oversized or hashed-form token → 403', async () => {
    const token = await openSession(db, userId);
    expectRefusal(await center({ token: 'not-a-token' }), 403);
    expectRefusal(await center({ token: 'x'.repeat(5000) }), 403);
    expectRefusal(await center({ token: hashToken(token) }), 403);
  });

  it('an expired token → 403', async () => {
    const token = await openSession(db, userId, -1);
    expectRefusal(await center({ token }), 403, MESSAGES.en_US.notLoggedIn);
  });

  it('a revoked token → 403', async () => {
    const token = await openSession(db, userId);
    expectOk(await center({ token }));
    await revokeSession(db, token);
    expectRefusal(await center({ token }), 403);
  });

  it('a deleted user → 403', async () => {
    const [row] = await db.query<{ id: number }>(`insert into app_user (account) values ('bob') returning id`);
    const token = await openSession(db, row!.id);
    expectOk(await center({ token }));
    await db.query('delete from app_user where id = $1', [row!.id]);
    expectRefusal(await center({ token }), 403);
  });

  it('reports the current identity status', async () => {
    const [row] = await db.query<{ id: number }>(`insert into app_user (account, name_status) values ('carol', 3) returning id`);
    const token = await openSession(db, row!.id);
    expect(expectOk(await center({ token })).info).toEqual({ name_status: 3 });
  });
});
