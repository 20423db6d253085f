import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.js';
import { openPostgres, poolSizes, withApplicationName } from '../../server/kernel/platform/db/postgres.js';
import { usingPostgres } from './testDb.js';

/**
 * DATABASE_POOL_SIZE: a cluster's nodes each open a server's pools and one per entry they hold, and
 * together could fill PostgreSQL's max_connections (100 by default); the setting caps each pool set.
 */
describe('DATABASE_POOL_SIZE', () => {
  it('is read as a whole number of connections from 2 to 1000, and refused otherwise', () => {
    expect(readConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(readConfig({}).databasePoolSize).toBeUndefined();
    for (const bad of ['1', '0', '-3', '2.5', 'many', '1001']) expect(() => readConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('shares the total between the two pools as the defaults do, each at least one', () => {
    expect(poolSizes(undefined)).toEqual({ pool: 10, planOnce: 6 });
    expect(poolSizes(16)).toEqual({ pool: 10, planOnce: 6 });
    expect(poolSizes(12, { pool: 8, planOnce: 4 })).toEqual({ pool: 8, planOnce: 4 });
    expect(poolSizes(2)).toEqual({ pool: 1, planOnce: 1 });
    for (let total = 2; total <= 40; total++) {
      const sizes = poolSizes(total);
      expect(sizes.pool + sizes.planOnce).toBe(total);
      expect(Math.min(sizes.pool, sizes.planOnce)).toBeGreaterThanOrEqual(1);
    }
  });

  it.runIf(usingPostgres())('caps the connections a process opens however many statements wait', async () => {
    const name = `openex-poolsize-${randomUUID().slice(0, 8)}`;
    const db = await openPostgres(withApplicationName(process.env.DATABASE_URL!, name), poolSizes(3));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      let most = 0;
      const sleeping = Promise.all(Array.from({ length: 12 }, () => db.query('select pg_sleep(0.05)')));
      for (let i = 0; i < 10; i++) {
        const [row] = (await admin.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [name])).rows;
        most = Math.max(most, row!.n);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sleeping;
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(3);
    } finally {
      await admin.end();
      await db.close();
    }
  });
});
