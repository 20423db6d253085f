import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { divDecimal, addDecimal, mulDecimal } from '../../../domain/decimal.js';
import { SECONDS_PATHS, type SecondsContract } from '../../../domain/seconds.js';
import type { UserStreamMessage } from '../../../domain/spotOrders.js';
import { openSession } from '../../../server/kernel/auth/sessions.js';
import type { Database, Queryable } from '../../../server/kernel/db/database.js';
import { buildHttp } from '../../../server/kernel/http/app.js';
import { changeBalance, readBalance } from '../../../server/kernel/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { systemAccountId } from '../../../server/kernel/ledger/systemAccounts.js';
import { SECONDS_HOUSE } from '../../../server/products/seconds/ledger.js';
import type { UserFeed } from '../../../server/kernel/realtime/userFeed.js';
import { ensureOperator } from '../../../server/products/operator/operators.js';
import { operatorRoutes } from '../../../server/products/operator/routes.js';
import { createSeconds } from '../../../server/products/seconds/product.js';
import type { IndexPair, TradeSource } from '../../../server/products/seconds/indexPrice.js';
import { post, type Answer } from '../http.js';
import { openTestDatabase } from '../testDb.js';

/** Trades the index reads, kept in memory: a test sets the price of whole seconds. */
export function memoryTrades() {
  const trades: Array<{ symbol: string; ms: number; price: string; quantity: string }> = [];
  const source: TradeSource = {
    async secondVwaps(_q: Queryable, pair: IndexPair, from: number, to: number) {
      const sums = new Map<number, { pq: string; q: string }>();
      for (const t of trades) {
        const s = Math.floor(t.ms / 1000);
        if (t.symbol !== pair.symbol || s < from || s >= to) continue;
        const cur = sums.get(s) ?? { pq: '0', q: '0' };
        sums.set(s, { pq: addDecimal(cur.pq, mulDecimal(t.price, t.quantity)), q: addDecimal(cur.q, t.quantity) });
      }
      return new Map([...sums].map(([s, v]) => [s, divDecimal(v.pq, v.q, pair.pricePrecision)]));
    },
    async priceBefore(_q: Queryable, pair: IndexPair, ms: number) {
      const before = trades.filter((t) => t.symbol === pair.symbol && t.ms < ms).sort((a, b) => a.ms - b.ms);
      return before.at(-1)?.price;
    },
  };
  return {
    source,
    trade(symbol: string, ms: number, price: string, quantity = '1') {
      trades.push({ symbol, ms, price, quantity });
    },
    /** Trades at `price` in each of the five seconds before `second`, so the index of `second` is `price`. */
    priceOf(symbol: string, second: number, price: string) {
      for (let s = second - 5; s < second; s++) trades.push({ symbol, ms: s * 1000 + 500, price, quantity: '1' });
    },
  };
}

/** A user feed that remembers every push. */
export function recordingFeed() {
  const messages: Array<{ userId: number; message: UserStreamMessage }> = [];
  const balances: number[] = [];
  const feed: UserFeed = {
    balancesChanged: (userId) => void balances.push(userId),
    ordersCommitted: () => undefined,
    message: (userId, message) => void messages.push({ userId, message: message as UserStreamMessage }),
  };
  return { feed, messages, balances };
}

let users = 0;

/**
 * One database and the seconds product over it with a clock the test moves and prices it sets;
 * `enabled: false` builds it switched off. The scheduler never runs by itself: `settle()` is a run.
 */
export function useSeconds(options: { enabled?: boolean } = {}) {
  const state = {} as { db: Database; app: FastifyInstance; product: ReturnType<typeof createSeconds>; operator: Record<string, string> };
  // A whole second, well clear of any real "now", so windows never touch the seed's trades.
  let clock = Math.floor(Date.now() / 1000) * 1000;
  const trades = memoryTrades();
  const feed = recordingFeed();
  beforeAll(async () => {
    state.db = await openTestDatabase();
    state.product = createSeconds({ db: state.db, feed: feed.feed, enabled: options.enabled ?? true, clock: () => clock, trades: trades.source });
    state.app = await buildHttp({ db: state.db, routes: [state.product.parts.routes!, operatorRoutes(state.db)] });
    await state.product.parts.prepare!();
    await state.app.ready();
    await ensureOperator(state.db, 'desk@openex.test', 'Operator2026');
    const [op] = await state.db.query<{ id: number }>(`select id from app_user where account = 'desk@openex.test'`);
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
    get product() {
      return state.product;
    },
    get operator() {
      return state.operator;
    },
    trades,
    feed,
    now: () => clock,
    second: () => Math.floor(clock / 1000),
    /** Moves the clock to `ms` into second `second`. */
    at(second: number, ms = 100) {
      clock = second * 1000 + ms;
    },
    advance(ms: number) {
      clock += ms;
    },

    async user(funds = '1000', acknowledge = true): Promise<{ id: number; headers: Record<string, string> }> {
      const [row] = await state.db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [`sec-${++users}-${process.pid}@example.org`]);
      const id = Number(row!.id);
      await state.db.transaction((tx) =>
        changeBalance(tx, { userId: id, currency: 'USDT', account: 'sec_contract', available: funds, frozen: '0', kind: 'deposit', refType: 'test', refId: null }),
      );
      if (acknowledge) await state.db.query(`insert into seconds_acknowledgement (user_id, version, acknowledged_ms) values ($1, 1, 0)`, [id]);
      return { id, headers: { token: await openSession(state.db, id) } };
    },

    buy(user: { headers: Record<string, string> }, body: object, headers: Record<string, string> = {}): Promise<Answer<SecondsContract>> {
      return post<SecondsContract>(state.app, SECONDS_PATHS.buy, { symbol: 'btc_usdt', period: 30, ...body }, { ...user.headers, ...headers });
    },

    balance: (user: { id: number }) => readBalance(state.db, user.id, 'USDT', 'sec_contract'),
    async house() {
      return readBalance(state.db, await systemAccountId(state.db, SECONDS_HOUSE), 'USDT', 'sec_contract');
    },
    settle: () => state.product.settle(),
    async contract(id: number): Promise<SecondsContract> {
      const [row] = await state.db.query<{ status: number; outcome: string | null; settle_price: string | null; profit: string | null }>(
        `select status, outcome, trim_scale(settle_price)::text as settle_price, trim_scale(profit)::text as profit from seconds_contract_view where id = $1`,
        [id],
      );
      return row as unknown as SecondsContract;
    },
    async expectAuditClean() {
      expect(await auditBooks(state.db)).toEqual([]);
    },
  };
  return h;
}
