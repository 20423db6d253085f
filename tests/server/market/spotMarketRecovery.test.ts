import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDelta, bookFromSnapshot, type BookSides } from '../../../src/kit/trade/machines/orderBook/levels.js';
import { submissionKey } from '../../../server/kernel/platform/idempotency.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { makeBalanceRows } from '../../../server/kernel/platform/ledger/ledgerBatch.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import type { RestingOrder } from '../../../server/kernel/exchange/matching/types.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';
import { createTestUser } from '../support/users.js';

/**
 * A failed transaction 2 (trades, fills, releases) must not leave the in-memory book ahead of the
 * database: the market rebuilds itself from the database before the next command, and depth
 * subscribers are brought back in line by the ordinary delta sequence.
 */

const BTC_USDT: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };
const clock = () => Date.parse('2026-11-21T10:00:00Z');

/** Like a serialization failure at commit: the work ran, then the whole transaction rolled back. */
class InjectedFailure extends Error {
  readonly code = '40001';
  constructor() {
    super('could not serialize access due to concurrent update');
  }
}

/**
 * The database, except that chosen transactions (counted from `failTransactions`) run their work
 * and then throw, so the database rolls them back. `whileFailing` runs just before the throw, when
 * the engine already holds the failed command's result (a depth flush on the timer, say). A
 * statement that is its own transaction (the settlement's, COMMIT_LATER) counts as one.
 */
function failingDatabase(inner: Database) {
  let count = 0;
  let failing = new Set<number>();
  let whileFailing: () => void = () => undefined;
  const db: Database = {
    dialect: inner.dialect,
    query: <T extends object>(sql: string, params?: unknown[]): Promise<T[]> =>
      sql.includes('commit_later')
        ? inner.transaction(async (tx) => {
            const n = ++count;
            const result = await tx.query<T>(sql, params);
            if (failing.has(n)) {
              whileFailing();
              throw new InjectedFailure();
            }
            return result;
          })
        : inner.query<T>(sql, params),
    exec: (sql) => inner.exec(sql),
    close: () => inner.close(),
    durable: () => inner.durable(),
    transaction: (work, options) =>
      inner.transaction(async (tx) => {
        const n = ++count;
        const result = await work(tx);
        if (failing.has(n)) {
          whileFailing();
          throw new InjectedFailure();
        }
        return result;
      }, options),
  };
  return {
    db,
    /** The next transactions numbered 1, 2, ... from now that fail (1 = the very next one). */
    failTransactions(numbers: number[], during: () => void = () => undefined) {
      failing = new Set(numbers.map((k) => count + k));
      whileFailing = during;
    },
  };
}

let inner: Database;
let faulty: ReturnType<typeof failingDatabase>;
let published: Array<{ channel: string; payload: Record<string, unknown> }>;
const publisher = { publish: (channel: string, payload: object) => void published.push({ channel, payload: payload as Record<string, unknown> }) };

beforeEach(async () => {
  inner = await openTestDatabase();
  faulty = failingDatabase(inner);
  published = [];
});
afterEach(async () => {
  await inner.close();
});

const user = (account: string, funds: Record<string, string>) => createTestUser(inner, { name: account, funded: funds }).then((u) => u.id);

const byId = (a: RestingOrder, b: RestingOrder) => a.orderId - b.orderId;

/** What the database says rests on the book: open orders (status 1, 2) with their remaining quantity, in engine units. */
async function openInDatabase(): Promise<RestingOrder[]> {
  const rows = await inner.query<{ id: number; user_id: number; side: 'buy' | 'sell'; price: string; remaining: string }>(
    `select id, user_id, side, (price * 100)::bigint::text as price, ((quantity - filled) * 100000)::bigint::text as remaining
     from spot_order where left_symbol = 'BTC' and right_symbol = 'USDT' and status in (1, 2) order by id`,
  );
  return rows.map((r) => ({ orderId: Number(r.id), accountId: Number(r.user_id), side: r.side, price: Number(r.price), remaining: Number(r.remaining) }));
}

const restingInEngine = (market: SpotMarket, users: number[]) => users.flatMap((u) => market.restingOrdersOf(u)).sort(byId);

/** A subscriber's book: the snapshot it got on subscribing, then every depth delta in seq order (a gap would throw). */
function subscriberBook(snapshot: { seq: number } & BookSides, from: number): BookSides {
  let book = bookFromSnapshot(snapshot);
  let seq = snapshot.seq;
  for (const { payload } of published.slice(from).filter((p) => p.channel === 'btc_usdt_depth')) {
    const delta = payload as unknown as { seq: number } & BookSides;
    if (delta.seq !== seq + 1) throw new Error(`depth seq gap: ${seq} then ${delta.seq}`);
    book = applyDelta(book, delta);
    seq = delta.seq;
  }
  return book;
}

