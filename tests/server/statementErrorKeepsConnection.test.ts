import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { PLAN_ONCE } from '../../server/kernel/platform/db/database.js';
import { usingPostgres } from './testDb.js';

/**
 * A statement PostgreSQL refuses (a check constraint, bad input) leaves its connection usable, and
 * the pool keeps it. node-postgres' `pool.query` ends the connection on any error, so each refusal
 * cost a new backend (its start, its caches warmed, every statement prepared and planned again):
 * under bench:pipeline's load the record stage's one-statement write, which is refused by a check
 * constraint whenever a balance moved since its read (by design: the locked path then decides),
 * ended a connection a few times a second and the database's CPU per order grew with them.
 */
describe.runIf(usingPostgres())('a refused statement', () => {
  it('keeps its connection in both pools, and a broken connection is still dropped', async () => {
    const db = await openPostgres(process.env.DATABASE_URL!, { pool: 1, planOnce: 1 });
    try {
      for (const options of [undefined, PLAN_ONCE]) {
        const pid = async () => (await db.query<{ pid: number }>('select pg_backend_pid() as pid where $1::int = 1', [1], options))[0]!.pid;
        let before = await pid();
        await expect(db.query('select $1::int as n', ['not a number'], options)).rejects.toThrow(/invalid input syntax/);
        await expect(db.query('select 1 / $1::int as n', [0], options)).rejects.toThrow(/division by zero/);
        expect(await pid()).toBe(before);

        // A text that opened a transaction block and failed inside it would leave every later
        // statement on that session refused: that connection is dropped, the next one works.
        if (!options) {
          await expect(db.exec('begin; select 1 / 0; commit')).rejects.toThrow(/division by zero/);
          expect((await db.query<{ n: number }>('select $1::int as n', [7]))[0]!.n).toBe(7);
          const again = await pid();
          // One left open by a text that succeeded is dropped too, not handed to the next statement.
          await db.exec('begin; select 1');
          expect(await pid()).not.toBe(again);
          before = await pid();
        }

        // A connection ended under the pool (an operator's pg_terminate_backend) is not pooled again.
        await expect(db.query('select pg_terminate_backend(pg_backend_pid()) where $1::int = 1', [1], options)).rejects.toThrow();
        expect(await pid()).not.toBe(before);
      }
    } finally {
      await db.close();
    }
  });
});
