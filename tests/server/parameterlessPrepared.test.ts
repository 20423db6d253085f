import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_ONCE, type Database } from '../../server/kernel/platform/db/database.js';
import { BARRIER_SQL } from '../../server/kernel/platform/db/durabilityBarrier.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from './testDb.js';

/**
 * Statements without parameters that run all day — the durability barrier after every batch, the
 * chain watcher's read of what is in flight each block — are prepared once per connection instead
 * of sent as plain texts, which PostgreSQL parses and plans on every call (issue 55 §2: 20 µs a
 * barrier, 0.26 ms a chain read under bench:pipeline). One connection per pool, so the session
 * asked is the one that ran them. PostgreSQL only (PGlite prepares nothing).
 */
describe.skipIf(!usingPostgres())('statements without parameters that run all day', () => {
  let schema: IsolatedSchema;
  let db: Database;
  const preparedOf = async (planOnce: boolean) =>
    (await db.query<{ statement: string }>('select statement from pg_prepared_statements where $1::int = 1', [1], planOnce ? PLAN_ONCE : undefined)).map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    schema = await createIsolatedSchema();
    db = await openPostgres(schema.url, { pool: 1, planOnce: 1 });
  });
  afterAll(async () => {
    await db?.close();
    await schema?.drop();
  });

  it('the durability barrier is a prepared statement of its session', async () => {
    await db.durable();
    await db.durable();
    expect(await preparedOf(false)).toContain(BARRIER_SQL);
  });

  it('a planned-once statement without parameters is prepared, and answers as before', async () => {
    const text = `select 'in flight' as kind, count(*)::int as n from pg_namespace where nspname = 'no such schema'`;
    expect(await db.query(text, [], PLAN_ONCE)).toEqual([{ kind: 'in flight', n: 0 }]);
    expect(await db.query(text, [], PLAN_ONCE)).toEqual([{ kind: 'in flight', n: 0 }]);
    expect(await preparedOf(true)).toContain(text);
    // One planned for each call stays a plain text.
    const plain = `select 'planned each time' as kind`;
    expect(await db.query(plain)).toEqual([{ kind: 'planned each time' }]);
    expect(await preparedOf(false)).not.toContain(plain);
  });
});
