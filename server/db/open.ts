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
  /** Which embedded database: PostgreSQL in DATA_DIR/postgres (default), or PGlite in DATA_DIR/pglite. */
  embedded?: EmbeddedDb | undefined;
}

/** Opens PostgreSQL when a URL is given, else the embedded one; then migrates and seeds. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const db = await openDriver(options);
  try {
    await migrate(db);
    await seed(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

function openDriver({ databaseUrl, dataDir, embedded = 'postgres' }: OpenOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl);
  if (embedded === 'postgres' && dataDir) return openEmbeddedPostgres(join(dataDir, 'postgres'));
  return openPglite(dataDir ? join(dataDir, 'pglite') : undefined);
}
