/**
 * The rows the order book panel draws, made for a panel that redraws up to 60 times a second
 * (issue 12: render+commit p99 ≤ 3 ms at 200 deltas/s). Each shown level's quantity is read once
 * as an integer, the cumulative totals are integer sums, and every figure leaves here as the text
 * its cell shows, so the panel's row writer (views/trade/bookSideWriter.ts) only compares strings and
 * one number to know what to write. Exact throughout: the integers are plain numbers while every one
 * of them stays below 2^53 (sideFigures.ts), BigInt beyond; only the depth bar's share is a
 * fraction, a CSS size and not money.
 */
import { subDecimal, toFixedDecimal } from '../../../../../domain/decimal';
import type { Level } from '../../../../../domain/market';
import { groupLevels } from './grouping';
import { bigIntSides, safeIntegerSides, safeUnits, unitsText, type BookPrecision, type BookRow } from './sideFigures';

export { priceText, type BookPrecision, type BookRow } from './sideFigures';

export interface BookRows {
  asks: BookRow[];
  bids: BookRow[];
  /** Best ask − best bid (never grouped), in the pair's precision; undefined with an empty side. */
  spreadText: string | undefined;
}

const scaleOf = (value: string) => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};

/**
 * Best ask − best bid in `places` decimals, rounded half up. Every frame asks for it, so the usual
 * case (plain prices, ask above bid) is one integer subtraction; a crossed book or prices beyond
 * 2^53 units take the decimal helpers, which give the same text.
 */
function spreadOf(bestAsk: string, bestBid: string, places: number): string {
  const scale = Math.max(scaleOf(bestAsk), scaleOf(bestBid));
  const spread = safeUnits(bestAsk, scale) - safeUnits(bestBid, scale);
  if (spread >= 0) return unitsText(spread, scale, places);
  return toFixedDecimal(subDecimal(bestAsk, bestBid), places);
}

/**
 * The panel's rows: `depth` levels a side, best first, merged by the grouping step when one finer
 * than the pair's tick is not asked for (`grouping`: the step's decimals, undefined: the tick).
 */
export function bookRows(book: { bids: Level[]; asks: Level[] }, depth: number, grouping: number | undefined, precision: BookPrecision): BookRows {
  const grouped = grouping !== undefined && grouping < precision.pricePlaces;
  const bids = grouped ? groupLevels(book.bids, grouping, 'bid', depth) : book.bids;
  const asks = grouped ? groupLevels(book.asks, grouping, 'ask', depth) : book.asks;
  const sides = safeIntegerSides(bids, asks, depth, precision) ?? bigIntSides(bids, asks, depth, precision);
  return { bids: sides.bids, asks: sides.asks, spreadText: bookSpreadText(book, precision.pricePlaces) };
}

/** Best ask − best bid (never grouped) in `places` decimals; undefined with an empty side. */
export function bookSpreadText(book: { bids: Level[]; asks: Level[] }, places: number): string | undefined {
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  return bestBid !== undefined && bestAsk !== undefined ? spreadOf(bestAsk, bestBid, places) : undefined;
}
