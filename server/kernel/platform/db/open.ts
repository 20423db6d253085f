import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.js';
import { openEmbeddedPostgres } from './embeddedPostgres.js';
import { markSeeded, migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres, poolSizes } from './postgres.js';
import { seed, type ProductSeed } from './seed/index.js';

/** The embedded database when no DATABASE_URL is given (EMBEDDED_DB). */
export type EmbeddedDb = 'postgres' | 'pglite';

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; undefined keeps it in memory (PGlite only). */
  dataDir?: string | undefined;
  /**
   * Which embedded database: PostgreSQL in DATA_DIR/postgres, or PGlite in DATA_DIR/pglite.
   * Undefined: PostgreSQL, unless DATA_DIR holds only a PGlite database (an earlier version's).
   */
  embedded?: EmbeddedDb | undefined;
  /** DATABASE_POOL_SIZE on DATABASE_URL (postgres.ts poolSizes). */
  poolSize?: number | undefined;
  /** The products' seeds (ServerProduct.seed), run after the kernel's: the composition root passes them. */
  productSeeds?: readonly ProductSeed[];
}

/** Opens PostgreSQL when a URL is given, else the embedded one; then migrates and seeds. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return prepared(await openDriver(options), options.productSeeds);
}

/**
 * Migrates and seeds an open database, and records that it did (markSeeded: what the processes that
 * do not prepare it wait for); closes it if either fails, so nothing is left running.
 */
export async function prepared(db: Database, productSeeds: readonly ProductSeed[] = []): Promise<Database> {
  try {
    await migrate(db);
    await seed(db, productSeeds);
    await markSeeded(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * What to tell the operator of a PostgreSQL that runs without autovacuum, or nothing. The order
 * and ledger tables grow by thousands of rows a minute; never analyzed, the statements planned per
 * call stay planned for the empty tables of the first start and scan them whole (bench:pipeline on
 * such a server: the database's CPU rose through the run to 1.3 cores at 200 orders/s), and never
 * vacuumed, they bloat.
 */
export function autovacuumWarning(setting: string | undefined): string | undefined {
  if (setting !== 'off') return undefined;
  return (
    'The PostgreSQL at DATABASE_URL runs with autovacuum off: its tables are never analyzed or vacuumed, ' +
    'so queries slow down as orders and ledger entries accumulate. Turn autovacuum on (the default), ' +
    'or run VACUUM ANALYZE regularly.\n'
  );
}

async function openDriver({ databaseUrl, dataDir, embedded, poolSize }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    const db = await openPostgres(databaseUrl, poolSizes(poolSize));
    const [row] = await db.query<{ setting: string }>(`select current_setting('autovacuum') as setting`);
    const warning = autovacuumWarning(row?.setting);
    if (warning) process.stderr.write(warning);
    return db;
  }
  if (!dataDir) return openPglite();
  if (embedded === undefined && existsSync(join(dataDir, 'pglite')) && !existsSync(join(dataDir, 'postgres'))) {
    // Data written by a version whose default was PGlite: never start an empty exchange over it.
    process.stderr.write(
      `${dataDir} holds a PGlite database from an earlier version: staying on PGlite (EMBEDDED_DB=pglite to say so; ` +
        'the embedded PostgreSQL would start empty, and nothing copies the data across yet)\n',
    );
    return openPglite(join(dataDir, 'pglite'));
  }
  if (embedded === 'pglite') return openPglite(join(dataDir, 'pglite'));
  return openEmbeddedPostgres(join(dataDir, 'postgres'));
}
