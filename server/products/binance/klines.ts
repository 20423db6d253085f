import type { KlineInterval } from '../../../domain/constants.js';
import type { KlineBar } from '../../../domain/market.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { readKlines, readKlinesFrom, type CandleTable } from '../../kernel/platform/marketHistory/klineHistory.js';
import { buildBars, sourceRange, type BuiltInterval, type KlineRange } from './builtKlines.js';
import { invalidInterval } from './errors.js';

/**
 * A Binance interval: one of our 8 kept ones (`source`, its rows and channel), or one built from
 * `source`'s bars when asked (`built`: builtKlines.ts).
 */
export interface BinanceInterval {
  source: KlineInterval;
  built?: BuiltInterval;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const kept = (source: KlineInterval): BinanceInterval => ({ source });
const built = (source: KlineInterval, sourceMs: number, per: number): BinanceInterval => ({ source, built: { ms: sourceMs * per, per } });

/** Binance's interval names (others, 1s among them: -1120). */
export const INTERVALS: Record<string, BinanceInterval> = {
  '1m': kept('1min'),
  '3m': built('1min', MINUTE, 3),
  '5m': kept('5min'),
  '15m': kept('15min'),
  '30m': kept('30min'),
  '1h': kept('60min'),
  '2h': built('60min', HOUR, 2),
  '4h': built('60min', HOUR, 4),
  '6h': built('60min', HOUR, 6),
  '8h': built('60min', HOUR, 8),
  '12h': built('60min', HOUR, 12),
  '1d': kept('1day'),
  '3d': built('1day', DAY, 3),
  '1w': kept('1week'),
  '1M': kept('1mon'),
};

export function intervalOf(name: string): BinanceInterval {
  // An own property only: "constructor" or "toString" is no interval.
  if (!Object.hasOwn(INTERVALS, name)) throw invalidInterval();
  return INTERVALS[name]!;
}

/** The last ms of a bar that opens at `open` (a week from Monday 00:00 UTC, a month a calendar month, UTC). */
function closeTime(open: number, interval: BinanceInterval): number {
  if (interval.built) return open + interval.built.ms - 1;
  if (interval.source === '1mon') {
    const d = new Date(open);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1;
  }
  const ms = { '1min': MINUTE, '5min': 5 * MINUTE, '15min': 15 * MINUTE, '30min': 30 * MINUTE, '60min': HOUR, '1day': DAY, '1week': 7 * DAY }[interval.source];
  return open + ms - 1;
}

/** A bar as Binance's kline array. Taker-buy volumes are not kept: "0". */
export function binanceKline(bar: KlineBar, interval: BinanceInterval) {
  return [bar.time, bar.open, bar.high, bar.low, bar.close, bar.amount, closeTime(bar.time, interval), bar.vol, bar.count, '0', '0', '0'];
}

/** Saved bars and the live one (newer, or the same bar fresher), oldest first, within the asked range. */
export function mergeBars(saved: KlineBar[], live: KlineBar | undefined, range: KlineRange): KlineBar[] {
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
export async function savedBars(db: Queryable, table: CandleTable, pair: { left: string; right: string }, interval: KlineInterval, range: KlineRange): Promise<KlineBar[]> {
  const to = range.endTime === undefined ? Number.MAX_SAFE_INTEGER : range.endTime + 1;
  if (range.startTime !== undefined) return readKlinesFrom(db, table, pair.left, pair.right, interval, range.startTime, to, range.limit);
  return (await readKlines(db, table, pair.left, pair.right, interval, to, range.limit)).bars;
}

/**
 * A klines call's answer, spot's and the futures' alike: the saved bars of the interval's source
 * with the live one (`live`, read after them so it is the fresher), as they are or built into the
 * interval's bars, as Binance's arrays.
 */
export async function klineRows(
  db: Queryable,
  table: CandleTable,
  pair: { left: string; right: string },
  interval: BinanceInterval,
  range: KlineRange,
  live: () => Promise<KlineBar | undefined>,
): Promise<unknown[][]> {
  const { built } = interval;
  const read = built ? sourceRange(built, range) : range;
  const saved = await savedBars(db, table, pair, interval.source, read);
  // One over the source's limit, so the live bar never pushes the oldest saved one out of a backward window.
  const source = mergeBars(saved, await live(), built ? { ...read, limit: read.limit + 1 } : read);
  return (built ? buildBars(built, source, range) : source).map((bar) => binanceKline(bar, interval));
}
