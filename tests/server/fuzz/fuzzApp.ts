import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../../server/config.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import type { RouteAuth } from '../../../server/kernel/platform/auth/authPlugin.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import fp from '../../../server/kernel/platform/http/plugin.js';
import { pairOpenings } from '../../../server/kernel/platform/catalogue.js';
import { accountRules } from '../../../server/kernel/platform/ledger/accountRules.js';
import { firstAnswer, type Kernel, type ProductParts } from '../../../server/kernel/platform/product.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import { silentUserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { PRODUCTS } from '../../../server/products/index.js';
import type { Schema } from './schema.js';
import { productTestbed, withHelpers } from '../support/productTestbed.js';
import { createTestUser } from '../support/users.js';
import { givesCodes, OPERATOR_SECRET, recoveryCodesOf, signInOperator } from '../support/operators.js';

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
const OPERATOR = { account: 'fuzz-operator@openex.test', password: 'Fuzz-operator-2026', totpSecret: OPERATOR_SECRET };

/**
 * The server's own composition (every product of server/products/index.ts, as server/start.ts
 * makes it, minus sockets, listening and the products' timers), with an onRoute hook registered
 * ahead of the products, so a route a product adds tomorrow is in the table without touching this
 * suite. A user (funded, verified) and an operator sign in through the API.
 */
export function useFuzzApp(): FuzzApp {
  const state = {} as { dataDir?: string };
  // Registered ahead of the test bed, so it runs after the bed has stopped the products and closed the database.
  afterAll(() => {
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  });
  // Kept by reference: hooks registered later (requireAuthForAll) still set route.config.
  const seen: RouteOptions[] = [];
  const t = productTestbed({
    async products({ db }) {
      state.dataDir = mkdtempSync(join(tmpdir(), 'openex-fuzz-'));
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
        db,
        userFeed: silentUserFeed,
        pairs: pairOpenings(),
        accounts: accountRules(PRODUCTS.map((p) => p.accounts), undefined, PRODUCTS.map((p) => p.walletAccounts)),
        publish: () => undefined,
        log: { info: () => undefined, error: () => undefined },
        offers: createOffers(),
      };
      const parts: ProductParts[] = [];
      for (const product of PRODUCTS) parts.push(await product.create(kernel));
      kernel.offers!.offer('channels', { snapshot: (channel) => firstAnswer(parts, (part) => part.snapshot?.(channel)), follow: () => () => undefined, followUser: () => () => undefined });
      return parts;
    },
    parts: (parts) => ({
      // Not encapsulated (fp), so the hook sits on the root and sees every product's routes.
      routes: [fp((app) => void app.addHook('onRoute', (route) => void seen.push(route))) as (app: FastifyInstance) => Promise<void>, ...parts.flatMap((p) => (p.routes ? [p.routes] : []))],
      async prepare() {
        for (const part of parts) await part.prepare?.();
      },
      async stop() {
        for (const part of [...parts].reverse()) await part.stop?.();
      },
    }),
  });
  // Filled in once the app is ready; read by the tests when they run.
  const fuzz = withHelpers(t, { routes: [] as SeenRoute[], user: {} as Record<string, string>, operator: {} as Record<string, string> });
  beforeAll(async () => {
    const appLimit = t.app.initialConfig.bodyLimit ?? 1024 * 1024;
    fuzz.routes = seen.flatMap((route) =>
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
    const passwordHash = await hashPassword(USER.password);
    await createTestUser(t.db, { name: USER.account, email: true, passwordHash, fundsPasswordHash: passwordHash, verified: true, funded: { USDT: '10000', BTC: '1' } });
    fuzz.user = { token: await signIn(t.app, '/api/login', USER) };
    fuzz.operator = { token: await signInOperator(t.app, { ...OPERATOR, secret: OPERATOR_SECRET }) };
    // Its codes for the operators desk (deskOperator): recovery codes, good at once however many a file asks.
    givesCodes(fuzz.operator, recoveryCodesOf(t.db, OPERATOR.account));
  });
  return fuzz;
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

/**
 * Columns that change with time, not with input: a session's last use is written when the session
 * cache looks its token up again (every 30 s of use), so a fuzz pass longer than that moves it.
 */
const MOVES_WITH_TIME: Record<string, readonly string[]> = { session_token: ['last_seen_at'] };

/** A row as JSON without the columns that move with time, for `old`/`new` in a trigger or a table alias. */
const rowWithoutTime = (t: string, row: string) => `(to_jsonb(${row}) - array[${(MOVES_WITH_TIME[t] ?? []).map((c) => `'${c}'`).join(', ')}]::text[])`;

/**
 * Notes every write to the given tables from here on, so each route's writes are read with one
 * query: row triggers that add a line to `fuzz_write` for each insert, delete, and update that
 * changes a row (minus the columns that move with time). It replaced counting every table's rows
 * before and after each route, about 90 ms a count on PostgreSQL: 1,156 counts and over 100 s of
 * the file (issue 55, CI time). It also sees updates, which counts did not. A write that is rolled
 * back leaves no line, as it leaves no change.
 */
export async function watchWrites(db: Database, tables: readonly string[]): Promise<void> {
  await db.exec(`
    create table fuzz_write (at bigserial primary key, name text not null, op text not null);
    create function fuzz_note_write() returns trigger language plpgsql as $$
      begin insert into fuzz_write (name, op) values (tg_table_name, tg_op); return null; end $$;`);
  const changed = (t: string) => (MOVES_WITH_TIME[t] ? `${rowWithoutTime(t, 'old')} is distinct from ${rowWithoutTime(t, 'new')}` : 'old.* is distinct from new.*');
  await db.exec(
    tables
      .map(
        (t) =>
          `create trigger fuzz_write_rows after insert or delete on "${t}" for each row execute function fuzz_note_write();
           create trigger fuzz_write_changes after update on "${t}" for each row when (${changed(t)}) execute function fuzz_note_write();`,
      )
      .join('\n'),
  );
}

/** The writes noted since the last call, as "table: N INSERT, M UPDATE"; forgets them. */
export async function writesNoted(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string; op: string; n: number }>(`select name, op, count(*)::int as n from fuzz_write group by name, op order by name, op`);
  if (rows.length) await db.query(`delete from fuzz_write`);
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.name, [...(byTable.get(r.name) ?? []), `${r.n} ${r.op}`]);
  return [...byTable].map(([name, ops]) => `${name}: ${ops.join(', ')}`);
}

/** A hash of every table's whole content: catches updates that leave the row counts alone. */
export async function contentHashes(db: Database, tables: readonly string[]): Promise<Record<string, string>> {
  const rowText = (t: string) => (MOVES_WITH_TIME[t] ? `${rowWithoutTime(t, 'x')}::text` : 'x::text');
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
