import type { KlineInterval } from '../../../domain/constants.js';
import type { KlineBar } from '../../../domain/market.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { readKlines, readKlinesFrom, type CandleTable } from '../../kernel/platform/marketHistory/klineHistory.js';
import { buildBars, builtNext, sourceRange, type BuiltInterval, type KlineRange } from './builtKlines.js';
import { illegalParameter, invalidInterval } from './errors.js';
import type { Params } from './params.js';

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
/** The most source bars one klines call reads to build its bars: 1000 bars of 12h (12,000) or of 1d zoned from hours (24,000) in full. */
export const MAX_SOURCE_BARS = 24_000;
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

/**
 * Binance's `timeZone` (klines, uiKlines) as its lead on UTC in ms: hours ("8", "+8", "-5") or hours
 * and minutes ("-1:00", "05:45"), from -12:00 to +14:00; absent or empty, 0 (UTC). Anything else is
 * -1100, as Binance refuses it.
 */
export function timeZoneParam(params: Params): number {
  const value = params.timeZone;
  if (value === undefined || value === '') return 0;
  const match = /^([+-]?)(\d{1,2})(?::([0-5]\d))?$/.exec(value);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : NaN;
  if (!(minutes >= -12 * 60 && minutes <= 14 * 60)) throw illegalParameter('timeZone', 'hours from -12:00 to +14:00 are expected, as "+8", "-1:00" or "05:45"');
  // `|| 0`: "-0" is UTC, not a negative zero carried into the times.
  return minutes * MINUTE || 0;
}

/** The kept intervals the zoned bars are built from, coarsest first (the fewest rows read). */
const SOURCES = [
  ['60min', HOUR],
  ['30min', 30 * MINUTE],
  ['15min', 15 * MINUTE],
  ['5min', 5 * MINUTE],
  ['1min', MINUTE],
] as const;
/** The kept intervals' lengths; a week and a month are a calendar's, not fixed. */
const KEPT_MS: Partial<Record<KlineInterval, number>> = { '1min': MINUTE, '5min': 5 * MINUTE, '15min': 15 * MINUTE, '30min': 30 * MINUTE, '60min': HOUR, '1day': DAY };

/**
 * `interval` as its bars are in a time zone `offset` ahead of UTC (Binance's `timeZone`: bars open
 * at their times of the local clock; startTime and endTime stay UTC). Where the offset moves none of
 * its bars' opens (any whole hour, for 1m…1h; 8 hours for 2h, 4h, 8h) it is the interval as it is.
 * Else its bars are built from the coarsest kept bars that fit both the offset and the interval, so
 * none straddles two: the stored 1d, 1w and 1M bars are UTC's, and re-bucketing them is not possible.
 */
export function inTimeZone(interval: BinanceInterval, offset: number): BinanceInterval {
  if (offset === 0) return interval;
  const calendar = interval.built ? undefined : interval.source === '1week' ? 'week' : interval.source === '1mon' ? 'month' : undefined;
  const length = interval.built?.ms ?? (calendar === 'week' ? 7 * DAY : calendar === 'month' ? 31 * DAY : KEPT_MS[interval.source]!);
  if (!calendar && offset % length === 0) return interval;
  const [source, sourceMs] = SOURCES.find(([, ms]) => offset % ms === 0 && length % ms === 0)!;
  return { source, built: { ms: length, per: length / sourceMs, offset, ...(calendar ? { calendar } : {}) } };
}

/** The last ms of a bar that opens at `open` (a week from Monday 00:00 UTC, a month a calendar month, UTC; a built one in its time zone). */
function closeTime(open: number, interval: BinanceInterval): number {
  if (interval.built) return builtNext(interval.built, open) - 1;
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
  // A zoned month of hour bars is 744 of them: fewer bars than asked (at least one) keep a call's read bounded.
  const asked = built ? { ...range, limit: Math.min(range.limit, Math.max(1, Math.floor(MAX_SOURCE_BARS / built.per))) } : range;
  const read = built ? sourceRange(built, asked) : asked;
  const saved = await savedBars(db, table, pair, interval.source, read);
  // One over the source's limit, so the live bar never pushes the oldest saved one out of a backward window.
  const source = mergeBars(saved, await live(), built ? { ...read, limit: read.limit + 1 } : read);
  return (built ? buildBars(built, source, asked) : source).map((bar) => binanceKline(bar, interval));
}
