import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { commitEffects, type Database, type Queryable } from './database.js';
import { BARRIER_SQL, durabilityBarrier } from './durabilityBarrier.js';

/**
 * Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests); `from`, a data
 * directory dumped by `dump()`, starts from a copy of it instead of an empty cluster (the server
 * suite's migrated template: loading it is several times faster than initdb).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}) });
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    dialect: 'pglite',
    ...wrap(lite),
    async exec(sql) {
      await lite.exec(sql);
    },
    async transaction(work, options) {
      const effects = commitEffects();
      const result = await lite.transaction(async (tx) => {
        if (options?.durableLater) await tx.query('SET LOCAL synchronous_commit = off');
        return work({ ...wrap(tx), afterCommit: effects.add });
      });
      effects.run();
      return result;
    },
    durable: durabilityBarrier(async () => {
      await lite.exec(BARRIER_SQL);
    }),
    close: () => lite.close(),
    dump: () => lite.dumpDataDir('none'),
  };
}
