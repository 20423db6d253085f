/**
 * Price grouping of the order book (issue 12), as exchanges offer it: 0.01 / 0.1 / 1 / 10 … The
 * trader's step is the order-book machine's `grouping`; these pure helpers offer the steps and merge
 * the levels by one. Exact (BigInt on decimal strings).
 */
import { addDecimal, groupThousands, toFixedDecimal, type NumberStyle } from '../../../../../domain/decimal';
import type { Level } from '../../../../../domain/market';

/**
 * A grouping step is a power of ten given as its number of decimals (2 → 0.01, 0 → 1, -1 → 10).
 * The steps offered for a pair: its own tick and the three coarser ones.
 */
export function groupingSteps(pricePrecision: number): number[] {
  return [pricePrecision, pricePrecision - 1, pricePrecision - 2, pricePrecision - 3];
}

/** A grouping step as text: 2 → "0.01", 0 → "1", -1 → "10". */
export function stepLabel(places: number): string {
  return places > 0 ? `0.${'0'.repeat(places - 1)}1` : `1${'0'.repeat(-places)}`;
}

/** A grouping step as the reader writes it ("0,01" in French), like the book's prices beside it. */
export function stepText(places: number, style: NumberStyle): string {
  return groupThousands(stepLabel(places), style);
}

const SCALE = 12;

/** A price snapped to a step: bids down and asks up, so a group never shows a better price than its orders. Exact. */
export function snapPrice(price: string, places: number, side: 'bid' | 'ask'): string {
  const units = BigInt(toFixedDecimal(price, SCALE, 'down').replace('.', ''));
  const step = 10n ** BigInt(SCALE - places);
  const rest = units % step;
  const snapped = units - rest + (side === 'ask' && rest > 0n ? step : 0n);
  const digits = snapped.toString().padStart(SCALE + 1, '0');
  return toFixedDecimal(`${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`, Math.max(places, 0));
}

/**
 * Levels (best first) merged by step, quantities summed, the first `limit` groups; snapping keeps the
 * order, so a group's levels are adjacent and the levels past the last group shown are not read.
 */
export function groupLevels(levels: Level[], places: number, side: 'bid' | 'ask', limit = Infinity): Level[] {
  const out: Level[] = [];
  for (const [price, quantity] of levels) {
    const snapped = snapPrice(price, places, side);
    const last = out.at(-1);
    if (last && last[0] === snapped) out[out.length - 1] = [snapped, addDecimal(last[1], quantity)];
    else if (out.length === limit) break;
    else out.push([snapped, quantity]);
  }
  return out;
}
