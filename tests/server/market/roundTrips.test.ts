import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/kernel/platform/db/database.js';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { submissionKey } from '../../../server/kernel/platform/idempotency.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';

/**
 * What a batch costs the database in round trips (statements, counting each transaction's begin and
 * commit): a fixed number per batch whatever the number of orders in it — the point of batching —
 * and as few as the stages need. A statement added to a stage shows here as a failing count.
 */
const PAIR: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: false };

let db: Database;
let statements = 0;
/** The texts of the statements sent, in order. */
const texts: string[] = [];

/** The test database, counting every statement sent to it (a transaction's BEGIN and COMMIT as one each). */
function counting(inner: Database): Database {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements += 1;
      texts.push(sql);
      return q.query(sql, params);
    },
  });
  return {
    ...inner,
    dialect: inner.dialect,
    query: (sql, params) => wrap(inner).query(sql, params),
    exec: (sql) => inner.exec(sql),
    transaction: (work, options) => {
      statements += 2;
      return inner.transaction((tx) => work(wrap(tx)), options);
    },
    durable: () => {
      statements += 1;
      return inner.durable();
    },
    close: () => inner.close(),
  };
}

async function user(account: string, funds: Record<string, string>): Promise<number> {
  const [row] = await db.query<{ id: number }>('insert into app_user (account, kind) values ($1, $2) returning id', [account, 'user']);
  for (const [currency, amount] of Object.entries(funds)) {
    await db.transaction((tx) => changeBalance(tx, { userId: row!.id, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  }
  return row!.id;
}

beforeAll(async () => {
  db = await openTestDatabase();
  await systemAccountId(db, 'fees'); // made once, as on any running server
});
afterAll(async () => {
  await db.close();
});

const key = (name: string) => ({ scope: 'spot_place', key: submissionKey('spot_place', `round-trip-key-${name}`, {}) });

/** Places `n` resting asks in one batch, then `n` bids that take them in the next; answers each batch's statements. */
async function twoBatches(market: SpotMarket, sellers: number[], buyers: number[], n: number, tag: string) {
  const before = statements;
  const asks = await Promise.all(
    Array.from({ length: n }, (_, i) => market.place({ userId: sellers[i % sellers.length]!, side: 'sell', type: 'limit', price: '100', quantity: '0.01', submission: key(`${tag}-a${i}`) })),
  );
  const resting = statements - before;
  const mid = statements;
  const bids = await Promise.all(
    Array.from({ length: n }, (_, i) => market.place({ userId: buyers[i % buyers.length]!, side: 'buy', type: 'limit', price: '101', quantity: '0.01', submission: key(`${tag}-b${i}`) })),
  );
  const crossing = statements - mid;
  expect([...asks, ...bids].every((o) => o.ok)).toBe(true);
  return { resting, crossing, texts: new Set(texts.splice(0)) };
}

describe('database round trips per batch', () => {
  it('are the same for a batch of 5 orders and of 60, and within the stages’ budget', async () => {
    const inner = db;
    const counted = counting(inner);
    const market = new SpotMarket(PAIR, counted, () => new FastEngine(), { publish: () => undefined }, () => Date.parse('2026-11-23T10:00:00Z'));
    await market.restore();
    const sellers = await Promise.all(Array.from({ length: 12 }, (_, i) => user(`rt-seller-${i}@example.org`, { BTC: '10' })));
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => user(`rt-buyer-${i}@example.org`, { USDT: '100000' })));
    // Every trader's balances exist and every account's kind is known after a first round; what a
    // batch costs the first time a balance row is made is not the steady cost.
    await twoBatches(market, sellers, buyers, 12, 'warm');
    texts.length = 0;
    const small = await twoBatches(market, sellers, buyers, 5, 'small');
    const large = await twoBatches(market, sellers, buyers, 60, 'large');
    console.log(`round trips: resting batch ${small.resting} / ${large.resting}, crossing batch ${small.crossing} / ${large.crossing} (5 / 60 orders)`);
    expect({ ...large, texts: undefined }).toEqual({ ...small, texts: undefined });
    // The same texts whatever the batch's size: each text is a statement prepared and planned on
    // every connection (postgres.ts), so a text that varied with the batch was planned over and over.
    expect([...large.texts].sort()).toEqual([...small.texts].sort());
    // Record: begin, keys + balances in one statement, orders + freezes + keys' answers, commit
    // (order ids come in blocks of 512, fetched outside the batch); then the durability barrier
    // shared with the other markets (the commits do not wait for the disk, the answers do). Orders
    // that only rest need no settlement transaction. (Before this budget: 12; then 6.)
    expect(small.resting).toBeLessThanOrEqual(5);
    // Record; settlement: ONE statement that is its own transaction — trades, order fills, ends and
    // releases, candles, then the balances and ledger entries; the barrier. The fee schedule is read
    // at most once a second (FEE_SCHEDULE_MS), not per batch. (Before: 26, then 15, then 9.)
    expect(small.crossing).toBeLessThanOrEqual(6);
    expect(await auditBooks(inner)).toEqual([]);
  });
});
