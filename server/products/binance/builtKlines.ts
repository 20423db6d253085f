import { addDecimal, compareDecimal } from '../../../domain/decimal.js';
import type { KlineBar } from '../../../domain/market.js';

/**
 * Binance's intervals we keep no candles of (3m, 2h, 4h, 6h, 8h, 12h, 3d), built when asked from
 * a finer interval we keep: `per` bars of it make one. Pure: the rows are read by klines.ts.
 *
 * Every one is a whole number of its source's bars and opens, as Binance's do, at a multiple of its
 * length from the epoch (UTC): 2h…12h divide a day, so they open at midnight UTC and every few hours
 * after it; 3d bars count from 1970-01-01 (not from a week or a month).
 */
export interface BuiltInterval {
  /** Its length (ms). */
  ms: number;
  /** How many source bars one holds. */
  per: number;
}

/** The time window a klines call asks for: bars opening in [startTime, endTime], both inclusive, at most `limit`. */
export interface KlineRange {
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** Where the bar of `built` that contains `time` opens. */
export const builtOpen = (built: BuiltInterval, time: number): number => Math.floor(time / built.ms) * built.ms;

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
  const startTime = range.startTime === undefined ? undefined : Math.ceil(range.startTime / built.ms) * built.ms;
  const endTime = range.endTime === undefined ? undefined : builtOpen(built, range.endTime) + built.ms - 1;
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
