import { describe, expect, it } from 'vitest';
import type { MarketRow } from '../../../../../domain/marketRows';
import { nextSort, sortRows } from './sortRows';

const row = (symbol: string, price?: string): MarketRow => ({ key: symbol.replace('/', '_'), symbol, price, priceUsdt: price, tick: undefined, marketValueUsdt: undefined, pair: {} as MarketRow['pair'] });
const figures = (r: MarketRow) => ({ price: r.price });

describe('markets table sorting', () => {
  const rows = [row('ETH/USDT', '3000.5'), row('BTC/USDT', '96000'), row('DOGE/USDT', '0.12'), row('NEW/USDT'), row('ADA/USDT', '0.120')];

  it('sorts by exact decimal value, missing figures last in both directions, ties stable', () => {
    expect(sortRows(rows, { column: 'price', direction: 'asc' }, figures).map((r) => r.symbol)).toEqual(['DOGE/USDT', 'ADA/USDT', 'ETH/USDT', 'BTC/USDT', 'NEW/USDT']);
    expect(sortRows(rows, { column: 'price', direction: 'desc' }, figures).map((r) => r.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT', 'ADA/USDT', 'NEW/USDT']);
  });

  it('sorts by name and leaves rows alone without a sort', () => {
    expect(sortRows(rows, { column: 'name', direction: 'desc' }, figures).map((r) => r.symbol)[0]).toBe('NEW/USDT');
    expect(sortRows(rows, undefined, figures)).toBe(rows);
  });

  it('cycles a header: ascending, descending, off; another header starts ascending', () => {
    expect(nextSort(undefined, 'price')).toEqual({ column: 'price', direction: 'asc' });
    expect(nextSort({ column: 'price', direction: 'asc' }, 'price')).toEqual({ column: 'price', direction: 'desc' });
    expect(nextSort({ column: 'price', direction: 'desc' }, 'price')).toBeUndefined();
    expect(nextSort({ column: 'price', direction: 'desc' }, 'volume')).toEqual({ column: 'volume', direction: 'asc' });
  });
});
