import { describe, expect, it } from 'vitest';
import { depthView, shareOf } from './orderBook.selectors';

describe('order book view rows', () => {
  it('cumulates quantities from the best level and sizes depth bars against the deeper side', () => {
    const view = depthView(
      {
        bids: [['100', '1'], ['99', '1.5'], ['98', '2']],
        asks: [['101', '0.5'], ['102', '0.5']],
      },
      2,
    );
    expect(view.bids.map((r) => r.total)).toEqual(['1', '2.5']);
    expect(view.asks.map((r) => r.total)).toEqual(['0.5', '1']);
    expect(view.bids.map((r) => r.share)).toEqual([0.4, 1]);
    expect(view.asks.map((r) => r.share)).toEqual([0.2, 0.4]);
    expect(view.spread).toBe('1');
  });

  it('has no spread with an empty side, and no bars for an empty book', () => {
    expect(depthView({ bids: [], asks: [['1', '1']] }, 5).spread).toBeUndefined();
    expect(depthView({ bids: [], asks: [] }, 5)).toEqual({ bids: [], asks: [], spread: undefined });
  });

  it('computes shares exactly on decimal strings', () => {
    expect(shareOf('0.1', '0.3')).toBe(0.3333);
    expect(shareOf('5', '0')).toBe(0);
  });
});