const statusOf = async (orderId: number) => Number((await inner.query<{ status: number }>('select status from spot_order where id = $1', [orderId]))[0]!.status);

describe('spot market: recovering from a failed transaction 2', () => {
  it('a crossing order whose trades fail to commit: the caller gets the error, the book is rebuilt from the database and keeps matching', async () => {
    const market = new SpotMarket(BTC_USDT, faulty.db, () => new FastEngine(), publisher, clock);
    await market.restore();
    const seller = await user('seller@example.org', { BTC: '3' });
    const buyer = await user('buyer@example.org', { USDT: '1000' });
    const late = await user('late@example.org', { USDT: '1000' });
    const cheap = (await market.place({ userId: seller, side: 'sell', type: 'limit', price: '100', quantity: '1' })) as { orderId: number };
    const dear = (await market.place({ userId: seller, side: 'sell', type: 'limit', price: '101', quantity: '1' })) as { orderId: number };
    market.flushDepth();
    const snapshot = market.depthSnapshot();
    const from = published.length;

    // The balance rows the trades credit exist already, so the settlement is one statement (a
    // first credit makes its rows and runs the statement again: balanceDeltas.ts).
    const fees = await systemAccountId(inner, 'fees');
    await makeBalanceRows(inner, [seller, buyer, fees].flatMap((userId) => ['BTC', 'USDT'].map((currency) => ({ userId, currency, account: 'spot' as const }))));
    // Transaction 1 (record + freeze) commits; transaction 2 (trades) fails after the engine matched,
    // with a depth flush in between that publishes the engine's (never committed) book.
    faulty.failTransactions([2], () => market.flushDepth());
    // A submission with an idempotency key, sent again below once it has failed.
    const submission = { userId: buyer, side: 'buy', type: 'limit', price: '101', quantity: '1.5', submission: { scope: 'spot_place', key: submissionKey('spot_place', 'retry-key-0001', {}) } } as const;
    const failed = market.place(submission);
    await expect(failed).rejects.toThrow(InjectedFailure);

    // The buy was recorded in transaction 1, so the rebuild replayed it like any open order: it
    // crossed both asks again and this time the trades committed.
    const [buy] = await inner.query<{ id: number; status: number; filled: string }>(
      `select id, status, trim_scale(filled)::text as filled from spot_order where user_id = $1`,
      [buyer],
    );
    expect(buy).toMatchObject({ status: 3, filled: '1.5' });
    expect(await statusOf(cheap.orderId)).toBe(3);
    expect(await statusOf(dear.orderId)).toBe(2);
    const trades = await inner.query<{ price: string; quantity: string }>(
      `select trim_scale(price)::text as price, trim_scale(quantity)::text as quantity from spot_trade order by id`,
    );
    expect(trades).toEqual([
      { price: '100', quantity: '1' },
      { price: '101', quantity: '0.5' },
    ]);
    // Bought 1.5 BTC for 150.5 USDT; the 1 USDT frozen above that was released; 0.1 % fee in BTC.
    expect(await readBalance(inner, buyer, 'USDT')).toEqual({ available: '849.5', frozen: '0' });
    expect(await readBalance(inner, buyer, 'BTC')).toEqual({ available: '1.4985', frozen: '0' });

    // Memory agrees with the database: what rests in the engine is exactly what is open there.
    const users = [seller, buyer, late];
    expect(restingInEngine(market, users)).toEqual(await openInDatabase());
    expect(restingInEngine(market, users)).toEqual([{ orderId: dear.orderId, accountId: seller, side: 'sell', price: 10_100, remaining: 50_000 }]);

    // Depth subscribers who kept their book through the failure end on the rebuilt one, with no gap.
    market.flushDepth();
    expect(subscriberBook(snapshot, from)).toEqual({ bids: [], asks: [['101', '0.5']] });
    expect(market.depthSnapshot()).toMatchObject({ bids: [], asks: [['101', '0.5']] });
    // The replayed trades went out on the trade channel like any others.
    expect(published.slice(from).find((p) => p.channel === 'btc_usdt_trade')?.payload).toMatchObject({
      kind: 'update',
      trades: [
        { price: '101', quantity: '0.5' },
        { price: '100', quantity: '1' },
      ],
    });

    // Retrying the failed submission answers the order the rebuild executed; nothing trades twice.
    const retry = await market.place(submission);
    expect(retry).toEqual({ ok: true, orderId: Number(buy!.id), events: [], repeated: true });

    // The next order matches against the rebuilt book.
    const next = (await market.place({ userId: late, side: 'buy', type: 'limit', price: '101', quantity: '0.5' })) as {
      ok: boolean;
      events: Array<{ type: string; makerOrderId?: number; price?: number; quantity?: number }>;
    };
    expect(next.events.filter((e) => e.type === 'trade')).toMatchObject([{ makerOrderId: dear.orderId, price: 10_100, quantity: 50_000 }]);
    expect(await statusOf(dear.orderId)).toBe(3);
    expect(restingInEngine(market, users)).toEqual([]);
    expect(await openInDatabase()).toEqual([]);
    expect(await readBalance(inner, late, 'BTC')).toEqual({ available: '0.4995', frozen: '0' });
    expect(await readBalance(inner, seller, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await auditBooks(inner)).toEqual([]);
  });

  it('a cancel whose transaction fails leaves the order resting, in memory as in the database', async () => {
    const market = new SpotMarket(BTC_USDT, faulty.db, new ReferenceEngine(), publisher, clock);
    await market.restore();
    const owner = await user('owner@example.org', { USDT: '1000' });
    const bid = (await market.place({ userId: owner, side: 'buy', type: 'limit', price: '90', quantity: '2' })) as { orderId: number };
    market.flushDepth();
    const snapshot = market.depthSnapshot();
    const from = published.length;

    faulty.failTransactions([1]);
    await expect(market.cancel(owner, bid.orderId)).rejects.toThrow(InjectedFailure);
    expect(await statusOf(bid.orderId)).toBe(1);
    expect(restingInEngine(market, [owner])).toEqual(await openInDatabase());
    expect(restingInEngine(market, [owner])).toHaveLength(1);
    market.flushDepth();
    expect(subscriberBook(snapshot, from)).toEqual({ bids: [['90', '2']], asks: [] });
    expect(await readBalance(inner, owner, 'USDT')).toEqual({ available: '820', frozen: '180' });

    // The order is still the owner's to cancel, and cancelling now gives the funds back.
    expect(await market.cancel(owner, bid.orderId)).toMatchObject({ ok: true, order: { id: bid.orderId, status: 4 } });
    expect(await readBalance(inner, owner, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    expect(restingInEngine(market, [owner])).toEqual([]);
    expect(await auditBooks(inner)).toEqual([]);
  });

  it('while the database stays down the rebuild fails too: no depth goes out, and the next command rebuilds first', async () => {
    const market = new SpotMarket(BTC_USDT, faulty.db, () => new FastEngine(), publisher, clock);
    await market.restore();
    const seller = await user('seller@example.org', { BTC: '1' });
    const buyer = await user('buyer@example.org', { USDT: '1000' });
    const ask = (await market.place({ userId: seller, side: 'sell', type: 'limit', price: '100', quantity: '1' })) as { orderId: number };
    market.flushDepth();
    const snapshot = market.depthSnapshot();
    const from = published.length;

    // Transaction 2 of the market buy fails, and so does the rebuild's own transaction right after.
    faulty.failTransactions([2, 3]);
    await expect(market.place({ userId: buyer, side: 'buy', type: 'market', quoteBudget: '50' })).rejects.toThrow(InjectedFailure);
    // The engine may still show the failed trade: nothing is published from it.
    market.flushDepth();
    expect(published.slice(from).filter((p) => p.channel === 'btc_usdt_depth')).toEqual([]);
    expect(await inner.query('select id from spot_trade')).toEqual([]);

    // The database is back. The next command rebuilds first: the interrupted market buy is
    // cancelled (a market order never rests) and gives its budget back; then the new order matches.
    const next = (await market.place({ userId: buyer, side: 'buy', type: 'limit', price: '100', quantity: '0.25' })) as {
      events: Array<{ type: string; makerOrderId?: number; quantity?: number }>;
    };
    expect(next.events.filter((e) => e.type === 'trade')).toMatchObject([{ makerOrderId: ask.orderId, quantity: 25_000 }]);
    const statuses = await inner.query<{ type: string; status: number; filled: string }>(
      `select type, status, trim_scale(filled)::text as filled from spot_order where user_id = $1 order by id`,
      [buyer],
    );
    expect(statuses).toEqual([
      { type: 'market', status: 4, filled: '0' },
      { type: 'limit', status: 3, filled: '0.25' },
    ]);
    expect(await readBalance(inner, buyer, 'USDT')).toEqual({ available: '975', frozen: '0' });
    expect(restingInEngine(market, [seller, buyer])).toEqual(await openInDatabase());
    market.flushDepth();
    expect(subscriberBook(snapshot, from)).toEqual({ bids: [], asks: [['100', '0.75']] });
    expect(await auditBooks(inner)).toEqual([]);
  });
});
