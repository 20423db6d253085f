import { KLINE_INTERVALS, type KlineInterval } from '../../../../domain/constants.js';
import { bucketStart } from './intervals.js';
import { addTrade, ohlcOf, type Ohlc, type TradePrint } from './ohlc.js';

// Declared beside the span arithmetic that reads it, so ohlc.ts imports nothing back from here.
export type { TradePrint };

/**
 * One candle in integer units: prices in ticks, `amount` in lots, `vol` (turnover) in tick×lot
 * units as a BigInt because a busy day's turnover passes 2^53.
 */
export interface Candle extends Ohlc {
  interval: KlineInterval;
  openTime: number;
}

/**
 * Builds the live candle of every interval from trades as they happen. `add` returns the candles
 * that changed (to push on the candle channels) and the ones that just closed (to persist).
 * Trades must arrive in time order; a late trade is folded into the current candle rather than
 * rewriting a closed one, which keeps persisted history immutable.
 */
export class CandleBuilder {
  private readonly current = new Map<KlineInterval, Candle>();

  constructor(private readonly intervals: readonly KlineInterval[] = KLINE_INTERVALS) {}

  add(trade: TradePrint): { updated: Candle[]; closed: Candle[] } {
    const updated: Candle[] = [];
    const closed: Candle[] = [];
    for (const interval of this.intervals) {
      const start = bucketStart(interval, trade.time);
      const candle = this.current.get(interval);
      if (!candle || start > candle.openTime) {
        if (candle) closed.push(candle);
        const fresh: Candle = { interval, openTime: start, ...ohlcOf(trade) };
        this.current.set(interval, fresh);
        updated.push(fresh);
      } else {
        addTrade(candle, trade);
        updated.push(candle);
      }
    }
    return { updated, closed };
  }

  /**
   * One interval's candle only, as `add` moves it: for trades its persisted candle did not include
   * yet (a restart replaying what the last save of a coarse candle missed).
   */
  addTo(interval: KlineInterval, trade: TradePrint): { updated: Candle; closed?: Candle } {
    const start = bucketStart(interval, trade.time);
    const candle = this.current.get(interval);
    if (candle && start <= candle.openTime) {
      addTrade(candle, trade);
      return { updated: candle };
    }
    const fresh: Candle = { interval, openTime: start, ...ohlcOf(trade) };
    this.current.set(interval, fresh);
    return { updated: fresh, ...(candle ? { closed: candle } : {}) };
  }

  /** The candle in progress for an interval, if any trade has been seen. */
  live(interval: KlineInterval): Candle | undefined {
    return this.current.get(interval);
  }

  /** Resumes from persisted state after a restart (the candle's own fields only, whatever else the row carried). */
  restore(candle: Candle): void {
    const existing = this.current.get(candle.interval);
    const { interval, openTime, open, high, low, close, amount, vol, count } = candle;
    if (!existing || openTime >= existing.openTime) this.current.set(interval, { interval, openTime, open, high, low, close, amount, vol, count });
  }
}
