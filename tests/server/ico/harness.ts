import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { ICO_PATHS, type IcoProject, type IcoProjectInput, type IcoSubscription } from '../../../domain/ico.js';
import { openSession } from '../../../server/kernel/auth/sessions.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { buildHttp } from '../../../server/kernel/http/app.js';
import { changeBalance, readBalance } from '../../../server/kernel/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { icoProjectAccountId } from '../../../server/products/ico/ledger.js';
import { ensureOperator } from '../../../server/products/operator/operators.js';
import { operatorRoutes } from '../../../server/products/operator/routes.js';
import { createIco } from '../../../server/products/ico/product.js';
import { silentUserFeed, type UserFeed } from '../../../server/kernel/realtime/userFeed.js';
import type { PairOpenings } from '../../../server/kernel/catalogue.js';
import { expectOk, post, type Answer } from '../http.js';
import { openTestDatabase } from '../testDb.js';

export const HOUR = 3_600_000;
export const DAY = 86_400_000;

let users = 0;
let tokens = 0;

/**
 * One database and the ICO product over it with a clock the test moves. The scheduler never runs
 * by itself: `settle()` is one run.
 */
export function useIco(options: { pairs?: PairOpenings; feed?: UserFeed } = {}) {
  const state = {} as { db: Database; app: FastifyInstance; product: ReturnType<typeof createIco>; operator: Record<string, string> };
  // A whole day, so "released today" boundaries are predictable.
  let clock = Math.floor(Date.now() / DAY) * DAY + 2 * HOUR;
  beforeAll(async () => {
    state.db = await openTestDatabase();
    state.product = createIco({ db: state.db, feed: options.feed ?? silentUserFeed, clock: () => clock, pairs: options.pairs });
    state.app = await buildHttp({ db: state.db, routes: [state.product.parts.routes!, operatorRoutes(state.db)] });
    await state.product.parts.prepare!();
    await state.app.ready();
    await ensureOperator(state.db, 'ico-desk@openex.test', 'Operator2026');
    const [op] = await state.db.query<{ id: number }>(`select id from app_user where account = 'ico-desk@openex.test'`);
    state.operator = { token: await openSession(state.db, Number(op!.id), 1) };
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.close();
  });

  const h = {
    get db() {
      return state.db;
    },
    get app() {
      return state.app;
    },
    get operator() {
      return state.operator;
    },
    get service() {
      return state.product.service;
    },
    now: () => clock,
    set(ms: number) {
      clock = ms;
    },
    advance(ms: number) {
      clock += ms;
    },
    /** A fresh token symbol per project. */
    symbol: () => `T${process.pid % 1000}X${++tokens}`.slice(0, 10),

    save(body: IcoProjectInput, headers: Record<string, string> = {}): Promise<Answer<IcoProject>> {
      return post<IcoProject>(state.app, ICO_PATHS.operatorSave, body as object, { ...state.operator, ...headers });
    },

    /** A project in progress from now − 1 h for `hours` hours (operator route), with overrides. */
    async project(overrides: IcoProjectInput = {}, hours = 48): Promise<IcoProject> {
      return expectOk(
        await h.save({
          symbol: h.symbol(),
          name: 'Test token',
          description: { en_US: 'A test project' },
          total: '1000',
          price: '0.5',
          token_places: 2,
          start_at: clock - HOUR,
          end_at: clock + hours * HOUR,
          min_quantity: '1',
          max_quantity: '100000',
          release_rate: '0.25',
          release_period_ms: DAY,
          ...overrides,
        }),
      );
    },

    async user(funds = '1000'): Promise<{ id: number; headers: Record<string, string> }> {
      const [row] = await state.db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [`ico-${++users}-${process.pid}@example.org`]);
      const id = Number(row!.id);
      if (funds !== '0') {
        await state.db.transaction((tx) =>
          changeBalance(tx, { userId: id, currency: 'USDT', account: 'ico', available: funds, frozen: '0', kind: 'deposit', refType: 'test', refId: null }),
        );
      }
      return { id, headers: { token: await openSession(state.db, id) } };
    },

    subscribe(user: { headers: Record<string, string> }, projectId: number, quantity: string, headers: Record<string, string> = {}): Promise<Answer<IcoSubscription>> {
      return post<IcoSubscription>(state.app, ICO_PATHS.subscribe, { project_id: projectId, quantity }, { ...user.headers, ...headers });
    },
    thaw(user: { headers: Record<string, string> }, projectId: number, headers: Record<string, string> = {}): Promise<Answer<IcoSubscription>> {
      return post<IcoSubscription>(state.app, ICO_PATHS.thaw, { project_id: projectId }, { ...user.headers, ...headers });
    },
    async mine(user: { headers: Record<string, string> }, projectId: number): Promise<IcoSubscription | undefined> {
      return expectOk(await post<IcoSubscription[]>(state.app, ICO_PATHS.mine, {}, user.headers)).find((s) => s.project_id === projectId);
    },
    async projectById(id: number): Promise<IcoProject> {
      return expectOk(await post<IcoProject[]>(state.app, ICO_PATHS.projects, {})).find((p) => p.id === id)!;
    },

    usdt: (user: { id: number }) => readBalance(state.db, user.id, 'USDT', 'ico'),
    token: (user: { id: number }, symbol: string) => readBalance(state.db, user.id, symbol, 'ico'),
    async projectAccount(symbol: string) {
      const id = await icoProjectAccountId(state.db, symbol);
      return { usdt: await readBalance(state.db, id, 'USDT', 'ico'), token: await readBalance(state.db, id, symbol, 'ico') };
    },
    settle: () => state.product.settle(),
    /** Everything that counts for "refusals change nothing". */
    async snapshot() {
      const [row] = await state.db.query<{ s: string }>(
        `select (select count(*) from ledger_entry)::text || '/' || (select count(*) from ico_record)::text || '/' ||
           (select coalesce(sum(quantity), 0) from ico_subscription)::text || '/' || (select coalesce(sum(thawed), 0) from ico_subscription)::text || '/' ||
           (select coalesce(sum(subscribed), 0) from ico_project)::text || '/' || (select count(*) from ico_project)::text as s`,
      );
      return row!.s;
    },
    async expectAuditClean() {
      expect(await auditBooks(state.db)).toEqual([]);
    },
  };
  return h;
}
