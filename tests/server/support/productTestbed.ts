import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '../../../domain/operators.js';
import { openSession } from '../../../server/kernel/platform/auth/sessions.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../../server/kernel/platform/http/app.js';
import { auditBooks } from '../../../server/products/audit.js';
import { ensureOperator } from '../../../server/products/operator/operators.js';
import { operatorRoutes } from '../../../server/products/operator/routes.js';
import { post, type Answer } from '../http.js';
import { openTestDatabase } from '../testDb.js';
import { appDatabase, deskOperator, givesCodes, OPERATOR_SECRET, operatorCode, recoveryCodesOf, type TestOperator } from './operators.js';
import { createTestUser, type NewTestUser, type TestUser } from './users.js';

type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** What the app serves around the products under test, and what runs before and after it. */
export interface TestbedParts {
  routes: RoutePlugin[];
  /** After the app is built, before it is ready (a product's start step). */
  prepare?(): Promise<void>;
  /** Before the app closes (timers, chains, markets going idle). */
  stop?(): Promise<void>;
}

export interface ProductTestbedOptions<P> {
  /** Where the file's clock starts (ms since the epoch); `now()` reads it, `advance`/`set` move it. */
  startAt?: number;
  /** Makes the products under test over the file's database, reading time from `now`. */
  products(env: { db: Database; now: () => number }): P | Promise<P>;
  /** The routes (and start and stop steps) of what `products` made. */
  parts(products: P, db: Database): TestbedParts;
  /**
   * A desk operator's account, signed in once the app is ready: `t.operator` are its headers. It is
   * the file's admin (deskOperator); its first desk code turns its 2FA on (support/operators.ts recoveryCodesOf).
   */
  operator?: string;
  /**
   * Enrol `operator` in 2FA with OPERATOR_SECRET, for files whose operator acts where its own code is
   * asked (an approval, a ruling): `t.operatorCode({ secret: OPERATOR_SECRET })` is then its code.
   */
  operatorTwoFactor?: boolean;
  /** Serve the operator product's routes (its sign-in and desk) too; by default when there is an operator. */
  operatorRoutes?: boolean;
  /** Defaults for `t.user()` (a tag, the ledger account deposits go to, verification). */
  users?: NewTestUser;
}

export interface ProductTestbed<P> {
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly products: P;
  /** The desk operator's headers (when the options named one). */
  readonly operator: Record<string, string>;
  now(): number;
  advance(ms: number): void;
  set(ms: number): void;
  /**
   * `op`'s 2FA code at the test clock, which first catches up with real time (an enrolment at
   * sign-in used a step of real time) and moves a step on: no code is a replay of an earlier one.
   */
  operatorCode(op: { secret: string }): string;
  /** A signed-in user: the test bed's defaults overridden by `options`. */
  user(options?: NewTestUser): Promise<TestUser>;
  /**
   * The file's desk operators by name, each holding its roles (`{ second: ['finance'] }`: another
   * finance operator), made through the desk by `operator` before the file's tests (a beforeAll
   * registered here): read them in tests and hooks, not when the file loads.
   */
  deskOperators<K extends string>(roles: Record<K, readonly OperatorRole[]>): Record<K, TestOperator>;
  /** POST as `who` (a user, bare headers, or nobody), with extra headers. */
  post<T = unknown>(who: { headers: Record<string, string> } | Record<string, string> | undefined, path: string, body: object, headers?: Record<string, string>): Promise<Answer<T>>;
  expectAuditClean(): Promise<void>;
}

/**
 * One product server-test file's world: a migrated, seeded database of its own (a PGlite copy, or a
 * schema on PostgreSQL when DATABASE_URL is set: testDb.ts), the products under test over it with a
 * clock the test moves, the HTTP app serving their routes (for `app.inject`), users, and the
 * clean-up. Registers beforeAll/afterAll, so a test file reads `const t = productTestbed({...})`.
 * Where the products are one product's parts (`createFees(…)` and the like), `parts` may be left
 * out: the app serves that product's routes alone, none of its timed steps.
 */
