import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/kernel/platform/db/migrate.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { createIsolatedSchema, usingPostgres } from './testDb.js';

/**
 * Three cluster nodes started at once on a fresh database each migrate it. CI's chaos run once lost
 * a node at start: `create table if not exists schema_migrations`, run before the migration lock,
 * raced the other nodes' and failed with "duplicate key … pg_type_typname_nsp_index" (PostgreSQL's
 * IF NOT EXISTS is not safe against a concurrent create). PGlite has one connection: nothing races.
 */
describe.runIf(usingPostgres())('migrating one fresh PostgreSQL from several processes at once', () => {
  it('applies every migration once and fails none of them', async () => {
    for (let round = 0; round < 3; round++) {
      const isolated = await createIsolatedSchema();
      const nodes = await Promise.all([1, 2, 3, 4].map(() => openPostgres(isolated.url)));
      try {
        const applied = await Promise.all(nodes.map((db) => migrate(db)));
        const total = applied.reduce((sum, names) => sum + names.length, 0);
        const once = applied.find((names) => names.length > 0)!;
        // One node applied the whole history; the others found it applied.
        expect(total).toBe(once.length);
        const recorded = await nodes[0]!.query<{ n: number }>('select count(*)::int as n from schema_migrations');
        expect(recorded[0]!.n).toBe(once.length);
      } finally {
        await Promise.all(nodes.map((db) => db.close()));
        await isolated.drop();
      }
    }
  }, 120_000);
});
