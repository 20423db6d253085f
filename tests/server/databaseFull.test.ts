import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { usingPostgres } from './testDb.js';

/**
 * Issue 53 §2: nodes started together on one PostgreSQL may find it full (`too many clients`,
 * 53300) after their pool's first connection: a lease's session, the LISTEN connection or the
 * pool's next connection. Each used to fail the start (a chaos run on a busy machine: "node 2 exited
 * with 1 … sorry, too many clients already"); each now waits until a connection is free. The
 * database is made full for one role by its CONNECTION LIMIT, which refuses with the same code.
 */
describe.runIf(usingPostgres())('a database full for a moment', () => {
  const role = `openex_full_${randomUUID().slice(0, 8)}`;
  const admin = () => new pg.Client({ connectionString: process.env.DATABASE_URL });
  let db: Database;
  let limitedUrl: string;

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create role ${role} login connection limit 2`);
    await client.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.username = role;
    url.password = '';
    limitedUrl = url.toString();
    db = await openPostgres(limitedUrl, { pool: 2, planOnce: 1 });
  });

  afterAll(async () => {
    await db?.close();
    const client = admin();
    await client.connect();
    await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where usename = $1`, [role]);
    await client.query(`drop role if exists ${role}`);
    await client.end();
  });

  /** Takes every connection the role has left, and gives them back after `ms`: the role is full meanwhile. */
  async function fullFor(ms: number): Promise<void> {
    const held: pg.Client[] = [];
    for (;;) {
      const holder = new pg.Client({ connectionString: limitedUrl });
      holder.on('error', () => undefined);
      try {
        await holder.connect();
        held.push(holder);
      } catch (error) {
        expect((error as { code?: string }).code).toBe('53300');
        break;
      }
    }
    setTimeout(() => void Promise.all(held.map((h) => h.end())), ms);
  }

  it('a session (a lease is taken on one) waits for a free connection instead of failing', async () => {
    await fullFor(600);
    const started = Date.now();
    const session = await db.session!();
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await session.query<{ n: number }>('select 1 as n')).toEqual([{ n: 1 }]);
    await session.close();
  });

  it("the first LISTEN waits too, and hears what is said once it is in", async () => {
    await fullFor(600);
    const heard: string[] = [];
    const stop = await db.listen!('openex_full_test', (payload) => heard.push(payload));
    const client = admin();
    await client.connect();
    await client.query(`notify openex_full_test, 'hello'`);
    await client.end();
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['hello']);
    await stop();
  });

  it("the pool's next connection waits too: the statement runs once a connection is free", async () => {
    // The pool's one open connection is busy for a second, so the next statement needs a second one.
    const busy = db.query(`select pg_sleep(1)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fullFor(600);
    const answer = await db.query<{ n: number }>('select $1::int as n', [7]);
    expect(answer).toEqual([{ n: 7 }]);
    await busy;
  });
});
