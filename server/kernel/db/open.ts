import { join } from 'node:path';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { seed } from './seed/index.js';

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; undefined keeps it in memory. */
  dataDir?: string | undefined;
}

/** Opens PostgreSQL when a URL is given, else the embedded one; then migrates and seeds. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ? join(options.dataDir, 'pglite') : undefined);
  await migrate(db);
  await seed(db);
  return db;
}
