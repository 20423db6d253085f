import { compareDecimal } from '../../../../../domain/decimal';
import type { MarketRow } from '../../../../../domain/marketRows';

export type SortColumn = 'name' | 'price' | 'change' | 'high' | 'volume' | 'marketValue';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

/** What a row shows in each sortable column (the figures the table renders). */
export type RowFigures = (row: MarketRow) => { price?: string; change?: string; high?: string; volume?: string; marketValue?: string };

/**
 * Rows ordered by one column, by exact decimal comparison; rows without a figure go last in
 * either direction. Stable: equal rows keep their order.
 */
export function sortRows(rows: MarketRow[], sort: SortState | undefined, figures: RowFigures): MarketRow[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, figures: figures(row) }));
  keyed.sort((a, b) => {
    if (sort.column === 'name') return sign * a.row.symbol.localeCompare(b.row.symbol) || a.index - b.index;
    const x = a.figures[sort.column];
    const y = b.figures[sort.column];
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a.index - b.index;
    return sign * compareDecimal(x, y) || a.index - b.index;
  });
  return keyed.map((k) => k.row);
}

/** Header clicks cycle a column: ascending, descending, then unsorted. */
export function nextSort(current: SortState | undefined, column: SortColumn): SortState | undefined {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : undefined;
}
