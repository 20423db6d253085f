import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { SecondsIndex, spotTradeSource, type IndexPair } from '../../../server/products/seconds/indexPrice.js';
import { openTestDatabase } from '../testDb.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

const BTC: IndexPair = { symbol: 'BTC_USDT', left: 'BTC', right: 'USDT', pricePrecision: 2 };
const ETH: IndexPair = { symbol: 'ETH_USDT', left: 'ETH', right: 'USDT', pricePrecision: 2 };

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

/** A user holding an open "up" contract of ETH_USDT expiring at `expiry` (its second not settled). */
async function holder(expiry: number): Promise<number> {
  const [user] = await db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [`holder-${Math.random()}@example.org`]);
  await db.query(`insert into seconds_second (left_symbol, right_symbol, second) values ('ETH', 'USDT', $1) on conflict do nothing`, [expiry]);
  await db.query(
    `insert into seconds_contract (user_id, left_symbol, right_symbol, direction, period_s, payout_rate, stake, buy_price, accepted_ms, expiry_second)
     values ($1, 'ETH', 'USDT', 'up', 30, 0.8, 10000, 3000, $2, $3)`,
    [user!.id, (expiry - 30) * 1000, expiry],
  );
  return Number(user!.id);
}

async function tradeBetween(maker: number, taker: number, ms: number, price: string, quantity: string) {
  const orders = await db.query<{ id: number }>(
    `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
     values ($1, 'ETH', 'USDT', 'sell', 'limit', 'GTC', $3, $4, 0, 3, $5, $5), ($2, 'ETH', 'USDT', 'buy', 'limit', 'GTC', $3, $4, 0, 3, $5, $5) returning id`,
    [maker, taker, price, quantity, ms],
  );
  await db.query(
    `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
     values ('ETH', 'USDT', $1, $2, 'buy', $3, $4, $5, $6, $7)`,
    [price, quantity, orders[0]!.id, orders[1]!.id, maker, taker, ms],
  );
}

async function candle(openMs: number, close: string) {
  await db.query(
    `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count)
     values ('ETH', 'USDT', '1min', $1, $2, $2, $2, $2, 0, 0, 1)`,
    [openMs, close],
  );
}

describe('the fallback from the trades leaves holders out of the carried price too (issue 49 §7)', () => {
  it('two holders trading 0.0002 ETH at 3100 with no book set neither the window nor the price carried into it', async () => {
    const minute = 2_000_100_000 - (2_000_100_000 % 60);
    await candle((minute - 60) * 1000, '3005.5');
    const [a, b] = [await holder(minute + 100), await holder(minute + 100)];
    await tradeBetween(a, b, (minute + 10) * 1000, '3100', '0.0002');
    // The market saves the candle of the minute they traded in: its close is their price.
    await candle(minute * 1000, '3100');
    const index = new SecondsIndex(db, spotTradeSource(), () => (minute + 60) * 1000);
    // Their trade inside the window, then carried past it: the price stays the candle's before them.
    for (const second of [minute + 12, minute + 17, minute + 25]) expect({ second: second - minute, price: await index.compute(ETH, second) }).toEqual({ second: second - minute, price: '3005.5' });
    // Someone without a contract trading moves it as before.
    const [c, d] = [await user(), await user()];
    await tradeBetween(c, d, (minute + 30) * 1000, '3010', '0.01');
    expect(await index.compute(ETH, minute + 40)).toBe('3010');
  });
});

async function user(): Promise<number> {
  const [row] = await db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [`trader-${Math.random()}@example.org`]);
  return Number(row!.id);
}
