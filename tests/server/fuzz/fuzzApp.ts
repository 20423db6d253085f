import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../../server/config.js';
import { hashPassword } from '../../../server/kernel/auth/passwords.js';
import type { RouteAuth } from '../../../server/kernel/auth/authPlugin.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { buildHttp } from '../../../server/kernel/http/app.js';
import fp from '../../../server/kernel/http/plugin.js';
import { changeBalance } from '../../../server/kernel/ledger/ledger.js';
import { pairOpenings } from '../../../server/kernel/catalogue.js';
import { accountRules } from '../../../server/kernel/ledger/accountRules.js';
import { firstAnswer, type Kernel, type ProductParts } from '../../../server/kernel/product.js';
import { createOffers } from '../../../server/kernel/offers.js';
import { silentUserFeed } from '../../../server/kernel/realtime/userFeed.js';
import { PRODUCTS } from '../../../server/products/index.js';
import type { Schema } from './generate.js';
import { openTestDatabase } from '../testDb.js';

/** One route as fastify registered it: what the fuzz suite reads instead of a hand-written list. */
export interface SeenRoute {
  method: string;
  url: string;
  auth: RouteAuth | undefined;
  body: Schema | undefined;
  querystring: Schema | undefined;
  params: Schema | undefined;
  /** The route's own body limit, or the app's. */
  bodyLimit: number;
}

export interface FuzzApp {
  app: FastifyInstance;
  db: Database;
  routes: SeenRoute[];
  /** `token` headers of a signed-in user and operator. */
  user: Record<string, string>;
  operator: Record<string, string>;
}

const USER = { account: 'fuzz-user@example.org', password: 'Fuzz-pass-2026' };
const OPERATOR = { account: 'fuzz-operator@openex.test', password: 'Fuzz-operator-2026' };

/**
 * The server's own composition (every product of server/products/index.ts, as server/start.ts
 * makes it, minus sockets, listening and the products' timers), with an onRoute hook registered
 * ahead of the products, so a route a product adds tomorrow is in the table without touching this
 * suite. A user (funded, verified) and an operator sign in through the API.
 */
export function useFuzzApp(): FuzzApp {
  const state = {} as FuzzApp & { dataDir: string; parts: ProductParts[] };
  beforeAll(async () => {
    state.dataDir = mkdtempSync(join(tmpdir(), 'openex-fuzz-'));
    state.db = await openTestDatabase();
    const config: ServerConfig = {
      port: 0,
      host: '127.0.0.1',
      dataDir: state.dataDir,
      databaseUrl: undefined,
      clientDir: join(state.dataDir, 'no-client'),
      logLevel: 'silent',
      marketMakers: false,
      chainSimulator: true,
      chainBlockMs: 60_000,
      operator: OPERATOR,
    };
    const kernel: Kernel = {
      config,
      db: state.db,
      userFeed: silentUserFeed,
      pairs: pairOpenings(),
      accounts: accountRules(PRODUCTS.map((p) => p.accounts)),
      publish: () => undefined,
      log: { info: () => undefined, error: () => undefined },
      offers: createOffers(),
    };
    state.parts = [];
    for (const product of PRODUCTS) state.parts.push(await product.create(kernel));
    const parts = state.parts;
    kernel.offers!.offer('channels', { snapshot: (channel) => firstAnswer(parts, (part) => part.snapshot?.(channel)) });

    // Kept by reference: hooks registered later (requireAuthForAll) still set route.config.
    const seen: RouteOptions[] = [];
    // Not encapsulated (fp), so the hook sits on the root and sees every product's routes.
    const collector = fp((app) => {
      app.addHook('onRoute', (route) => void seen.push(route));
    }) as (app: FastifyInstance) => Promise<void>;
    state.app = await buildHttp({ db: state.db, routes: [collector, ...state.parts.flatMap((p) => (p.routes ? [p.routes] : []))] });
    for (const part of state.parts) await part.prepare?.();
    await state.app.ready();
    const appLimit = state.app.initialConfig.bodyLimit ?? 1024 * 1024;
    state.routes = seen.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method: String(method).toUpperCase(),
        url: route.url,
        auth: route.config?.auth,
        body: route.schema?.body as Schema | undefined,
        querystring: route.schema?.querystring as Schema | undefined,
        params: route.schema?.params as Schema | undefined,
        bodyLimit: route.bodyLimit ?? appLimit,
      })),
    );

    const [user] = await state.db.query<{ id: number }>(
      `insert into app_user (account, email, password_hash, funds_password_hash, name_status) values ($1, $1, $2, $2, 3) returning id`,
      [USER.account, await hashPassword(USER.password)],
    );
    await state.db.transaction(async (tx) => {
      for (const [currency, available] of [['USDT', '10000'], ['BTC', '1']] as const) {
        await changeBalance(tx, { userId: Number(user!.id), currency, account: 'spot', available, frozen: '0', kind: 'deposit', refType: 'test', refId: null });
      }
    });
    state.user = { token: await signIn(state.app, '/api/login', USER) };
    state.operator = { token: await signIn(state.app, '/api/operator/login', OPERATOR) };
  });
  afterAll(async () => {
    for (const part of [...(state.parts ?? [])].reverse()) await part.stop?.();
    await state.app?.close();
    await state.db?.close();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  });
  return {
    get app() {
      return state.app;
    },
    get db() {
      return state.db;
    },
    get routes() {
      return state.routes;
    },
    get user() {
      return state.user;
    },
    get operator() {
      return state.operator;
    },
  };
}

async function signIn(app: FastifyInstance, url: string, credentials: { account: string; password: string }): Promise<string> {
  const answer = await app.inject({ method: 'POST', url, payload: credentials });
  const body = answer.json() as { code: number; msg: string; data: { token?: string } | null };
  if (body.code !== 200 || !body.data?.token) throw new Error(`sign-in at ${url} failed: ${answer.body}`);
  return body.data.token;
}

/** Every table of the test's schema (PGlite's public, or the isolated schema on PostgreSQL). */
export async function tableNames(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Row counts of every table, in one statement. */
export async function rowCounts(db: Database, tables: readonly string[]): Promise<Record<string, number>> {
  const rows = await db.query<{ name: string; n: number }>(tables.map((t) => `select '${t}' as name, count(*)::int as n from "${t}"`).join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/** A hash of every table's whole content: catches updates that leave the row counts alone. */
/**
 * Columns that change with time, not with input: a session's last use is written when the session
 * cache looks its token up again (every 30 s of use), so a fuzz pass longer than that moves it.
 */
const MOVES_WITH_TIME: Record<string, readonly string[]> = { session_token: ['last_seen_at'] };

export async function contentHashes(db: Database, tables: readonly string[]): Promise<Record<string, string>> {
  const rowText = (t: string) => (MOVES_WITH_TIME[t] ? `(to_jsonb(x) - array[${MOVES_WITH_TIME[t]!.map((c) => `'${c}'`).join(', ')}]::text[])::text` : 'x::text');
  const rows = await db.query<{ name: string; h: string }>(
    tables.map((t) => `select '${t}' as name, md5(coalesce(string_agg(md5(${rowText(t)}), '' order by md5(${rowText(t)})), '')) as h from "${t}" x`).join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}

/** Tables whose value differs between two snapshots, as "table: before → after". */
export function differences<T>(before: Record<string, T>, after: Record<string, T>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).map((n) => `${n}: ${String(before[n])} → ${String(after[n])}`);
}
