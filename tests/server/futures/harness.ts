import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { fx, type Fx } from '../../../domain/fx.js';
import { openSession } from '../../../server/kernel/auth/sessions.js';
import { listPairs } from '../../../server/kernel/catalogue.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { buildHttp } from '../../../server/kernel/http/app.js';
import { changeBalance, readBalance } from '../../../server/kernel/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { accountRules } from '../../../server/kernel/ledger/accountRules.js';
import { contractAccountRule } from '../../../server/products/futures/accountRule.js';
import { createFutures } from '../../../server/products/futures/product.js';
import { SimulatedChain } from '../../../server/products/wallet/chain/simulatedChain.js';
import { wallet } from '../../../server/products/wallet/wallet.js';
import type { WalletAccount } from '../../../domain/wallet.js';
import type { PlaceRequest } from '../../../server/products/futures/exchange.js';
import { post, type Answer } from '../http.js';
import { openTestDatabase } from '../testDb.js';

let users = 0;

/**
 * One database and the futures product over it, with a clock and an index price the test sets.
 * Nothing runs by itself: `mark(symbol, price)` is one price-feed update (triggers and
 * liquidations included), `funding(...)` one funding payment.
 */
export function useFutures() {
  const state = {} as { db: Database; app: FastifyInstance; product: Awaited<ReturnType<typeof createFutures>>; wallet: ReturnType<typeof wallet> };
  // The contract account's rule and notices, as the composition root gives them to the wallet and futures.
  const accounts = accountRules([{ contract: contractAccountRule }]);
  let transfers = 0;
  let clock = Date.UTC(2026, 0, 5, 0, 0, 0);
  const published: Array<{ channel: string; payload: object }> = [];
  beforeAll(async () => {
    state.db = await openTestDatabase();
    state.product = await createFutures({
      db: state.db,
      pairs: await listPairs(state.db),
      publisher: { publish: (channel, payload) => void published.push({ channel, payload }) },
      clock: () => clock,
      index: { index: async () => undefined },
      accounts,
    });
    state.wallet = wallet({ db: state.db, chain: new SimulatedChain({ blockMs: 60_000 }), accounts, now: () => clock });
    state.app = await buildHttp({ db: state.db, routes: [state.product.parts.routes!] });
    await state.product.parts.prepare!();
    await state.app.ready();
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
    get ex() {
      return state.product.exchange;
    },
    get product() {
      return state.product;
    },
    published,
    now: () => clock,
    advance(ms: number) {
      clock += ms;
    },

    async user(funds = '10000', verified = true): Promise<{ id: number; headers: Record<string, string> }> {
      const [row] = await state.db.query<{ id: number }>(`insert into app_user (account, name_status) values ($1, $2) returning id`, [
        `fut-${++users}-${process.pid}@example.org`,
        verified ? 3 : 1,
      ]);
      const id = Number(row!.id);
      if (funds !== '0') {
        await state.db.transaction((tx) =>
          changeBalance(tx, { userId: id, currency: 'USDT', account: 'contract', available: funds, frozen: '0', kind: 'deposit', refType: 'test', refId: null }),
        );
      }
      return { id, headers: { token: await openSession(state.db, id) } };
    },

    /** Places through the exchange directly (book makers of a scenario). */
    async place(userId: number, r: Omit<PlaceRequest, 'userId' | 'source'> & { source?: PlaceRequest['source'] }) {
      const outcome = await state.product.exchange.place({ source: 'user', ...r, userId });
      if (!outcome.ok) throw new Error(`refused: ${outcome.key}`);
      return outcome.data;
    },

    call<T>(path: string, user: { headers: Record<string, string> }, body: object, headers: Record<string, string> = {}): Promise<Answer<T>> {
      return post<T>(state.app, path, body, { ...user.headers, ...headers });
    },

    order(user: { headers: Record<string, string> }, body: object, headers: Record<string, string> = {}) {
      return post<{ order: { id: number; status: number; filled: string; fee: string; profit: string }; unfilled: string }>(
        state.app,
        FUTURES_PATHS.order,
        { symbol: 'btc_usdt', ...body },
        { ...user.headers, ...headers },
      );
    },

    /** One price-feed update with `index` and no basis (the mark equals the index). */
    async mark(symbol: string, index: string) {
      const pair = state.product.exchange.pairs.get(symbol)!;
      await state.product.feed.setIndex(pair, fx(index), { basis: 0n });
    },

    /** A transfer between the user's accounts through the wallet (its rules and notices included). */
    transfer(user: { id: number }, from: WalletAccount, to: WalletAccount, quantity: string, currency = 'USDT') {
      return state.wallet.transfers.transfer(user.id, { currency, from, to, quantity }, { key: `wallet.transfer:t-${process.pid}-${++transfers}`, windowMs: undefined });
    },

    /** The wallet's overview of the user (totals, today's P&L), as /api/wallet/overview answers. */
    walletOverview: (user: { id: number }) => state.wallet.overview.summary(user.id),
    /** Takes the day's opening equity now (the wallet's minute timer in the server). */
    dayOpen: () => state.wallet.overview.dayOpen(),

    balance: (user: { id: number }) => readBalance(state.db, user.id, 'USDT', 'contract'),
    position: (user: { id: number }, symbol = 'BTC_USDT') => state.product.exchange.positionOf(user.id, symbol),
    async insurance() {
      return readBalance(state.db, state.product.accounts.insurance, 'USDT', 'contract');
    },
    async pool() {
      return readBalance(state.db, state.product.accounts.pool, 'USDT', 'contract');
    },
    async expectAuditClean() {
      expect(await auditBooks(state.db)).toEqual([]);
    },
    fx: (v: string): Fx => fx(v),
  };
  return h;
}
