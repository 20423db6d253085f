import { describe, expect, it } from 'vitest';
import { applyDelta, applyDeltas, applyLevelUpdates, bookFromSnapshot, classifyDelta } from './levels';

describe('order book levels (pure helpers)', () => {
  it('sorts a snapshot by exact decimal price: bids high to low, asks low to high', () => {
    const book = bookFromSnapshot({
      bids: [['9.5', '1'], ['10', '2'], ['9.49999999', '3'], ['100', '4']],
      asks: [['101.10', '1'], ['101.1000001', '2'], ['100.9', '3']],
    });
    expect(book.bids.map((l) => l[0])).toEqual(['100', '10', '9.5', '9.49999999']);
    expect(book.asks.map((l) => l[0])).toEqual(['100.9', '101.10', '101.1000001']);
  });

  it('treats prices equal by value as the same level ("1.50" is "1.5")', () => {
    expect(applyLevelUpdates([['1.5', '2']], 'bids', [['1.50', '3']])).toEqual([['1.50', '3']]);
    expect(applyLevelUpdates([['1.5', '2']], 'asks', [['1.500', '0']])).toEqual([]);
  });

  it('removes a level on quantity "0" (also "0.000") and ignores removals of absent levels', () => {
    const bids: Array<[string, string]> = [['10', '1'], ['9', '2'], ['8', '3']];
    expect(applyLevelUpdates(bids, 'bids', [['9', '0']])).toEqual([['10', '1'], ['8', '3']]);
    expect(applyLevelUpdates(bids, 'bids', [['8', '0.000']])).toEqual([['10', '1'], ['9', '2']]);
    expect(applyLevelUpdates(bids, 'bids', [['7', '0']])).toEqual(bids);
  });

  it('inserts new levels in place, replaces existing ones and leaves the input untouched', () => {
    const asks: Array<[string, string]> = [['10', '1'], ['12', '1']];
    const next = applyLevelUpdates(asks, 'asks', [['11', '5'], ['9', '1'], ['12', '7'], ['13', '2']]);
    expect(next).toEqual([['9', '1'], ['10', '1'], ['11', '5'], ['12', '7'], ['13', '2']]);
    expect(asks).toEqual([['10', '1'], ['12', '1']]);
  });

  it('drops zero levels found in a snapshot', () => {
    expect(bookFromSnapshot({ bids: [['1', '0']], asks: [['2', '1']] })).toEqual({ bids: [], asks: [['2', '1']] });
  });

  it('applies a delta to both sides and keeps an untouched side as the same array', () => {
    const book = bookFromSnapshot({ bids: [['10', '1']], asks: [['11', '1']] });
    const next = applyDelta(book, { bids: [['10', '0'], ['9.5', '2']], asks: [] });
    expect(next.bids).toEqual([['9.5', '2']]);
    expect(next.asks).toBe(book.asks);
  });

  it("applies a frame's deltas as one after another would, without touching the book it was given", () => {
    const book = bookFromSnapshot({ bids: [['10', '1'], ['9', '1']], asks: [['11', '1']] });
    const before = structuredClone(book);
    const deltas = [
      { seq: 5, bids: [['10', '3']], asks: [] },
      { seq: 4, bids: [['8', '1']], asks: [['12', '1']] },
      { seq: 6, bids: [['9', '0'], ['9.5', '2']], asks: [] },
    ] satisfies Array<Parameters<typeof applyDelta>[1] & { seq: number }>;
    const { book: next, seq, stale } = applyDeltas(book, 4, deltas);
    expect(next).toEqual(applyDelta(applyDelta(book, deltas[0]!), deltas[2]!));
    expect([seq, stale]).toEqual([6, 1]);
    expect(book).toEqual(before);
    expect(next.asks).toBe(book.asks);
    expect(applyDeltas(book, 6, deltas).book).toBe(book);
  });

  it('classifies deltas by seq: next is applied, stale (≤ last) dropped, anything ahead is a gap', () => {
    expect(classifyDelta(10, 11)).toBe('next');
    expect(classifyDelta(10, 10)).toBe('stale');
    expect(classifyDelta(10, 3)).toBe('stale');
    expect(classifyDelta(10, 12)).toBe('gap');
    expect(classifyDelta(undefined, 1)).toBe('gap');
  });
});
