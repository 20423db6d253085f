import { describe, expect, it } from 'vitest';
import type { PublicTrade } from '../../../../../domain/market';
import { mergeTrades, TRADES_KEPT } from './trades';

const trade = (id: number, time = id * 1000): PublicTrade => ({ id, time, price: '1', quantity: '1', side: id % 2 ? 'buy' : 'sell' });

describe('latest trades merge', () => {
  it('puts new trades first, each id once', () => {
    expect(mergeTrades([trade(2), trade(1)], [trade(4), trade(3), trade(2)]).map((t) => t.id)).toEqual([4, 3, 2, 1]);
  });

  it('keeps the newest 50', () => {
    const kept = Array.from({ length: 50 }, (_, i) => trade(50 - i));
    const merged = mergeTrades(kept, [trade(52), trade(51)]);
    expect(merged).toHaveLength(TRADES_KEPT);
    expect(merged[0]!.id).toBe(52);
    expect(merged.at(-1)!.id).toBe(3);
  });

  it('orders by time, then id, even if a batch arrives out of order', () => {
    expect(mergeTrades([trade(5, 5000)], [trade(6, 4000), trade(7, 5000)]).map((t) => t.id)).toEqual([7, 5, 6]);
  });
});
