import type { SnapshotFrom } from 'xstate';
import { addDecimal, compareDecimal, toFixedDecimal } from '../../../../domain/decimal';
import type { Level } from '../../../../domain/market';
import type { orderBookMachine } from './orderBook.machine';

type BookSnapshot = SnapshotFrom<typeof orderBookMachine>;

export type BookStatus = 'awaitingSnapshot' | 'live' | 'resyncing' | 'disconnected' | 'failed';

export const selectBookStatus = (s: BookSnapshot): BookStatus =>
  s.matches('failed') ? 'failed' : ((s.value as { syncing: Exclude<BookStatus, 'failed'> }).syncing);
export const selectBook = (s: BookSnapshot) => s.context.book;
export const selectResyncs = (s: BookSnapshot) => s.context.resyncs;

export interface DepthRow {
  price: string;
  quantity: string;
  /** Cumulative quantity from the best level to this one. */
  total: string;
  /** total ÷ the deepest total shown on either side, 0…1: only the width of the depth bar. */
  share: number;
}

/** An exact ratio part ÷ whole in 1/10000 steps, as a number for a CSS width (not money). */
export function shareOf(part: string, whole: string): number {
  if (compareDecimal(whole, '0') <= 0) return 0;
  const units = (v: string) => BigInt(toFixedDecimal(v, 12, 'down').replace('.', ''));
  return Number((units(part) * 10000n) / units(whole)) / 10000;
}

const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);

/**
 * Price grouping of the order book (issue 12), as exchanges offer it: a step that is a power of ten,
 * given as its number of decimals (2 → 0.01, 0 → 1, -1 → 10). The steps offered for a pair: its own
 * tick and the three coarser ones.
 */
export function groupingSteps(pricePrecision: number): number[] {
  return [pricePrecision, pricePrecision - 1, pricePrecision - 2, pricePrecision - 3];
}

/** A grouping step as text: 2 → "0.01", 0 → "1", -1 → "10". */
export function stepLabel(places: number): string {
  return places > 0 ? `0.${'0'.repeat(places - 1)}1` : `1${'0'.repeat(-places)}`;
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

function cumulate(levels: Level[], depth: number): Array<Omit<DepthRow, 'share'>> {
  let total = '0';
  return levels.slice(0, depth).map(([price, quantity]) => {
    total = addDecimal(total, quantity);
    return { price, quantity, total };
  });
}

/**
 * The rows a book panel draws: `depth` levels a side, best first, with cumulative totals and
 * depth-bar shares against the deeper of the two sides, and the spread between the best prices.
 */
export function depthView(book: { bids: Level[]; asks: Level[] }, depth: number, grouping?: number) {
  // Grouped: the levels are merged by step until the shown rows are full (`grouping`: the step's decimals).
  const side = (levels: Level[], kind: 'bid' | 'ask') => (grouping === undefined ? levels : groupLevels(levels, grouping, kind, depth));
  const bids = cumulate(side(book.bids, 'bid'), depth);
  const asks = cumulate(side(book.asks, 'ask'), depth);
  const deepest = [bids.at(-1)?.total ?? '0', asks.at(-1)?.total ?? '0'].reduce((a, b) => (compareDecimal(a, b) >= 0 ? a : b));
  const withShare = (rows: typeof bids): DepthRow[] => rows.map((r) => ({ ...r, share: shareOf(r.total, deepest) }));
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  const spread = bestBid !== undefined && bestAsk !== undefined ? addDecimal(bestAsk, negate(bestBid)) : undefined;
  return { bids: withShare(bids), asks: withShare(asks), spread };
}

/** One step of a depth chart side: at `price`, the quantity resting from the best level up to it. */
export interface DepthPoint {
  price: string;
  total: string;
}

/**
 * The depth chart of a book (issue 12): each side's cumulative quantity from the best price outwards,
 * exact, over at most `levels` levels a side, and the deeper side's total (the chart's height).
 * The chart draws these as two step areas meeting at the spread.
 */
export function depthChartView(book: { bids: Level[]; asks: Level[] }, levels = 100) {
  const side = (rows: Level[]): DepthPoint[] => cumulate(rows, levels).map(({ price, total }) => ({ price, total }));
  const bids = side(book.bids);
  const asks = side(book.asks);
  const deepest = [bids.at(-1)?.total ?? '0', asks.at(-1)?.total ?? '0'].reduce((a, b) => (compareDecimal(a, b) >= 0 ? a : b));
  return { bids, asks, deepest };
}
