import type { KlineInterval } from './constants';

/**
 * A trade page's first candles, written into its HTML by the server
 * (server/kernel/platform/http/firstCandles.ts) as a `<script type="application/json">` with this
 * id: GET /api/market/kline's answer (domain/market.ts `KlineHistory`) for the page's pair at the
 * interval its chart opens at, which the chart's first history read takes instead of asking once
 * its code has arrived (issue 55: a round trip of half a second or more on a phone network).
 */
export const FIRST_CANDLES_ID = 'first-candles';

/** The interval a trade page's chart opens at (the pair market's first). */
export const FIRST_CANDLES_INTERVAL: KlineInterval = '1min';
/** FIRST_CANDLES_INTERVAL's length: candles taken from a page opened in an earlier one could miss one that closed since. */
export const FIRST_CANDLES_INTERVAL_MS = 60_000;