export function productTestbed<P>(options: ProductTestbedOptions<P>): ProductTestbed<P>;
export function productTestbed<P extends { parts: { routes?: RoutePlugin } }>(options: Omit<ProductTestbedOptions<P>, 'parts'> & Partial<Pick<ProductTestbedOptions<P>, 'parts'>>): ProductTestbed<P>;
export function productTestbed<P>(options: Omit<ProductTestbedOptions<P>, 'parts'> & Partial<Pick<ProductTestbedOptions<P>, 'parts'>>): ProductTestbed<P> {
  const state = {} as { db: Database; app: FastifyInstance; products: P; parts: TestbedParts; operator: Record<string, string> };
  let clock = options.startAt ?? Date.now();
  const now = () => clock;
  beforeAll(async () => {
    state.db = await openTestDatabase();
    state.products = await options.products({ db: state.db, now });
    state.parts = options.parts?.(state.products, state.db) ?? { routes: [(state.products as { parts: { routes: RoutePlugin } }).parts.routes] };
    const routes = (options.operatorRoutes ?? Boolean(options.operator)) ? [...state.parts.routes, operatorRoutes(state.db)] : state.parts.routes;
    state.app = await buildHttp({ db: state.db, routes });
    await state.parts.prepare?.();
    await state.app.ready();
    appDatabase(state.app, state.db);
    if (options.operator) {
      state.operator = { token: await (options.operatorTwoFactor ? signInOperatorWith2fa : signInOperator)(state.db, options.operator) };
      // Its codes for the operators desk (deskOperator): recovery codes, made at the first one asked.
      givesCodes(state.operator, recoveryCodesOf(state.db, options.operator));
    }
  });
  afterAll(async () => {
    await state.parts?.stop?.();
    await state.app?.close();
    await state.db?.close();
  });
  return {
    get db() {
      return state.db;
    },
    get app() {
      return state.app;
    },
    get products() {
      return state.products;
    },
    get operator() {
      return state.operator;
    },
    now,
    advance(ms: number) {
      clock += ms;
    },
    set(ms: number) {
      clock = ms;
    },
    operatorCode(op: { secret: string }) {
      clock = Math.max(clock, Date.now()) + 30_000;
      return operatorCode(op.secret, clock);
    },
    user: (more = {}) => createTestUser(state.db, { ...options.users, ...more }),
    deskOperators<K extends string>(roles: Record<K, readonly OperatorRole[]>) {
      const made = {} as Record<K, TestOperator>;
      beforeAll(async () => {
        for (const name of Object.keys(roles) as K[]) made[name] = await deskOperator(state.app, state.operator, roles[name]);
      });
      return made;
    },
    post<T = unknown>(who: { headers: Record<string, string> } | Record<string, string> | undefined, path: string, body: object, headers: Record<string, string> = {}) {
      return post<T>(state.app, path, body, { ...headersOf(who), ...headers });
    },
    async expectAuditClean() {
      expect(await auditBooks(state.db)).toEqual([]);
    },
  };
}

/** A user's headers, or the headers themselves. */
export function headersOf(who: { headers: Record<string, string> } | Record<string, string> | undefined): Record<string, string> {
  if (!who) return {};
  return 'headers' in who && typeof who.headers === 'object' ? (who.headers as Record<string, string>) : (who as Record<string, string>);
}

/**
 * The desk operator's session (one day, as operator sign-in gives), the account made first if need
 * be: the file's first is its environment operator (ensureOperator); a later one (a "bare" operator
 * with every role and no 2FA) is made beside it, so that the environment's operator — who alone
 * gives access without a second admin (accessRequests.ts) — stays the file's first.
 */
export async function signInOperator(db: Database, account: string): Promise<string> {
  const name = account.trim().toLowerCase();
  const [environment] = await db.query<{ account: string }>('select u.account from operator_account o join app_user u on u.id = o.user_id where o.from_environment');
  if (!environment || environment.account === name) await ensureOperator(db, name, 'Operator2026');
  else {
    const [user] = await db.query<{ id: number }>(
      `insert into app_user (account, nickname, kind, password_hash) values ($1, $1, 'operator', $2) on conflict (account) do update set kind = app_user.kind returning id`,
      [name, await hashPassword('Operator2026')],
    );
    await db.query('insert into operator_account (user_id, roles) values ($1, $2::text[]) on conflict (user_id) do nothing', [user!.id, [...OPERATOR_ROLES]]);
  }
  const [operator] = await db.query<{ id: number }>('select id from app_user where account = $1', [name]);
  return openSession(db, Number(operator!.id), 1);
}

/** signInOperator, the operator enrolled in 2FA with OPERATOR_SECRET: its codes are operatorCode(OPERATOR_SECRET, …). */
export async function signInOperatorWith2fa(db: Database, account: string): Promise<string> {
  const token = await signInOperator(db, account);
  await db.query(`insert into user_two_factor (user_id, secret, enabled, enabled_at) select id, $1, true, now() from app_user where account = $2`, [OPERATOR_SECRET, account]);
  return token;
}

/**
 * A product's test helpers on top of its test bed: copies `extra`'s properties (getters kept as
 * getters, so they are read when a test runs, not when the file loads) onto the test bed.
 */
export function withHelpers<B extends object, E extends object>(bed: B, extra: E): Omit<B, keyof E> & E {
  return Object.defineProperties(bed, Object.getOwnPropertyDescriptors(extra)) as unknown as Omit<B, keyof E> & E;
}
