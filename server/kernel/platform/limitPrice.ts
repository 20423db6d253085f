import { compareDecimal } from '../../../domain/decimal.js';
import type { Queryable } from './db/database.js';

/**
 * The USDT price a limit counts a currency at (the 24-hour withdrawal limit, P2P trust limits):
 * the highest of its list price (its last trade) and the hourly highs of its X/USDT market over
 * the last day. The last trade alone could be set by one account selling to another far below the
 * market, and a quantity then counted as worth almost nothing (a 100-USDT limit let 0.04 BTC out).
 * A real fall counts in full only a day later: a limit errs on the side of less. Undefined when
 * the currency has no price at all (listed, never traded): nothing can value it against a limit.
 */
export async function limitPrice(db: Queryable, symbol: string, now: number): Promise<string | undefined> {
  if (symbol === 'USDT') return '1';
  const [row] = await db.query<{ price: string | null }>(
    `select trim_scale(greatest(c.price, (
       select max(k.high) from candle k
       where k.left_symbol = c.symbol and k.right_symbol = 'USDT' and k.interval = '60min' and k.open_time > $2
     )))::text as price
     from currency c where c.symbol = $1`,
    [symbol, now - LIMIT_PRICE_WINDOW_MS],
  );
  return row?.price && compareDecimal(row.price, '0') > 0 ? row.price : undefined;
}

/** A day and the hour the first of its hourly candles began in. */
const LIMIT_PRICE_WINDOW_MS = 25 * 3_600_000;
