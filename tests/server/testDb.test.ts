import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/db/database.js';
import { openTestDatabase, usingPostgres } from './testDb.js';

/** The harness itself: each openTestDatabase() is a separate, migrated and seeded database. */
describe('openTestDatabase', () => {
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('uses the driver DATABASE_URL selects', () => {
    expect(a.dialect).toBe(usingPostgres() ? 'postgres' : 'pglite');
  });

  it('is migrated and seeded', async () => {
    const rows = await a.query<{ n: number }>('select count(*)::int as n from currency');
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('isolates one database from another', async () => {
    await a.query(`insert into app_user (account) values ('only-in-a')`);
    expect(await a.query(`select id from app_user where account = 'only-in-a'`)).toHaveLength(1);
    expect(await b.query(`select id from app_user where account = 'only-in-a'`)).toHaveLength(0);
  });

  it.runIf(usingPostgres())('on PostgreSQL, works in its own schema and drops it on close', async () => {
    const [{ schema }] = (await a.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    expect(schema).toMatch(/^t_\d+_\d+_\d+$/);
    const c = await openTestDatabase();
    const [{ schema: other }] = (await c.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    expect(other).not.toBe(schema);
    // Transactions run on pooled clients, which must carry the same search_path.
    const inTx = await c.transaction((tx) => tx.query<{ schema: string }>('select current_schema() as schema'));
    expect(inTx[0]!.schema).toBe(other);
    await c.close();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const left = await client.query('select 1 from information_schema.schemata where schema_name = $1', [other]);
      expect(left.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
