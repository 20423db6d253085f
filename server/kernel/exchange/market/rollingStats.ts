import type { TradePrint } from './candles.js';
import { addTrade, ohlcOf, type Ohlc } from './ohlc.js';

const MINUTE = 60_000;
const WINDOW_MINUTES = 1440;

interface MinuteBucket extends Ohlc {
  minute: number;
}

/** The 24h figures of a market tick (spec §3), in integer units; `increase` is computed at the edge. */
export type DayStats = Ohlc;

/**
 * Rolling 24-hour statistics over one-minute buckets (a ring of 1440). `open` is the first trade
 * price inside the window; when the window holds no trade, every price is the last known close
 * and the amounts are zero, so a quiet market shows a flat 0.00% rather than nothing.
 */
export class RollingDayStats {
  private readonly ring: Array<MinuteBucket | undefined> = new Array(WINDOW_MINUTES);
  private lastClose: number | undefined;

  add(trade: TradePrint): void {
    const minute = Math.floor(trade.time / MINUTE);
    const slot = minute % WINDOW_MINUTES;
    const bucket = this.ring[slot];
    if (!bucket || bucket.minute !== minute) {
      this.ring[slot] = { minute, ...ohlcOf(trade) };
    } else {
      addTrade(bucket, trade);
    }
    this.lastClose = trade.price;
  }

  /**
   * The last price from before the window (a restart's newest trade older than a day): a pair that
   * has traded ever still has a tick — that price, zero volume — instead of none at all.
   */
  knowClose(price: number): void {
    this.lastClose = price;
  }

  /**
   * The volume-weighted average price (ticks, fractional) of the trades in the `minutes` whole and
   * current minutes ending at `now`; with none in them, the last price known; undefined before the
   * first trade ever (the price band's reference, domain/priceBand.ts).
   */
  averagePrice(now: number, minutes: number): number | undefined {
    const newest = Math.floor(now / MINUTE);
    let lots = 0;
    let turnover = 0n;
    for (let minute = newest - minutes + 1; minute <= newest; minute++) {
      const bucket = this.ring[minute % WINDOW_MINUTES];
      if (!bucket || bucket.minute !== minute) continue;
      lots += bucket.amount;
      turnover += bucket.vol;
    }
    return lots > 0 ? Number(turnover) / lots : this.lastClose;
  }

  /** Statistics for the 24 hours ending at `now`; undefined before the first trade ever. */
  at(now: number): DayStats | undefined {
    if (this.lastClose === undefined) return undefined;
    const newest = Math.floor(now / MINUTE);
    const oldest = newest - WINDOW_MINUTES + 1;
    let first: MinuteBucket | undefined;
    let last: MinuteBucket | undefined;
    let high = -Infinity;
    let low = Infinity;
    let amount = 0;
    let vol = 0n;
    let count = 0;
    for (const b of this.ring) {
      if (!b || b.minute < oldest || b.minute > newest) continue;
      if (!first || b.minute < first.minute) first = b;
      if (!last || b.minute > last.minute) last = b;
      high = Math.max(high, b.high);
      low = Math.min(low, b.low);
      amount += b.amount;
      vol += b.vol;
      count += b.count;
    }
    if (!first || !last) {
      const p = this.lastClose;
      return { open: p, high: p, low: p, close: p, amount: 0, vol: 0n, count: 0 };
    }
    return { open: first.open, high, low, close: last.close, amount, vol, count };
  }
}
