import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { openBlankDatabase, openTestDatabase, usingPostgres } from './testDb.js';

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

  it.runIf(usingPostgres())('on PostgreSQL, works in a database of its own copied from the run template, dropped on close', async () => {
    const template = process.env.OPENEX_PG_TEMPLATE!;
    expect(template).toMatch(/^openex_tpl_\d+_\d+$/);
    const [{ name }] = (await a.query<{ name: string }>('select current_database() as name')) as [{ name: string }];
    expect(name.startsWith(`${template}_`)).toBe(true);
    const c = await openTestDatabase();
    const [{ name: other }] = (await c.query<{ name: string }>('select current_database() as name')) as [{ name: string }];
    expect(other).not.toBe(name);
    // Transactions run on pooled clients, which must reach the same database.
    const inTx = await c.transaction((tx) => tx.query<{ name: string }>('select current_database() as name'));
    expect(inTx[0]!.name).toBe(other);
    await c.close();
    expect(await databaseExists(other)).toBe(false);
    expect(await databaseExists(name)).toBe(true);
  });

  it.runIf(usingPostgres())('on PostgreSQL, a blank database works in its own schema and drops it on close', async () => {
    const c = await openBlankDatabase();
    const [{ schema }] = (await c.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    expect(schema).toMatch(/^t_\d+_\d+_\d+$/);
    const inTx = await c.transaction((tx) => tx.query<{ schema: string }>('select current_schema() as schema'));
    expect(inTx[0]!.schema).toBe(schema);
    await c.close();
    const left = await onServer((client) => client.query('select 1 from information_schema.schemata where schema_name = $1', [schema]));
    expect(left.rowCount).toBe(0);
  });
});

async function databaseExists(name: string): Promise<boolean> {
  const found = await onServer((client) => client.query('select 1 from pg_database where datname = $1', [name]));
  return found.rowCount === 1;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
