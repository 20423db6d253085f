import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/db/database.js';
import { SecondsIndex, spotTradeSource, type IndexPair } from '../../../server/products/seconds/indexPrice.js';
import { openTestDatabase } from '../testDb.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

const BTC: IndexPair = { symbol: 'BTC_USDT', left: 'BTC', right: 'USDT', pricePrecision: 2 };

async function trade(ms: number, price: string, quantity: string) {
  const [user] = await db.query<{ id: number }>(`select id from app_user order by id limit 1`);
  const uid = user ? Number(user.id) : Number((await db.query<{ id: number }>(`insert into app_user (account) values ('idx@example.org') returning id`))[0]!.id);
  const orders = await db.query<{ id: number }>(
    `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
     values ($1, 'BTC', 'USDT', 'buy', 'limit', 'GTC', $2, $3, 0, 3, $4, $4), ($1, 'BTC', 'USDT', 'sell', 'limit', 'GTC', $2, $3, 0, 3, $4, $4) returning id`,
    [uid, price, quantity, ms],
  );
  await db.query(
    `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
     values ('BTC', 'USDT', $1, $2, 'buy', $3, $4, $5, $5, $6)`,
    [price, quantity, orders[0]!.id, orders[1]!.id, uid, ms],
  );
}

describe('the index from the spot market trades (spot_trade)', () => {
  it('takes per-second VWAPs of the five seconds before, then their median; a last-instant whale moves nothing', async () => {
    const s = 2_000_000_000; // far from the seed's candle history
    await trade((s - 6) * 1000 + 10, '100', '1'); // carried into a quiet second
    await trade((s - 5) * 1000 + 10, '100', '1');
    await trade((s - 5) * 1000 + 20, '102', '3'); // VWAP of second s-5: (100 + 306) / 4 = 101.5
    await trade((s - 3) * 1000 + 10, '101', '2');
    await trade((s - 2) * 1000 + 10, '101', '1');
    await trade((s - 1) * 1000 + 999, '150', '500'); // one big trade at the last instant
    const index = new SecondsIndex(db, spotTradeSource(), () => (s + 10) * 1000);
    // Samples: 101.5, 101.5 (quiet s-4), 101, 101, 149.9...: median 101.5
    expect(await index.compute(BTC, s)).toBe('101.5');
    expect(await index.priceAt(BTC, s)).toBe('101.5');
    // Recorded: later trades of those seconds change nothing.
    await trade((s - 1) * 1000 + 999, '150', '500');
    await trade((s - 2) * 1000 + 999, '150', '500');
    expect(await index.priceAt(BTC, s)).toBe('101.5');
    // Never for a second that has not begun.
    expect(await index.priceAt(BTC, s + 11)).toBeUndefined();
  });
});
