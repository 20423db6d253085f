import { describe, expect, it } from 'vitest';
import { bookRows, priceText } from './bookRows';

const precision = { pricePlaces: 2, amountPlaces: 4 };
const figures = (rows: ReturnType<typeof bookRows>['bids']) => rows.map((r) => [r.priceText, r.quantityText, r.totalText, r.share]);

describe('order book panel rows', () => {
  it('cumulates quantities from the best level and sizes depth bars against the deeper side', () => {
    const view = bookRows({ bids: [['100', '1'], ['99', '1.5'], ['98', '2']], asks: [['101', '0.5'], ['102', '0.5']] }, 2, undefined, precision);
    expect(figures(view.bids)).toEqual([['100.00', '1.0000', '1.0000', 0.4], ['99.00', '1.5000', '2.5000', 1]]);
    expect(figures(view.asks)).toEqual([['101.00', '0.5000', '0.5000', 0.2], ['102.00', '0.5000', '1.0000', 0.4]]);
    expect(view.bids.map((r) => r.price)).toEqual(['100', '99']);
    expect(view.spreadText).toBe('1.00');
  });

  it('sums exactly across quantities of different decimals, and rounds the text half up', () => {
    const view = bookRows({ bids: [['1', '0.00005'], ['0.9', '0.1'], ['0.8', '3']], asks: [] }, 3, undefined, precision);
    expect(view.bids.map((r) => [r.quantityText, r.totalText])).toEqual([['0.0001', '0.0001'], ['0.1000', '0.1001'], ['3.0000', '3.1001']]);
    // 0.10005 ÷ 3.10005, cut to 1/10000.
    expect(view.bids[1]!.share).toBe(0.0322);
  });

  it('has no spread with an empty side, and no bars for an empty book', () => {
    expect(bookRows({ bids: [], asks: [['1', '1']] }, 5, undefined, precision).spreadText).toBeUndefined();
    expect(bookRows({ bids: [], asks: [] }, 5, undefined, precision)).toEqual({ bids: [], asks: [], spreadText: undefined });
    expect(bookRows({ bids: [['1', '0']], asks: [] }, 5, undefined, precision).bids[0]!.share).toBe(0);
  });

  it('groups by a step coarser than the tick, keeping the real spread; the tick itself or finer is no grouping', () => {
    const bids: Array<[string, string]> = [['100.9', '1'], ['100.1', '2'], ['99.5', '0.5'], ['98', '3'], ['97', '1']];
    const book = { bids, asks: [['101.2', '1'], ['101.7', '1'], ['103', '2']] as Array<[string, string]> };
    const view = bookRows(book, 2, 0, precision);
    expect(view.bids.map((r) => [r.priceText, r.quantityText, r.totalText])).toEqual([['100.00', '3.0000', '3.0000'], ['99.00', '0.5000', '3.5000']]);
    expect(view.asks.map((r) => [r.priceText, r.quantityText, r.totalText])).toEqual([['102.00', '2.0000', '2.0000'], ['103.00', '2.0000', '4.0000']]);
    expect(view.spreadText).toBe('0.30');
    expect(bookRows(book, 2, 2, precision)).toEqual(bookRows(book, 2, undefined, precision));
  });

  it('writes prices in the pair precision: padded when shorter, rounded when longer', () => {
    expect(priceText('96250.5', 2)).toBe('96250.50');
    expect(priceText('96250', 2)).toBe('96250.00');
    expect(priceText('0.1', 3)).toBe('0.100');
    expect(priceText('96250.50', 2)).toBe('96250.50');
    expect(priceText('96250.505', 2)).toBe('96250.51');
    expect(priceText('007', 1)).toBe('7.0');
    expect(priceText('5', 0)).toBe('5');
  });
});
