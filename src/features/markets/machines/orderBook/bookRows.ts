/**
 * The rows the order book panel draws, made for a panel that redraws up to 60 times a second
 * (issue 12: render+commit p99 ≤ 3 ms at 200 deltas/s). Each shown level's quantity is read once
 * as an integer, the cumulative totals are integer sums, and every figure leaves here as the text
 * its cell shows, so the panel's row writer (views/trade/bookSideWriter.ts) only compares strings and
 * one number to know what to write. Exact throughout (BigInt); only the depth bar's share is
 * a number, a CSS size and not money.
 */
import { subDecimal, toFixedDecimal } from '../../../../domain/decimal';
import type { Level } from '../../../../domain/market';
import { groupLevels } from './grouping';

export interface BookRow {
  /** The level's exact price: a click hands it to the order form. */
  price: string;
  /** The price in the pair's precision. */
  priceText: string;
  quantityText: string;
  /** The quantity resting from the best level to this one, in the pair's amount precision. */
  totalText: string;
  /** total ÷ the deepest total shown on either side, 0…1 in 1/10000 steps: the depth bar's width. */
  share: number;
}

export interface BookRows {
  asks: BookRow[];
  bids: BookRow[];
  /** Best ask − best bid (never grouped), in the pair's precision; undefined with an empty side. */
  spreadText: string | undefined;
}

export interface BookPrecision {
  pricePlaces: number;
  amountPlaces: number;
}

const POWERS: bigint[] = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number) => POWERS[n] ?? 10n ** BigInt(n);

const scaleOf = (value: string) => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};

/** A non-negative decimal string as an integer of 10^-scale units (scale ≥ its own decimals). */
function unitsAt(value: string, scale: number): bigint {
  const dot = value.indexOf('.');
  if (dot < 0) return BigInt(value) * pow10(scale);
  return BigInt(value.slice(0, dot) + value.slice(dot + 1).padEnd(scale, '0'));
}

/** Integer units of 10^-scale as text with `places` decimals, rounded half up (toFixedDecimal's rule). */
function unitsText(units: bigint, scale: number, places: number): string {
  let kept = units;
  if (scale > places) {
    const divisor = pow10(scale - places);
    kept = (units + divisor / 2n) / divisor;
  } else if (scale < places) kept = units * pow10(places - scale);
  const digits = kept.toString();
  if (places <= 0) return digits;
  const padded = digits.padStart(places + 1, '0');
  return `${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

/**
 * A price in `places` decimals. The book's prices are canonical and rarely carry more decimals than
 * the pair, so padding with zeros is the usual answer; anything else goes through toFixedDecimal.
 */
export function priceText(price: string, places: number): string {
  const scale = scaleOf(price);
  const canonical = price[0] !== '-' && (price[0] !== '0' || price.length === 1 || price[1] === '.');
  if (!canonical || scale > places) return toFixedDecimal(price, places);
  if (scale === places) return price;
  return (scale === 0 ? `${price}.` : price) + '0'.repeat(places - scale);
}

/** The first `depth` levels of a side with their quantities as integers of one common scale. */
function sideUnits(levels: Level[], depth: number) {
  const shown = levels.length > depth ? levels.slice(0, depth) : levels;
  let scale = 0;
  for (const [, quantity] of shown) scale = Math.max(scale, scaleOf(quantity));
  let total = 0n;
  const rows = shown.map(([price, quantity]) => {
    const units = unitsAt(quantity, scale);
    total += units;
    return { price, units, total };
  });
  return { rows, scale, total };
}

type Side = ReturnType<typeof sideUnits>;

/** The deeper side's total in 10^-scale units, both sides brought to the larger scale. */
function deepestAt(a: Side, b: Side, scale: number): bigint {
  const x = a.total * pow10(scale - a.scale);
  const y = b.total * pow10(scale - b.scale);
  return x > y ? x : y;
}

function toRows(side: Side, deepest: bigint, scale: number, precision: BookPrecision): BookRow[] {
  const lift = pow10(scale - side.scale);
  return side.rows.map((row) => ({
    price: row.price,
    priceText: priceText(row.price, precision.pricePlaces),
    quantityText: unitsText(row.units, side.scale, precision.amountPlaces),
    totalText: unitsText(row.total, side.scale, precision.amountPlaces),
    share: deepest > 0n ? Number((row.total * lift * 10000n) / deepest) / 10000 : 0,
  }));
}

/**
 * The panel's rows: `depth` levels a side, best first, merged by the grouping step when one finer
 * than the pair's tick is not asked for (`grouping`: the step's decimals, undefined: the tick).
 */
export function bookRows(book: { bids: Level[]; asks: Level[] }, depth: number, grouping: number | undefined, precision: BookPrecision): BookRows {
  const grouped = grouping !== undefined && grouping < precision.pricePlaces;
  const bids = sideUnits(grouped ? groupLevels(book.bids, grouping, 'bid', depth) : book.bids, depth);
  const asks = sideUnits(grouped ? groupLevels(book.asks, grouping, 'ask', depth) : book.asks, depth);
  const scale = Math.max(bids.scale, asks.scale);
  const deepest = deepestAt(bids, asks, scale);
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  return {
    bids: toRows(bids, deepest, scale, precision),
    asks: toRows(asks, deepest, scale, precision),
    spreadText: bestBid !== undefined && bestAsk !== undefined ? toFixedDecimal(subDecimal(bestAsk, bestBid), precision.pricePlaces) : undefined,
  };
}
