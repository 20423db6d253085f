import type { SnapshotFrom } from 'xstate';
import { addDecimal, compareDecimal } from '../../../../../domain/decimal';
import type { Level } from '../../../../../domain/market';
import type { orderBookMachine } from './orderBook.machine';

type BookSnapshot = SnapshotFrom<typeof orderBookMachine>;

export type BookStatus = 'awaitingSnapshot' | 'live' | 'resyncing' | 'disconnected' | 'failed';

export const selectBookStatus = (s: BookSnapshot): BookStatus =>
  s.matches('failed') ? 'failed' : ((s.value as { syncing: Exclude<BookStatus, 'failed'> }).syncing);
export const selectBook = (s: BookSnapshot) => s.context.book;
export const selectResyncs = (s: BookSnapshot) => s.context.resyncs;
export const selectGrouping = (s: BookSnapshot) => s.context.grouping;
export const selectBookEmpty = (s: BookSnapshot) => s.context.book.bids.length === 0 && s.context.book.asks.length === 0;

/** One step of a depth chart side: at `price`, the quantity resting from the best level up to it. */
export interface DepthPoint {
  price: string;
  total: string;
}

function cumulate(levels: Level[], depth: number): DepthPoint[] {
  let total = '0';
  return levels.slice(0, depth).map(([price, quantity]) => {
    total = addDecimal(total, quantity);
    return { price, total };
  });
}

/**
 * The depth chart of a book (issue 12): each side's cumulative quantity from the best price outwards,
 * exact, over at most `levels` levels a side, and the deeper side's total (the chart's height).
 * The chart draws these as two step areas meeting at the spread.
 */
export function depthChartView(book: { bids: Level[]; asks: Level[] }, levels = 100) {
  const bids = cumulate(book.bids, levels);
  const asks = cumulate(book.asks, levels);
  const deepest = [bids.at(-1)?.total ?? '0', asks.at(-1)?.total ?? '0'].reduce((a, b) => (compareDecimal(a, b) >= 0 ? a : b));
  return { bids, asks, deepest };
}
