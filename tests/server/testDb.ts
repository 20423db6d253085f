import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { openPglite } from '../../server/kernel/platform/db/pglite.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { buildApp } from './buildApp.js';
import { prepared } from '../../server/kernel/platform/db/open.js';
import { databaseFiatRates } from '../../server/products/markets/fiatRates.js';
import { withClient } from './pgClient.js';
import { PRODUCT_SEEDS } from './productSeeds.js';

/**
 * Test databases. Without DATABASE_URL each call gets a fresh in-memory PGlite; with it, each call
 * gets its own schema on that PostgreSQL (search_path set through the connection string), dropped
 * again on close, so test files never see each other's rows and parallel runs never collide.
 */

let counter = 0;

export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

export interface IsolatedSchema {
  /** Connection string whose sessions all use the schema as search_path. */
  url: string;
  schema: string;
  drop(): Promise<void>;
}

/** Creates an empty schema on DATABASE_URL and returns a connection string confined to it. */
export async function createIsolatedSchema(baseUrl = process.env.DATABASE_URL): Promise<IsolatedSchema> {
  if (!baseUrl) throw new Error('createIsolatedSchema needs DATABASE_URL');
  const schema = `t_${process.pid}_${++counter}_${Date.now()}`;
  await withClient(baseUrl, (client) => client.query(`create schema "${schema}"`));
  const url = new URL(baseUrl);
  // URLSearchParams encodes the value (spaces, '='), which pg-connection-string decodes again.
  url.searchParams.set('options', `-c search_path=${schema}`);
  let dropped = false;
  return {
    url: url.toString(),
    schema,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(baseUrl, (client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

/** Opens a database without migrating or seeding it (for the migration tests). */
export async function openBlankDatabase(): Promise<Database> {
  if (!usingPostgres()) return openPglite();
  const isolated = await createIsolatedSchema();
  return openDroppedOnClose(isolated.url, () => isolated.drop());
}

/** PostgreSQL at `url`, `drop` run when it closes — or at once when it cannot be opened. */
async function openDroppedOnClose(url: string, drop: () => Promise<unknown>): Promise<Database> {
  let db: Database;
  try {
    db = await openPostgres(url);
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...db,
    async close() {
      try {
        await db.close();
      } finally {
        await drop();
      }
    },
  };
}

/**
 * A migrated and seeded database, as the server opens it. Close it in afterAll. On PGlite, a copy
 * of the run's template (databaseTemplate.global.ts) when there is one; on PostgreSQL, a copy of
 * the run's template database.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = process.env.OPENEX_PGLITE_TEMPLATE;
  if (!usingPostgres() && template) {
    templateBlob ??= new Blob([readFileSync(template)]);
    return openPglite(undefined, templateBlob);
  }
  const pgTemplate = process.env.OPENEX_PG_TEMPLATE;
  if (usingPostgres() && pgTemplate) return openTemplateCopy(pgTemplate);
  return prepared(await openBlankDatabase(), PRODUCT_SEEDS);
}

/**
 * On PostgreSQL with the run's template database (databaseTemplate.global.ts): a database of the
 * file's own, copied from it by CREATE DATABASE … TEMPLATE, dropped on close. Each worker copies one
 * ahead: the copy writes the template's ~12 MB to the WAL and waits for its flush (0.06–0.8 s here,
 * most of a small file's time), so the next file's copy is made while this file's tests run and
 * the worker's other work overlaps the wait. The run's teardown drops the one left over.
 */
async function openTemplateCopy(template: string): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL!;
  // Taken and replaced in the same turn: two opens at once never share a copy.
  const copy = copyAhead ?? copyTemplate(baseUrl, template);
  copyAhead = copyTemplate(baseUrl, template);
  // Its failure is the next open's to report, when that open takes it.
  copyAhead.catch(() => undefined);
  const name = await copy;
  const drop = () => withClient(baseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  return openDroppedOnClose(databaseUrl(baseUrl, name), drop);
}

/** This worker's next copy of the template, made while the current file runs. */
let copyAhead: Promise<string> | undefined;

async function copyTemplate(baseUrl: string, template: string): Promise<string> {
  const name = `${template}_${process.pid}_${++counter}`;
  await withClient(baseUrl, (client) => client.query(`create database "${name}" template "${template}"`));
  return name;
}

/** `baseUrl` pointed at another database on the same server. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The template's bytes, read once per test file. */
let templateBlob: Blob | undefined;

/** The HTTP app over `db`, ready for `app.inject`. Close it before the database. */
export async function buildTestApp(db: Database): Promise<FastifyInstance> {
  const app = await buildApp({ db, rates: databaseFiatRates(db) });
  await app.ready();
  return app;
}

/**
 * A resource of the test file (or describe block) that calls this: opened before its tests, closed
 * after them; the answer reads it, and says `what` was used outside a test.
 */
function heldForTests<T>(what: string, open: () => Promise<T>, close: (held: T) => Promise<unknown>): () => T {
  let held: T | undefined;
  beforeAll(async () => {
    held = await open();
  });
  afterAll(async () => {
    if (held !== undefined) await close(held);
  });
  return () => {
    if (held === undefined) throw new Error(`${what} used outside a test`);
    return held;
  };
}

/**
 * One migrated, seeded database per test file (or describe block): registers beforeAll/afterAll
 * and returns a live getter, so a test file reads `const t = useTestDatabase();` then uses `t.db`.
 */
export function useTestDatabase(): { readonly db: Database } {
  const db = heldForTests('useTestDatabase: db', openTestDatabase, (held) => held.close());
  return {
    get db() {
      return db();
    },
  };
}

/**
 * One migrated, seeded database and app per test file: registers beforeAll/afterAll and returns
 * live getters, so a test file reads `const t = useTestApp();` then uses `t.app` and `t.db`. (The
 * app closes before the database: vitest runs afterAll hooks last registered first.)
 */
export function useTestApp(): { readonly app: FastifyInstance; readonly db: Database } {
  const base = useTestDatabase();
  const app = heldForTests('useTestApp: app', () => buildTestApp(base.db), (held) => held.close());
  return {
    get app() {
      return app();
    },
    get db() {
      return base.db;
    },
  };
}
