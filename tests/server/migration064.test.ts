import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { migrate } from '../../server/kernel/platform/db/migrate.js';
import { lastPrices } from '../../server/products/ico/projects.js';
import { seedBeforePairListing } from './seedBeforePairListing.js';
import { openBlankDatabase } from './testDb.js';

/**
 * Migration 064 (issue 55 §2): spot_trade's key is (pair, id) in place of the id alone and the
 * (pair, id desc) index, and spot_order no longer checks its pair per row. The trades already
 * written stay, a trade written twice still fails on the key, and the reads by pair and id — the
 * newest price at restore, the ICO tokens' last prices — go through the key.
 */
let db: Database;

const trade = (left: string, id: number, price: string, createdMs: number) =>
  db.query(
    `insert into spot_trade (id, left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
     values ($1, $2, 'USDT', $3, 1, 'buy', 1, 2, 1, 2, $4)`,
    [id, left, price, createdMs],
  );

beforeAll(async () => {
  db = await openBlankDatabase();
  await migrate(db, '062_held_deposit_resolution.sql');
  await seedBeforePairListing(db);
  await migrate(db, '063_pair_listing.sql');
  // Written before the migration, out of id order across pairs as two markets write them.
  await trade('BTC', 10, '100', 1_000);
  await trade('ETH', 11, '20', 1_000);
  await trade('BTC', 12, '101', 2_000);
  expect(await migrate(db, '064_spot_write_set.sql')).toEqual(['064_spot_write_set.sql']);
});

afterAll(async () => {
  await db?.close();
});

describe('migration 064: the spot write set', () => {
  it('keeps every trade, keyed by pair and id, without the (pair, id desc) index', async () => {
    expect(await db.query(`select id::int, left_symbol from spot_trade order by id`)).toEqual([
      { id: 10, left_symbol: 'BTC' },
      { id: 11, left_symbol: 'ETH' },
      { id: 12, left_symbol: 'BTC' },
    ]);
    const key = await db.query<{ column: string }>(
      `select a.attname as column from pg_index i join pg_class c on c.oid = i.indexrelid
         cross join lateral unnest(i.indkey) with ordinality as k(attnum, n)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
       where i.indrelid = 'spot_trade'::regclass and i.indisprimary order by k.n`,
    );
    expect(key.map((k) => k.column)).toEqual(['left_symbol', 'right_symbol', 'id']);
    const indexes = await db.query<{ name: string }>(`select indexname as name from pg_indexes where tablename = 'spot_trade' and schemaname = current_schema() order by 1`);
    expect(indexes.map((i) => i.name)).toEqual(['spot_trade_maker_order', 'spot_trade_pair_time', 'spot_trade_pkey', 'spot_trade_taker_order']);
  });

  it('still refuses a trade written twice', async () => {
    await expect(trade('BTC', 12, '101', 2_000)).rejects.toThrow(/spot_trade_pkey/);
  });

  it("reads a pair's newest trade through the key", async () => {
    const plan = await db.transaction(async (tx) => {
      // The table is tiny: without this a sequential scan is as good as any.
      await tx.query('set local enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(`explain select price from spot_trade where left_symbol = 'BTC' and right_symbol = 'USDT' order by id desc limit 1`);
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan Backward using spot_trade_pkey/);
  });

  it("answers each ICO token's last price, and none for a token that never traded", async () => {
    expect(await lastPrices(db, ['BTC', 'ETH', 'SOL'])).toEqual(
      new Map([
        ['BTC', '101'],
        ['ETH', '20'],
      ]),
    );
  });

  it('writes orders without a key check on their pair', async () => {
    const keys = await db.query(`select conname from pg_constraint where conrelid = 'spot_order'::regclass and contype = 'f'`);
    expect(keys).toEqual([]);
  });
});
