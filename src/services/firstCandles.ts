import { FIRST_CANDLES_ID, FIRST_CANDLES_INTERVAL, FIRST_CANDLES_INTERVAL_MS } from '../../domain/firstCandles';
import type { KlineHistory } from '../../domain/market';

let taken = false;

/**
 * The candles the server wrote into a trade page (domain/firstCandles.ts), once, for the chart's
 * first history read of `pair` (btc_usdt) at `interval`. Undefined after that, for another pair or
 * interval, when the page came without them, and when the page was opened in an earlier candle
 * than now: a candle that closed since would be missing its last trades (a read after the live
 * candle's subscription has none of that: the channel's first message is the candle in progress).
 */
export function takeFirstCandles(pair: string, interval: string): KlineHistory | undefined {
  if (taken || typeof document === 'undefined') return undefined;
  taken = true;
  const bucket = (ms: number) => Math.floor(ms / FIRST_CANDLES_INTERVAL_MS);
  if (interval !== FIRST_CANDLES_INTERVAL || bucket(performance.timeOrigin) !== bucket(Date.now())) return undefined;
  try {
    const text = document.getElementById(FIRST_CANDLES_ID)?.textContent;
    const history = text ? (JSON.parse(text) as Partial<KlineHistory>) : undefined;
    return history?.pair === pair && history.interval === interval && Array.isArray(history.bars) ? (history as KlineHistory) : undefined;
  } catch {
    return undefined;
  }
}
