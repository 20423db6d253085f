import { describe, expect, it } from 'vitest';
import { depthView, groupingSteps, groupLevels, shareOf, snapPrice, stepLabel } from './orderBook.selectors';

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

describe('price grouping', () => {
  it('offers the pair tick and three coarser steps', () => {
    expect(groupingSteps(2).map(stepLabel)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps(4).map(stepLabel)).toEqual(['0.0001', '0.001', '0.01', '0.1']);
  });
  it('snaps bids down and asks up, exactly', () => {
    expect(snapPrice('95237.62', 0, 'bid')).toBe('95237');
    expect(snapPrice('95237.62', 0, 'ask')).toBe('95238');
    expect(snapPrice('95237.62', -1, 'bid')).toBe('95230');
    expect(snapPrice('95237.62', -1, 'ask')).toBe('95240');
    expect(snapPrice('95240', -1, 'ask')).toBe('95240');
    expect(snapPrice('0.035849', 3, 'bid')).toBe('0.035');
    expect(snapPrice('0.1', 1, 'ask')).toBe('0.1');
  });
  it('merges the levels of a step, summing quantities, and reads no further than the rows shown', () => {
    const bids: Array<[string, string]> = [['100.9', '1'], ['100.1', '2'], ['99.5', '0.5'], ['98', '3'], ['97', '1']];
    expect(groupLevels(bids, 0, 'bid')).toEqual([['100', '3'], ['99', '0.5'], ['98', '3'], ['97', '1']]);
    expect(groupLevels(bids, 0, 'bid', 2)).toEqual([['100', '3'], ['99', '0.5']]);
    const view = depthView({ bids, asks: [['101.2', '1'], ['101.7', '1'], ['103', '2']] }, 2, 0);
    expect(view.bids.map((r) => [r.price, r.quantity, r.total])).toEqual([['100', '3', '3'], ['99', '0.5', '3.5']]);
    expect(view.asks.map((r) => [r.price, r.quantity, r.total])).toEqual([['102', '2', '2'], ['103', '2', '4']]);
    // The spread stays the real one, between the best prices.
    expect(view.spread).toBe('0.3');
  });
});
