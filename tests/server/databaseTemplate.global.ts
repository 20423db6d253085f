import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepared } from '../../server/kernel/platform/db/open.js';
import { openPglite } from '../../server/kernel/platform/db/pglite.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { withClient } from './pgClient.js';
import { PRODUCT_SEEDS } from './productSeeds.js';

/**
 * Once per run of the server suite: one database migrated and seeded as the server opens it, that
 * every test file's `openTestDatabase` copies instead of creating, migrating and seeding its own.
 * Made anew each run, so it is never older than the migrations and seed it comes from.
 * - PGlite: dumped to a file each file loads (PGlite's initdb alone was most of each file's start).
 * - PostgreSQL (DATABASE_URL, or SERVER_SUITE_DATABASE_URL as CI sets it): a template database each
 *   file copies with CREATE DATABASE … TEMPLATE, about 0.3 s against 1–2 s to migrate a schema of
 *   its own, and no catalog bloat in the shared database (each copy has its own catalogs).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL || process.env.SERVER_SUITE_DATABASE_URL;
  return url ? postgresTemplate(url) : pgliteTemplate();
}

async function pgliteTemplate(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'openex-pglite-template-'));
  const file = join(dir, 'template.tar');
  const db = await openPglite();
  await prepared(db, PRODUCT_SEEDS);
  writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  process.env.OPENEX_PGLITE_TEMPLATE = file;
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** Templates and copies are named `openex_tpl_<epoch seconds>_<pid>[_<pid>_<n>]`. */
const PREFIX = 'openex_tpl_';
/** A run killed before its teardown leaves its databases; the next run drops those this old. */
const STALE_SECONDS = 6 * 3600;

async function postgresTemplate(baseUrl: string): Promise<() => Promise<void>> {
  await dropDatabases(baseUrl, (name) => {
    const born = Number(name.slice(PREFIX.length).split('_')[0]);
    return Number.isFinite(born) && born < Date.now() / 1000 - STALE_SECONDS;
  });
  const template = `${PREFIX}${Math.floor(Date.now() / 1000)}_${process.pid}`;
  await withClient(baseUrl, (client) => client.query(`create database "${template}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${template}`;
  // Closed before any copy: CREATE DATABASE … TEMPLATE refuses a template with sessions on it.
  await (await prepared(await openPostgres(url.toString()), PRODUCT_SEEDS)).close();
  process.env.OPENEX_PG_TEMPLATE = template;
  return () => dropDatabases(baseUrl, (name) => name.startsWith(template));
}

async function dropDatabases(baseUrl: string, which: (name: string) => boolean): Promise<void> {
  await withClient(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${PREFIX}%`]);
    for (const { datname } of rows) if (which(datname)) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}
