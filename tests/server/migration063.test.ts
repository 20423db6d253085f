import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPairs } from '../../server/kernel/platform/catalogue.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { migrate } from '../../server/kernel/platform/db/migrate.js';
import { SEED_PAIRS } from '../../server/kernel/platform/db/seed/pairs.js';
import { seedBeforePairListing } from './seedBeforePairListing.js';
import { openBlankDatabase } from './testDb.js';

/**
 * Migration 063 (issue 54 §2): a pair's spot and futures statuses, columns of `pair` until then,
 * become the products' rows of `pair_listing(product, base, quote, status)` — every pair's two,
 * exactly (0 included) — and the columns are gone. The wire's `trade_status` / `contract_status`
 * (listPairs) answer what they answered before.
 */
let db: Database;

/** Every combination of the two statuses, on pairs of the seed's currencies. */
const COMBINATIONS: Array<[string, string, 0 | 1, 0 | 1]> = [
  ['BTC', 'USDT', 1, 1],
  ['ETH', 'USDT', 1, 0],
  ['SOL', 'USDT', 0, 1],
  ['BNB', 'USDT', 0, 0],
  ['ETH', 'BTC', 1, 0],
];
const pairs = COMBINATIONS.map(([left, right, trade, contract]) => ({
  ...SEED_PAIRS.find((p) => p.left_symbol === left && p.right_symbol === right)!,
  trade_status: trade,
  contract_status: contract,
}));

let before: Array<{ symbol: string; trade_status: number; contract_status: number }>;

beforeAll(async () => {
  db = await openBlankDatabase();
  await migrate(db, '062_held_deposit_resolution.sql');
  await seedBeforePairListing(db, pairs);
  before = await db.query(`select left_symbol || '_' || right_symbol as symbol, trade_status, contract_status from pair order by left_symbol, right_symbol`);
  expect(await migrate(db)).toContain('063_pair_listing.sql');
});

afterAll(async () => {
  await db?.close();
});

describe('migration 063: one pair_listing table', () => {
  it("copies every pair's spot and futures status into the products' rows, exactly", async () => {
    expect(before).toHaveLength(COMBINATIONS.length);
    const rows = await db.query<{ product: string; base: string; quote: string; status: number }>(`select product, base, quote, status from pair_listing order by product, base, quote`);
    const expected = COMBINATIONS.flatMap(([base, quote, trade, contract]) => [
      { product: 'futures', base, quote, status: contract },
      { product: 'spot', base, quote, status: trade },
    ]).sort((a, b) => (a.product + a.base + a.quote < b.product + b.base + b.quote ? -1 : 1));
    expect(rows).toEqual(expected);
  });

  it('drops the two status columns of pair', async () => {
    const columns = await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'pair' and table_schema = current_schema()`);
    expect(columns.map((c) => c.column_name)).toContain('left_symbol');
    expect(columns.map((c) => c.column_name)).not.toContain('trade_status');
    expect(columns.map((c) => c.column_name)).not.toContain('contract_status');
  });

  it('answers the wire the statuses it answered before', async () => {
    const after = (await listPairs(db))
      .map((p) => ({ symbol: `${p.left_symbol}_${p.right_symbol}`, trade_status: p.trade_status, contract_status: p.contract_status }))
      .sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
    expect(after).toEqual(before);
  });

  it('takes any lowercase product, never an empty or capitalised one, a status other than 0 or 1, or a pair that does not exist', async () => {
    await db.query(`insert into pair_listing (product, base, quote, status) values ('earn', 'BTC', 'USDT', 1)`);
    await expect(db.query(`insert into pair_listing (product, base, quote, status) values ('', 'BTC', 'USDT', 1)`)).rejects.toThrow();
    await expect(db.query(`insert into pair_listing (product, base, quote, status) values ('Spot', 'ETH', 'BTC', 1)`)).rejects.toThrow();
    await expect(db.query(`insert into pair_listing (product, base, quote, status) values ('seconds', 'BTC', 'USDT', 2)`)).rejects.toThrow();
    await expect(db.query(`insert into pair_listing (product, base, quote, status) values ('seconds', 'BTC', 'ETH', 1)`)).rejects.toThrow();
    // A pair with no row of a product is not listed there.
    await db.query(`delete from pair_listing where product = 'futures' and base = 'BTC' and quote = 'USDT'`);
    expect((await listPairs(db)).find((p) => p.left_symbol === 'BTC' && p.right_symbol === 'USDT')).toMatchObject({ trade_status: 1, contract_status: 0 });
  });
});
