import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { FIAT_PATHS, type FiatAd, type FiatOrder, type FiatPublishRequest } from '../../../domain/fiat.js';
import { openSession } from '../../../server/kernel/auth/sessions.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { buildHttp } from '../../../server/kernel/http/app.js';
import { changeBalance, readBalance } from '../../../server/kernel/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import type { UserStreamMessage } from '../../../domain/spotOrders.js';
import { ensureOperator } from '../../../server/products/operator/operators.js';
import { operatorRoutes } from '../../../server/products/operator/routes.js';
import { createFiat } from '../../../server/products/fiat/product.js';
import { expectOk, post, type Answer } from '../http.js';
import { openTestDatabase } from '../testDb.js';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;

let users = 0;

export interface TestUser {
  id: number;
  headers: Record<string, string>;
}

/**
 * One database and the fiat product over it with a clock the test moves. The sweeper never runs
 * by itself: `sweep()` is one pass; `restart()` makes a new product instance over the same
 * database and runs its start step (the grace for deadlines passed while "down").
 */
export function useFiat() {
  const state = {} as { db: Database; app: FastifyInstance; product: ReturnType<typeof createFiat>; operator: Record<string, string> };
  let clock = Date.now();
  const pushes: Array<{ userId: number; message: UserStreamMessage }> = [];
  const feed = { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: (userId: number, message: object) => void pushes.push({ userId, message: message as UserStreamMessage }) };
  const dataDir = mkdtempSync(join(tmpdir(), 'fiat-test-'));
  beforeAll(async () => {
    state.db = await openTestDatabase();
    state.product = createFiat({ db: state.db, feed, dataDir, clock: () => clock });
    state.app = await buildHttp({ db: state.db, routes: [state.product.parts.routes!, operatorRoutes(state.db)] });
    await state.app.ready();
    await ensureOperator(state.db, 'fiat-desk@openex.test', 'Operator2026');
    const [op] = await state.db.query<{ id: number }>(`select id from app_user where account = 'fiat-desk@openex.test'`);
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
    pushes,
    /** Where the product stores uploads (payment proofs under uploads/fiat). */
    dataDir,
    now: () => clock,
    advance(ms: number) {
      clock += ms;
    },
    sweep: () => state.product.service.sweep(),
    /** A new instance of the product over the same database, as after a restart at the current clock. */
    async restart() {
      state.product = createFiat({ db: state.db, feed, dataDir, clock: () => clock });
      return state.product.service.graceAfterRestart();
    },

    /** A user, verified unless told otherwise, with `funds` of each crypto in the legal account and a collection method. */
    async user(options: { verified?: boolean; funds?: Record<string, string> } = {}): Promise<TestUser & { method: number }> {
      const [row] = await state.db.query<{ id: number }>(`insert into app_user (account, nickname, name_status) values ($1, $2, $3) returning id`, [
        `fiat-${++users}-${process.pid}@example.org`,
        `Trader ${users}`,
        options.verified === false ? 1 : 3,
      ]);
      const id = Number(row!.id);
      for (const [currency, amount] of Object.entries(options.funds ?? {})) {
        await state.db.transaction((tx) => changeBalance(tx, { userId: id, currency, account: 'legal', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
      }
      const [m] = await state.db.query<{ id: number }>(`insert into collection_method (user_id, real_name, card_number, bank_name, currency) values ($1, $2, '6222 0000 1111 2222', 'Test Bank', 'USD') returning id`, [id, `Trader ${users}`]);
      return { id, headers: { token: await openSession(state.db, id) }, method: Number(m!.id) };
    },

    publish(user: TestUser, body: Partial<FiatPublishRequest> & { method_ids: number[] }, headers: Record<string, string> = {}): Promise<Answer<FiatAd>> {
      return post<FiatAd>(state.app, FIAT_PATHS.publish, { side: 'sell', crypto: 'USDT', fiat: 'USD', price_kind: 'fixed', fixed_price: '1.01', total: '1000', min_amount: '10', max_amount: '5000', terms: '', ...body }, { ...user.headers, ...headers });
    },
    /** A fixed-price USDT/USD sell ad of `total` by a fresh seller (price 1.01 USD). */
    async sellAd(total = '1000', extra: Partial<FiatPublishRequest> = {}) {
      const seller = await h.user({ funds: { USDT: '10000', BTC: '1' } });
      const ad = expectOk(await h.publish(seller, { total, method_ids: [seller.method], ...extra }));
      return { seller, ad };
    },
    take(user: TestUser, body: { ad_id: number; by: 'amount' | 'quantity'; value: string; method_id?: number }, headers: Record<string, string> = {}): Promise<Answer<FiatOrder>> {
      return post<FiatOrder>(state.app, FIAT_PATHS.take, body, { ...user.headers, ...headers });
    },
    act(user: TestUser | Record<string, string>, path: string, body: object, headers: Record<string, string> = {}): Promise<Answer<FiatOrder>> {
      const auth = 'headers' in user ? (user as TestUser).headers : (user as Record<string, string>);
      return post<FiatOrder>(state.app, path, body, { ...auth, ...headers });
    },
    legal: (user: { id: number }, currency = 'USDT') => readBalance(state.db, user.id, currency, 'legal'),
    async status(orderId: number): Promise<string> {
      const [row] = await state.db.query<{ status: string }>('select status from fiat_order where id = $1', [orderId]);
      return row!.status;
    },
    /** Everything that counts for "refusals change nothing". */
    async snapshot() {
      const [row] = await state.db.query<{ s: string }>(
        `select (select count(*) from ledger_entry)::text || '/' || (select count(*) from fiat_order)::text || '/' || (select count(*) from fiat_ad)::text || '/' ||
           (select coalesce(sum(remaining), 0) from fiat_ad)::text || '/' || (select count(*) from fiat_event)::text || '/' ||
           (select string_agg(status, ',' order by id) from fiat_order) as s`,
      );
      return row!.s;
    },
    async expectAuditClean() {
      expect(await auditBooks(state.db)).toEqual([]);
    },
  };
  return h;
}
