import type { KlineInterval } from '../../../domain/constants.js';
import type { KlineBar } from '../../../domain/market.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { readKlines, readKlinesFrom, type CandleTable } from '../../kernel/platform/marketHistory/klineHistory.js';
import { invalidInterval } from './errors.js';

/** Binance's interval names for our 8 (others: -1120). */
export const INTERVALS: Record<string, KlineInterval> = { '1m': '1min', '5m': '5min', '15m': '15min', '30m': '30min', '1h': '60min', '1d': '1day', '1w': '1week', '1M': '1mon' };

export function intervalOf(name: string): KlineInterval {
  const ours = INTERVALS[name];
  if (!ours) throw invalidInterval();
  return ours;
}

/** The last ms of a bar that opens at `open` (a month is a calendar month, UTC). */
function closeTime(open: number, interval: KlineInterval): number {
  if (interval === '1mon') {
    const d = new Date(open);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1;
  }
  const ms = { '1min': 60_000, '5min': 300_000, '15min': 900_000, '30min': 1_800_000, '60min': 3_600_000, '1day': 86_400_000, '1week': 604_800_000 }[interval];
  return open + ms - 1;
}

/** A bar as Binance's kline array. Taker-buy volumes are not kept: "0". */
export function binanceKline(bar: KlineBar, interval: KlineInterval) {
  return [bar.time, bar.open, bar.high, bar.low, bar.close, bar.amount, closeTime(bar.time, interval), bar.vol, bar.count, '0', '0', '0'];
}

/** Saved bars and the live one (newer, or the same bar fresher), oldest first, within the asked range. */
export function mergeBars(saved: KlineBar[], live: KlineBar | undefined, range: { startTime?: number; endTime?: number; limit: number }): KlineBar[] {
  const bars = [...saved];
  if (live) {
    if (bars.length > 0 && bars[bars.length - 1]!.time === live.time) bars[bars.length - 1] = live;
    else if (bars.length === 0 || bars[bars.length - 1]!.time < live.time) bars.push(live);
  }
  const inRange = bars.filter((b) => (range.startTime === undefined || b.time >= range.startTime) && (range.endTime === undefined || b.time <= range.endTime));
  return range.startTime !== undefined ? inRange.slice(0, range.limit) : inRange.slice(-range.limit);
}

/**
 * The saved bars a klines call asks for: from `startTime` onwards (the first `limit`), else the
 * newest `limit` up to `endTime`. A startTime had read the newest 1000 bars and kept those after
 * it, so a bot paging history from an older startTime was answered bars from a later time.
 */
export async function savedBars(db: Queryable, table: CandleTable, pair: { left: string; right: string }, interval: KlineInterval, range: { startTime?: number; endTime?: number; limit: number }): Promise<KlineBar[]> {
  const to = range.endTime === undefined ? Number.MAX_SAFE_INTEGER : range.endTime + 1;
  if (range.startTime !== undefined) return readKlinesFrom(db, table, pair.left, pair.right, interval, range.startTime, to, range.limit);
  return (await readKlines(db, table, pair.left, pair.right, interval, to, range.limit)).bars;
}
