import { addDecimal, compareDecimal } from '../../../domain/decimal.js';
import type { KlineBar } from '../../../domain/market.js';

/**
 * Binance's intervals we keep no candles of (3m, 2h, 4h, 6h, 8h, 12h, 3d), built when asked from
 * a finer interval we keep: `per` bars of it make one. Pure: the rows are read by klines.ts.
 *
 * Every one is a whole number of its source's bars and opens, as Binance's do, at a multiple of its
 * length from the epoch (UTC): 2h…12h divide a day, so they open at midnight UTC and every few hours
 * after it; 3d bars count from 1970-01-01 (not from a week or a month).
 *
 * A klines call's `timeZone` builds the same way any interval whose bars it moves (klines.ts
 * inTimeZone): bars open at those times of the local clock, `offset` ahead of UTC, a week on local
 * Monday and a month on the local 1st (`calendar`), from source bars that never straddle two of them.
 */
export interface BuiltInterval {
  /** Its length (ms): a week's 7 days; a month's, the longest, 31. */
  ms: number;
  /** How many source bars one holds (at most, for a month). */
  per: number;
  /** The time zone's lead on UTC (ms); absent, UTC. */
  offset?: number;
  calendar?: 'week' | 'month';
}

const DAY = 86_400_000;

/** The time window a klines call asks for: bars opening in [startTime, endTime], both inclusive, at most `limit`. */
export interface KlineRange {
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** Where the bar of `built` that contains `time` opens. */
export function builtOpen(built: BuiltInterval, time: number): number {
  const offset = built.offset ?? 0;
  const local = time + offset;
  if (built.calendar === 'month') {
    const d = new Date(local);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - offset;
  }
  if (built.calendar === 'week') {
    const day = Math.floor(local / DAY) * DAY;
    return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY - offset;
  }
  return Math.floor(local / built.ms) * built.ms - offset;
}

/** Where the bar of `built` after the one opening at `open` opens. */
export function builtNext(built: BuiltInterval, open: number): number {
  if (built.calendar !== 'month') return open + built.ms;
  const offset = built.offset ?? 0;
  const d = new Date(open + offset);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - offset;
}

/**
 * The source bars a window of `built` bars needs: from the first built bar opening at or after
 * startTime, to the end of the one opening at or before endTime, and at most `limit × per` of them.
 *
 * That many suffice for `limit` bars either way: read from the start, `limit × per` source bars
 * touch at least `limit` built bars, of which only the last can lack bars (cut off by the limit),
 * and it is past the `limit`th unless every one before it is full — when it is full too. Read back
 * from the end likewise, the first being the one that can be cut.
 */
export function sourceRange(built: BuiltInterval, range: KlineRange): KlineRange {
  const first = range.startTime === undefined ? undefined : builtOpen(built, range.startTime);
  const startTime = first === undefined || first === range.startTime ? first : builtNext(built, first);
  const endTime = range.endTime === undefined ? undefined : builtNext(built, builtOpen(built, range.endTime)) - 1;
  return { ...(startTime !== undefined ? { startTime } : {}), ...(endTime !== undefined ? { endTime } : {}), limit: range.limit * built.per };
}

/**
 * Source bars (oldest first, as sourceRange read them and the live one merged) as bars of `built`,
 * within `range`: open the first one's open, close the last one's close, high and low the highest
 * and lowest, volumes and trade counts summed, all exact. A built bar with no source bar is absent,
 * as a gap is in a kept interval; one with some is there, from what there is.
 */
export function buildBars(built: BuiltInterval, source: readonly KlineBar[], range: KlineRange): KlineBar[] {
  const bars: KlineBar[] = [];
  for (const bar of source) {
    const time = builtOpen(built, bar.time);
    const last = bars.at(-1);
    if (last && last.time === time) {
      if (compareDecimal(bar.high, last.high) > 0) last.high = bar.high;
      if (compareDecimal(bar.low, last.low) < 0) last.low = bar.low;
      last.close = bar.close;
      last.amount = addDecimal(last.amount, bar.amount);
      last.vol = addDecimal(last.vol, bar.vol);
      last.count += bar.count;
    } else {
      bars.push({ ...bar, time });
    }
  }
  const sought = sourceRange(built, range);
  // A window read back from its end may begin inside a built bar: that bar is partial, and past the limit (sourceRange).
  const inRange = bars.filter((b) => (sought.startTime === undefined || b.time >= sought.startTime) && (range.endTime === undefined || b.time <= range.endTime));
  return range.startTime !== undefined ? inRange.slice(0, range.limit) : inRange.slice(-range.limit);
}
