import type { SnapshotFrom } from 'xstate';
import { addDecimal, compareDecimal } from '../../../../domain/decimal';
import type { Level } from '../../../../domain/market';
import { bookRows, type BookPrecision, type BookRows } from './bookRows';
import type { orderBookMachine } from './orderBook.machine';

type BookSnapshot = SnapshotFrom<typeof orderBookMachine>;

export type BookStatus = 'awaitingSnapshot' | 'live' | 'resyncing' | 'disconnected' | 'failed';

export const selectBookStatus = (s: BookSnapshot): BookStatus =>
  s.matches('failed') ? 'failed' : ((s.value as { syncing: Exclude<BookStatus, 'failed'> }).syncing);
export const selectBook = (s: BookSnapshot) => s.context.book;
export const selectResyncs = (s: BookSnapshot) => s.context.resyncs;
export const selectGrouping = (s: BookSnapshot) => s.context.grouping;

/**
 * A selector of the panel's rows (bookRows) for one depth and precision that answers the same object
 * while the book and the grouping are the same ones, so a snapshot that changed neither (a dropped
 * delta, a resync counted) renders nothing.
 */
export function createBookRowsSelector(depth: number, precision: BookPrecision) {
  let book: BookSnapshot['context']['book'] | undefined;
  let grouping: number | undefined;
  let rows: BookRows | undefined;
  return (s: BookSnapshot): BookRows => {
    if (rows === undefined || s.context.book !== book || s.context.grouping !== grouping) {
      ({ book, grouping } = s.context);
      rows = bookRows(book, depth, grouping, precision);
    }
    return rows;
  };
}

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
