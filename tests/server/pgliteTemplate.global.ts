import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepared } from '../../server/kernel/db/open.js';
import { openPglite } from '../../server/kernel/db/pglite.js';

/**
 * Once per run of the server suite on PGlite: one database migrated and seeded as the server
 * opens it, dumped to a file that every test file's `openTestDatabase` loads instead of creating,
 * migrating and seeding its own (PGlite's initdb alone was most of each file's start). Made anew
 * each run, so it is never older than the migrations and seed it comes from. Nothing to do on
 * PostgreSQL (DATABASE_URL), where each file gets a schema of its own.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.DATABASE_URL || process.env.SERVER_SUITE_DATABASE_URL) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'openex-pglite-template-'));
  const file = join(dir, 'template.tar');
  const db = await openPglite();
  await prepared(db);
  writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  process.env.OPENEX_PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
