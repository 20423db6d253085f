import { divDecimal, addDecimal, mulDecimal } from '../../../domain/decimal.js';
import { SECONDS_PATHS, SECONDS_RISK_VERSION, type SecondsContract } from '../../../domain/seconds.js';
import type { UserStreamMessage } from '../../../domain/spotOrders.js';
import type { Queryable } from '../../../server/kernel/platform/db/database.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { SECONDS_HOUSE } from '../../../server/products/seconds/ledger.js';
import type { UserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { createSeconds } from '../../../server/products/seconds/product.js';
import type { IndexPair, TradeSource } from '../../../server/products/seconds/indexPrice.js';
import type { Answer } from '../http.js';
import { productTestbed, withHelpers } from '../support/productTestbed.js';
import type { TestUser } from '../support/users.js';

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

/**
 * One database and the seconds product over it with a clock the test moves and prices it sets;
 * `enabled: false` builds it switched off. The scheduler never runs by itself: `settle()` is a run.
 */
export function useSeconds(options: { enabled?: boolean } = {}) {
  const trades = memoryTrades();
  const feed = recordingFeed();
  const t = productTestbed({
    // A whole second, well clear of any real "now", so windows never touch the seed's trades.
    startAt: Math.floor(Date.now() / 1000) * 1000,
    products: ({ db, now }) => createSeconds({ db, feed: feed.feed, enabled: options.enabled ?? true, clock: now, trades: trades.source }),
    parts: (product) => ({ routes: [product.parts.routes!], prepare: product.parts.prepare }),
    operator: 'desk@openex.test',
    users: { tag: 'sec', account: 'sec_contract' },
  });
  const newUser = t.user;
  let base = 0;

  const h = withHelpers(t, {
    get product() {
      return t.products;
    },
    trades,
    feed,
    second: () => Math.floor(t.now() / 1000),
    /** A fresh stretch of seconds for each scenario, so price windows never overlap. */
    scenario(): number {
      base = base ? base + 1000 : Math.floor(t.now() / 1000) + 1000;
      return base;
    },
    /** Moves the clock to `ms` into second `second`. */
    at(second: number, ms = 100) {
      t.set(second * 1000 + ms);
    },
    /** A fresh scenario (`scenario()`) whose first second is priced at `price` on `symbol`, the clock `ms` into it; answers that second. */
    pricedAt(price: string, ms: number, symbol = 'BTC_USDT'): number {
      const a = h.scenario();
      trades.priceOf(symbol, a, price);
      h.at(a, ms);
      return a;
    },

    async user(funds = '1000', acknowledge = true): Promise<TestUser> {
      const user = await newUser({ funded: { USDT: funds } });
      if (acknowledge) await t.db.query(`insert into seconds_acknowledgement (user_id, version, acknowledged_ms) values ($1, $2, 0)`, [user.id, SECONDS_RISK_VERSION]);
      return user;
    },

    buy(user: { headers: Record<string, string> }, body: object, headers: Record<string, string> = {}): Promise<Answer<SecondsContract>> {
      return t.post<SecondsContract>(user, SECONDS_PATHS.buy, { symbol: 'btc_usdt', period: 30, ...body }, headers);
    },

    balance: (user: { id: number }) => readBalance(t.db, user.id, 'USDT', 'sec_contract'),
    async house() {
      return readBalance(t.db, await systemAccountId(t.db, SECONDS_HOUSE), 'USDT', 'sec_contract');
    },
    settle: () => t.products.settle(),
    async contract(id: number): Promise<SecondsContract> {
      const [row] = await t.db.query<{ status: number; outcome: string | null; settle_price: string | null; profit: string | null }>(
        `select status, outcome, trim_scale(settle_price)::text as settle_price, trim_scale(profit)::text as profit from seconds_contract_view where id = $1`,
        [id],
      );
      return row as unknown as SecondsContract;
    },
  });
  return h;
}
