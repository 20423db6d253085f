/**
 * The figures of the book's shown rows (bookRows.ts): each level's quantity as an integer of one
 * common scale, the cumulative totals as integer sums, the texts and the depth bars' shares.
 *
 * Two paths with the same results. The usual one works in plain numbers, which are exact integers
 * up to 2^53: it is taken only when the largest value it will form (the deepest total, lifted to
 * the text's decimals and times the share's 10000) stays below that, and it allocates nothing but
 * the rows themselves. Anything larger takes BigInt, exact at any size. The panel asks for these up
 * to 60 times a second, and BigInt's heap values were 40 % of the bytes a frame allocated, i.e. of
 * the garbage collections that land inside a frame (issue 12's 4× CPU p99).
 */
import { toFixedDecimal } from '../../../../../domain/decimal';
import type { Level } from '../../../../../domain/market';

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

export interface BookPrecision {
  pricePlaces: number;
  amountPlaces: number;
}

const SHARE_STEPS = 10000;

const scaleOf = (value: string) => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};

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

/** The digits of an integer as text with `places` decimals. */
function digitsText(digits: string, places: number): string {
  if (places <= 0) return digits;
  const padded = digits.length > places ? digits : digits.padStart(places + 1, '0');
  return `${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

// ——— plain numbers, below 2^53 ———

/** 10^n exactly for n ≤ 22 (every power a double holds without rounding). */
const POWERS_OF_TEN: number[] = Array.from({ length: 23 }, (_, n) => 10 ** n);

/**
 * A non-negative plain decimal as a whole number of 10^-scale units (scale ≥ its decimals); NaN
 * when it is anything else or the units reach past 2^53 (then the caller takes BigInt). Read digit
 * by digit: no strings made.
 */
export function safeUnits(value: string, scale: number): number {
  let units = 0;
  let decimals = -1;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 46 && decimals < 0) decimals = 0;
    else if (code >= 48 && code <= 57) {
      units = units * 10 + (code - 48);
      if (decimals >= 0) decimals += 1;
    } else return NaN;
  }
  const lift = POWERS_OF_TEN[scale - Math.max(decimals, 0)];
  if (lift === undefined) return NaN;
  units *= lift;
  // Past 2^53 a product or sum may have rounded, but never back below it.
  return units <= Number.MAX_SAFE_INTEGER ? units : NaN;
}

/** Whole units of 10^-scale (below 2^53) as text with `places` decimals, rounded half up. */
export function unitsText(units: number, scale: number, places: number): string {
  let kept = units;
  if (scale > places) {
    const divisor = POWERS_OF_TEN[scale - places]!;
    const rest = units % divisor;
    kept = (units - rest) / divisor + (rest * 2 >= divisor ? 1 : 0);
  } else if (scale < places) {
    kept = units * (POWERS_OF_TEN[places - scale] ?? Infinity);
    if (kept > Number.MAX_SAFE_INTEGER) return bigUnitsText(BigInt(units), scale, places);
  }
  return digitsText(String(kept), places);
}

interface SafeSide {
  levels: Level[];
  count: number;
  scale: number;
  units: number[];
  totals: number[];
}

function safeSide(levels: Level[], depth: number): SafeSide | undefined {
  const count = Math.min(depth, levels.length);
  let scale = 0;
  for (let i = 0; i < count; i++) scale = Math.max(scale, scaleOf(levels[i]![1]));
  const units: number[] = [];
  const totals: number[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const quantity = safeUnits(levels[i]![1], scale);
    if (Number.isNaN(quantity)) return undefined;
    total += quantity;
    units.push(quantity);
    totals.push(total);
  }
  return { levels, count, scale, units, totals };
}

const sideTotal = (side: SafeSide) => (side.count > 0 ? side.totals[side.count - 1]! : 0);

function safeRows(side: SafeSide, deepest: number, lift: number, precision: BookPrecision): BookRow[] {
  const rows: BookRow[] = [];
  for (let i = 0; i < side.count; i++) {
    const price = side.levels[i]![0];
    const total = side.totals[i]!;
    rows.push({
      price,
      priceText: priceText(price, precision.pricePlaces),
      quantityText: unitsText(side.units[i]!, side.scale, precision.amountPlaces),
      totalText: unitsText(total, side.scale, precision.amountPlaces),
      // Both below 2^53: the quotient's floor is exact, as BigInt's division would give it.
      share: deepest > 0 ? Math.floor((total * lift * SHARE_STEPS) / deepest) / SHARE_STEPS : 0,
    });
  }
  return rows;
}

/** Both sides' rows in plain numbers, or undefined when a value could pass 2^53. */
export function safeIntegerSides(bidLevels: Level[], askLevels: Level[], depth: number, precision: BookPrecision) {
  const bids = safeSide(bidLevels, depth);
  const asks = safeSide(askLevels, depth);
  if (!bids || !asks) return undefined;
  const scale = Math.max(bids.scale, asks.scale);
  const bidLift = POWERS_OF_TEN[scale - bids.scale]!;
  const askLift = POWERS_OF_TEN[scale - asks.scale]!;
  const deepest = Math.max(sideTotal(bids) * bidLift, sideTotal(asks) * askLift);
  // The largest values formed below: a total lifted to the text's decimals, and deepest × 10000.
  const textLift = POWERS_OF_TEN[Math.max(0, precision.amountPlaces - Math.min(bids.scale, asks.scale))];
  if (textLift === undefined || deepest * textLift > Number.MAX_SAFE_INTEGER || deepest * SHARE_STEPS > Number.MAX_SAFE_INTEGER) return undefined;
  return {
    bids: safeRows(bids, deepest, bidLift, precision),
    asks: safeRows(asks, deepest, askLift, precision),
  };
}

// ——— BigInt, any size ———

const BIG_POWERS: bigint[] = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));
const bigPow10 = (n: number) => BIG_POWERS[n] ?? 10n ** BigInt(n);

/** A non-negative decimal string as an integer of 10^-scale units (scale ≥ its own decimals). */
function bigUnits(value: string, scale: number): bigint {
  const dot = value.indexOf('.');
  if (dot < 0) return BigInt(value) * bigPow10(scale);
  return BigInt(value.slice(0, dot) + value.slice(dot + 1).padEnd(scale, '0'));
}

/** Integer units of 10^-scale as text with `places` decimals, rounded half up (toFixedDecimal's rule). */
function bigUnitsText(units: bigint, scale: number, places: number): string {
  let kept = units;
  if (scale > places) {
    const divisor = bigPow10(scale - places);
    kept = (units + divisor / 2n) / divisor;
  } else if (scale < places) kept = units * bigPow10(places - scale);
  return digitsText(kept.toString(), places);
}

function bigSide(levels: Level[], depth: number) {
  const shown = levels.length > depth ? levels.slice(0, depth) : levels;
  let scale = 0;
  for (const [, quantity] of shown) scale = Math.max(scale, scaleOf(quantity));
  let total = 0n;
  const rows = shown.map(([price, quantity]) => {
    const units = bigUnits(quantity, scale);
    total += units;
    return { price, units, total };
  });
  return { rows, scale, total };
}

type BigSide = ReturnType<typeof bigSide>;

function bigRows(side: BigSide, deepest: bigint, scale: number, precision: BookPrecision): BookRow[] {
  const lift = bigPow10(scale - side.scale);
  return side.rows.map((row) => ({
    price: row.price,
    priceText: priceText(row.price, precision.pricePlaces),
    quantityText: bigUnitsText(row.units, side.scale, precision.amountPlaces),
    totalText: bigUnitsText(row.total, side.scale, precision.amountPlaces),
    share: deepest > 0n ? Number((row.total * lift * BigInt(SHARE_STEPS)) / deepest) / SHARE_STEPS : 0,
  }));
}

/** Both sides' rows in BigInt: exact at any size. */
export function bigIntSides(bidLevels: Level[], askLevels: Level[], depth: number, precision: BookPrecision) {
  const bids = bigSide(bidLevels, depth);
  const asks = bigSide(askLevels, depth);
  const scale = Math.max(bids.scale, asks.scale);
  const bidDeepest = bids.total * bigPow10(scale - bids.scale);
  const askDeepest = asks.total * bigPow10(scale - asks.scale);
  const deepest = bidDeepest > askDeepest ? bidDeepest : askDeepest;
  return { bids: bigRows(bids, deepest, scale, precision), asks: bigRows(asks, deepest, scale, precision) };
}
