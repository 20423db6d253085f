import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.js';
import { openEmbeddedPostgres } from './embeddedPostgres.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { seed } from './seed/index.js';

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
}

/** Opens PostgreSQL when a URL is given, else the embedded one; then migrates and seeds. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return prepared(await openDriver(options));
}

/** Migrates and seeds an open database; closes it if either fails, so nothing is left running. */
export async function prepared(db: Database): Promise<Database> {
  try {
    await migrate(db);
    await seed(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

function openDriver({ databaseUrl, dataDir, embedded }: OpenOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl);
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
