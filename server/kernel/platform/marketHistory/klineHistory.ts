import type { KlineInterval } from '../../../../domain/constants.js';
import type { KlineBar, KlineHistory } from '../../../../domain/market.js';
import type { Queryable } from '../db/database.js';
import type { Candle } from '../../exchange/market/candles.js';
import { decimalToUnits } from '../../exchange/market/units.js';

/** Where a market keeps its candles: spot's `candle`, the futures markets' `futures_candle` (same columns). */
export type CandleTable = 'candle' | 'futures_candle';

/**
 * Bars of a pair and interval opening before `to`, oldest first, with whether older ones exist
 * (GET /api/market/kline and /api/futures/kline). The candle in progress is a row like the others.
 */
export async function readKlines(db: Queryable, table: CandleTable, left: string, right: string, interval: KlineInterval, to: number, limit: number): Promise<KlineHistory> {
  const rows = await db.query<CandleRow>(
    `select ${BAR_COLUMNS} from ${table} where left_symbol = $1 and right_symbol = $2 and interval = $3 and open_time < $4
     order by open_time desc limit $5`,
    [left, right, interval, to, limit + 1],
  );
  const more = rows.length > limit;
  const bars: KlineBar[] = rows.slice(0, limit).reverse().map(barOf);
  return { pair: `${left}_${right}`.toLowerCase(), interval, bars, more };
}

/**
 * Bars opening in [from, to), the oldest first, at most `limit`: Binance's klines from a startTime
 * (the Binance dialect), which must start there however many bars lie between it and `to`.
 */
export async function readKlinesFrom(db: Queryable, table: CandleTable, left: string, right: string, interval: KlineInterval, from: number, to: number, limit: number): Promise<KlineBar[]> {
  const rows = await db.query<CandleRow>(
    `select ${BAR_COLUMNS} from ${table} where left_symbol = $1 and right_symbol = $2 and interval = $3 and open_time >= $4 and open_time < $5
     order by open_time limit $6`,
    [left, right, interval, from, to, limit],
  );
  return rows.map(barOf);
}

type CandleRow = { open_time: number; open: string; high: string; low: string; close: string; amount: string; vol: string; count: number };
const BAR_COLUMNS = `open_time, trim_scale(open)::text as open, trim_scale(high)::text as high, trim_scale(low)::text as low, trim_scale(close)::text as close,
            trim_scale(amount)::text as amount, trim_scale(vol)::text as vol, count`;
const barOf = (r: CandleRow): KlineBar => ({ time: Number(r.open_time), open: r.open, high: r.high, low: r.low, close: r.close, amount: r.amount, vol: r.vol, count: r.count });

/** The query string both kline routes take (docs/API.md). */
export const KLINE_QUERY_LIMITS = { to: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 }, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 300 } } as const;

/**
 * The newest candle of each interval of a pair, in integer units (ticks of `pricePrecision`, lots
 * of `amountPrecision`): the candles in progress a market carries on with after a restart.
 * `lastTradeId`: the newest trade of the pair the row includes, where the writer keeps it.
 */
export async function readLiveCandles(
  db: Queryable,
  table: CandleTable,
  left: string,
  right: string,
  pricePrecision: number,
  amountPrecision: number,
): Promise<Array<Candle & { lastTradeId: number | null }>> {
  const rows = await db.query<{ interval: string; open_time: number; open: string; high: string; low: string; close: string; amount: string; vol: string; count: number; last_trade_id: number | null }>(
    `select distinct on (interval) interval, open_time, trim_scale(open)::text as open, trim_scale(high)::text as high, trim_scale(low)::text as low,
       trim_scale(close)::text as close, trim_scale(amount)::text as amount, trim_scale(vol)::text as vol, count, last_trade_id
     from ${table} where left_symbol = $1 and right_symbol = $2 order by interval, open_time desc`,
    [left, right],
  );
  return rows.map((c) => ({
    lastTradeId: c.last_trade_id === null ? null : Number(c.last_trade_id),
    interval: c.interval as Candle['interval'],
    openTime: Number(c.open_time),
    open: decimalToUnits(c.open, pricePrecision)!,
    high: decimalToUnits(c.high, pricePrecision)!,
    low: decimalToUnits(c.low, pricePrecision)!,
    close: decimalToUnits(c.close, pricePrecision)!,
    amount: decimalToUnits(c.amount, amountPrecision) ?? 0,
    vol: BigInt(decimalToUnits(c.vol, pricePrecision + amountPrecision) ?? 0),
    count: c.count,
  }));
}

/**
 * Candles in progress as the nine parallel arrays a multi-row upsert unnests (interval, open time,
 * open, high, low, close, amount, vol, count): spot's `candle` and the futures' `futures_candle`.
 */
export function candleColumns(bars: ReadonlyArray<{ interval: string; openTime: number; bar: KlineBar }>): unknown[] {
  return [
    bars.map((b) => b.interval),
    bars.map((b) => b.openTime),
    bars.map((b) => b.bar.open),
    bars.map((b) => b.bar.high),
    bars.map((b) => b.bar.low),
    bars.map((b) => b.bar.close),
    bars.map((b) => b.bar.amount),
    bars.map((b) => b.bar.vol),
    bars.map((b) => b.bar.count),
  ];
}
