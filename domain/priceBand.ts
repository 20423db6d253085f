/**
 * The spot price band (Binance's PERCENT_PRICE_BY_SIDE filter): a limit order's price must lie
 * within a multiple of the pair's average price over the last few minutes, on either side. A fat
 * finger's 100× price is refused instead of resting, and nobody can print a trade at any price
 * they like on a thin book by meeting their own second account there: every print stays within the
 * band of what the market traded lately. Market orders have no price to check; they take what rests,
 * and every resting price was within the band when it was placed.
 */
export const PRICE_BAND = {
  /** At most this many times the average price (Binance: bidMultiplierUp, askMultiplierUp). */
  up: 5,
  /** At least this fraction of it (bidMultiplierDown, askMultiplierDown). */
  down: 0.2,
  /** The average is over this many minutes of trades (avgPriceMins). */
  minutes: 5,
} as const;

/** The lowest and highest price (the pair's price units, ticks) a limit order may name now, around `average`. */
export function priceBandAround(average: number): { low: number; high: number } {
  // Whole ticks inside the band: the low rounded up, the high down, never below one tick.
  return { low: Math.max(1, Math.ceil(average * PRICE_BAND.down - 1e-9)), high: Math.floor(average * PRICE_BAND.up + 1e-9) };
}

/** Whether `price` (ticks) lies within the band around `average`; a pair that has not traded has no band. */
export function withinPriceBand(price: number, average: number | undefined): boolean {
  if (average === undefined || !(average > 0)) return true;
  const { low, high } = priceBandAround(average);
  return price >= low && price <= high;
}
