import type { KlineInterval } from '../../../src/domain/constants.js';
import type { KlineBar, KlineHistory } from '../../../src/domain/market.js';
import type { Queryable } from '../../kernel/db/database.js';

/** Bars of a pair and interval opening before `to`, oldest first, with whether older ones exist. */
export async function readKlines(db: Queryable, left: string, right: string, interval: KlineInterval, to: number, limit: number): Promise<KlineHistory> {
  const rows = await db.query<{ open_time: number; open: string; high: string; low: string; close: string; amount: string; vol: string; count: number }>(
    `select open_time, trim_scale(open)::text as open, trim_scale(high)::text as high, trim_scale(low)::text as low, trim_scale(close)::text as close,
            trim_scale(amount)::text as amount, trim_scale(vol)::text as vol, count
     from candle where left_symbol = $1 and right_symbol = $2 and interval = $3 and open_time < $4
     order by open_time desc limit $5`,
    [left, right, interval, to, limit + 1],
  );
  const more = rows.length > limit;
  const bars: KlineBar[] = rows
    .slice(0, limit)
    .reverse()
    .map((r) => ({ time: Number(r.open_time), open: r.open, high: r.high, low: r.low, close: r.close, amount: r.amount, vol: r.vol, count: r.count }));
  return { pair: `${left}_${right}`.toLowerCase(), interval, bars, more };
}
