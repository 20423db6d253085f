import type { KlineInterval } from '../../../../domain/constants.js';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/**
 * Where the candle that contains `time` (ms since epoch, UTC) starts, for each spec interval.
 * Minutes and days are fixed-size buckets; weeks start on Monday 00:00 UTC; months on the 1st.
 */
export function bucketStart(interval: KlineInterval, time: number): number {
  switch (interval) {
    case '1min':
      return floorTo(time, MINUTE);
    case '5min':
      return floorTo(time, 5 * MINUTE);
    case '15min':
      return floorTo(time, 15 * MINUTE);
    case '30min':
      return floorTo(time, 30 * MINUTE);
    case '60min':
      return floorTo(time, 60 * MINUTE);
    case '1day':
      return floorTo(time, DAY);
    case '1week': {
      const day = floorTo(time, DAY);
      const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
      return day - weekday * DAY;
    }
    case '1mon': {
      const d = new Date(time);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    }
  }
}

/** The start of the candle after the one starting at `start`. */
export function nextBucket(interval: KlineInterval, start: number): number {
  if (interval === '1mon') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  if (interval === '1week') return start + 7 * DAY;
  return bucketStart(interval, start) + intervalMs(interval);
}

function intervalMs(interval: Exclude<KlineInterval, '1mon' | '1week'>): number {
  return { '1min': MINUTE, '5min': 5 * MINUTE, '15min': 15 * MINUTE, '30min': 30 * MINUTE, '60min': 60 * MINUTE, '1day': DAY }[interval];
}

function floorTo(time: number, size: number): number {
  return Math.floor(time / size) * size;
}
