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
export function depthView(book: { bids: Level[]; asks: Level[] }, depth: number) {
  const bids = cumulate(book.bids, depth);
  const asks = cumulate(book.asks, depth);
  const deepest = [bids.at(-1)?.total ?? '0', asks.at(-1)?.total ?? '0'].reduce((a, b) => (compareDecimal(a, b) >= 0 ? a : b));
  const withShare = (rows: typeof bids): DepthRow[] => rows.map((r) => ({ ...r, share: shareOf(r.total, deepest) }));
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  const spread = bestBid !== undefined && bestAsk !== undefined ? addDecimal(bestAsk, negate(bestBid)) : undefined;
  return { bids: withShare(bids), asks: withShare(asks), spread };
}
