import { expect } from 'vitest';
import { FUTURES_PATHS, type MarginMode } from '../../../domain/futures/api.js';
import { fx, type Fx } from '../../../domain/fx.js';
import type { WalletAccount } from '../../../domain/wallet.js';
import { listPairs } from '../../../server/kernel/platform/catalogue.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { contractAccountRule } from '../../../server/products/futures/accountRule.js';
import type { PlaceRequest } from '../../../server/products/futures/exchange.js';
import { createFutures } from '../../../server/products/futures/product.js';
import { SimulatedChain } from '../../../server/products/wallet/chain/simulatedChain.js';
import { wallet } from '../../../server/products/wallet/wallet.js';
import { expectOk } from '../http.js';
import { productTestbed, withHelpers } from '../support/productTestbed.js';
import type { TestUser } from '../support/users.js';
import { productAccountRules } from '../support/walletAccounts.js';

const BTC = 'BTC_USDT';

/**
 * One database and the futures product over it (with the wallet, for transfers), with a clock and
 * an index price the test sets. Nothing runs by itself: `mark(symbol, price)` is one price-feed
 * update (triggers and liquidations included), `product.payFunding(...)` one funding payment.
 */
export function useFutures() {
  // The contract account's rule and notices, as the composition root gives them to the wallet and futures.
  const accounts = productAccountRules([{ contract: contractAccountRule }]);
  const published: Array<{ channel: string; payload: object }> = [];
  let transfers = 0;
  const t = productTestbed({
    startAt: Date.UTC(2026, 0, 5, 0, 0, 0),
    products: async ({ db, now }) => ({
      futures: await createFutures({
        db,
        pairs: await listPairs(db),
        publisher: { publish: (channel, payload) => void published.push({ channel, payload }) },
        clock: now,
        index: { index: async () => undefined },
        accounts,
      }),
      wallet: wallet({ db, chain: new SimulatedChain({ blockMs: 60_000 }), accounts, now }),
    }),
    parts: ({ futures }) => ({ routes: [futures.parts.routes!], prepare: futures.parts.prepare, stop: futures.parts.stop }),
    users: { tag: 'fut', account: 'contract' },
  });
  const newUser = t.user;

  const h = withHelpers(t, {
    get ex() {
      return t.products.futures.exchange;
    },
    get product() {
      return t.products.futures;
    },
    published,

    /** A signed-in user with `funds` USDT in the contract account, verified unless said. */
    user: (funds = '10000', verified = true): Promise<TestUser> => newUser({ funded: funds === '0' ? {} : { USDT: funds }, verified }),

    /** Places through the exchange directly (book makers of a scenario). */
    async place(userId: number, r: Omit<PlaceRequest, 'userId' | 'source'> & { source?: PlaceRequest['source'] }) {
      const outcome = await t.products.futures.exchange.place({ source: 'user', ...r, userId });
      if (!outcome.ok) throw new Error(`refused: ${outcome.key}`);
      return outcome.data;
    },

    order(user: { headers: Record<string, string> }, body: object, headers: Record<string, string> = {}) {
      return t.post<{ order: { id: number; status: number; filled: string; fee: string; profit: string }; unfilled: string }>(user, FUTURES_PATHS.order, { symbol: 'btc_usdt', ...body }, headers);
    },

    /** Sets the user's BTC_USDT leverage and margin mode through the API. */
    async leverage(user: { headers: Record<string, string> }, value: number, mode: MarginMode) {
      expectOk(await t.post(user, FUTURES_PATHS.leverage, { symbol: 'btc_usdt', leverage: value, margin_mode: mode }));
    },

    /** Cancels every resting order, so a scenario starts on an empty book. */
    async clearBook() {
      for (const o of [...t.products.futures.exchange.orders.values()]) await t.products.futures.exchange.cancel(o.userId, o.id);
    },

    /**
     * A trader long at 60 000 against a fresh maker, on a cleared book marked there: the maker
     * (`makerFunds`) offers `offered` (by default `quantity`), and the trader (`funds`; at
     * `leverage`× `mode` when given) buys `quantity` at market, with `also` in the order (TP/SL).
     */
    async longAt60000(o: { funds: string; quantity?: string; leverage?: number; mode?: MarginMode; makerFunds?: string; offered?: string; also?: object }) {
      const quantity = o.quantity ?? '0.1';
      await h.clearBook();
      await h.mark(BTC, '60000');
      const maker = await h.user(o.makerFunds ?? '10000000');
      const trader = await h.user(o.funds);
      if (o.leverage) await h.leverage(trader, o.leverage, o.mode ?? 'isolated');
      await h.place(maker.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '60000', quantity: o.offered ?? quantity });
      const opened = expectOk(await h.order(trader, { action: 'open_long', type: 'market', quantity, ...o.also }));
      return { maker, trader, opened };
    },

    /**
     * A long's take-profit or stop-loss fires at `trigger` and not before: a bidder rests
     * `quantity` at `bid` to close into; the mark at `before` leaves the long open, at `trigger` closes it.
     */
    async closesAtMark(trader: { id: number }, o: { bid: string; quantity: string; before: string; trigger: string }) {
      const bidder = await h.user('10000000');
      await h.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: o.bid, quantity: o.quantity });
      await h.mark(BTC, o.before);
      expect(h.position(trader).side).toBe(1);
      await h.mark(BTC, o.trigger);
      expect(h.position(trader).side).toBe(0);
    },

    /** One price-feed update with `index` and no basis (the mark equals the index). */
    async mark(symbol: string, index: string) {
      const pair = t.products.futures.exchange.pairs.get(symbol)!;
      await t.products.futures.feed.setIndex(pair, fx(index), { basis: 0n });
    },

    /** A transfer between the user's accounts through the wallet (its rules and notices included). */
    transfer(user: { id: number }, from: WalletAccount, to: WalletAccount, quantity: string, currency = 'USDT') {
      return t.products.wallet.transfers.transfer(user.id, { currency, from, to, quantity }, { key: `wallet.transfer:t-${process.pid}-${++transfers}`, windowMs: undefined });
    },

    /** The wallet's overview of the user (totals, today's P&L), as /api/wallet/overview answers. */
    walletOverview: (user: { id: number }) => t.products.wallet.overview.summary(user.id),
    /** Takes the day's opening equity now (the wallet's minute timer in the server). */
    dayOpen: () => t.products.wallet.overview.dayOpen(),

    balance: (user: { id: number }) => readBalance(t.db, user.id, 'USDT', 'contract'),
    position: (user: { id: number }, symbol = BTC) => t.products.futures.exchange.positionOf(user.id, symbol),
    insurance: () => readBalance(t.db, t.products.futures.accounts.insurance, 'USDT', 'contract'),
    pool: () => readBalance(t.db, t.products.futures.accounts.pool, 'USDT', 'contract'),
    /** All USDT in contract accounts, users' and the platform's (it changes only across the chain boundary). */
    async contractTotal() {
      const [r] = await t.db.query<{ s: string }>(`select trim_scale(sum(available + frozen))::text as s from balance where currency = 'USDT' and account = 'contract'`);
      return r!.s;
    },
    fx: (v: string): Fx => fx(v),
  });
  return h;
}
