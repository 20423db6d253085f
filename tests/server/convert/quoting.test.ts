import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal, mulDecimal, subDecimal } from '../../../domain/decimal.js';
import type { Level } from '../../../domain/market.js';
import { quoteFigures, valueOf, type QuoteBook } from '../../../server/products/convert/quoting.js';

/**
 * A conversion's figures (server/products/convert/quoting.ts), exact: the promises a quote makes —
 * a buy pays at most its amount, a sell receives at least its minimum — must hold for any book the
 * fill-or-kill order could meet within its bound, since the engine fills it at the book's prices.
 */
const base = { pricePrecision: 2, amountPrecision: 5, feeRate: '0.001', tolerance: '0.005' } as const;
const asks: Level[] = [
  ['100', '1'],
  ['101', '2'],
];

describe('quoteFigures', () => {
  it('a buy spending exactly one level bounds at that level, and past the book is refused', () => {
    const answer = quoteFigures({ ...base, side: 'buy', levels: asks, amount: '100' });
    // 100 reaches 100; bound 100.5; 100 ÷ 100.5 = 0.99502 (5 places); the book sells that for 99.502.
    expect(answer).toEqual({
      ok: true,
      figures: { price: '100.5', quantity: '0.99502', payMax: '99.99951', payExpected: '99.502', receiveMin: '0.99402498', receiveExpected: '0.99402498', fee: '0.00099502' },
    });
    expect(quoteFigures({ ...base, side: 'buy', levels: asks, amount: '302.01' })).toEqual({ ok: false, reason: 'depth' });
    expect(quoteFigures({ ...base, side: 'buy', levels: [], amount: '1' })).toEqual({ ok: false, reason: 'depth' });
    expect(quoteFigures({ ...base, side: 'buy', levels: asks, amount: '0.001' })).toEqual({ ok: false, reason: 'tooSmall' });
  });

  it('a sell takes the bids down to the price its quantity reaches and bounds below it', () => {
    const bids: Level[] = [
      ['100', '1'],
      ['99', '1'],
    ];
    const answer = quoteFigures({ ...base, side: 'sell', levels: bids, amount: '1.5' });
    // 1 × 100 + 0.5 × 99 = 149.5; bound 99 × 0.995 = 98.505 → 98.5 (down); least 1.5 × 98.5 = 147.75.
    expect(answer).toEqual({
      ok: true,
      figures: { price: '98.5', quantity: '1.5', payMax: '1.5', payExpected: '1.5', receiveMin: '147.60225', receiveExpected: '149.3505', fee: '0.1495' },
    });
    expect(quoteFigures({ ...base, side: 'sell', levels: bids, amount: '2.00001' })).toEqual({ ok: false, reason: 'depth' });
    // A bound that rounds down to nothing buys nothing.
    expect(quoteFigures({ ...base, side: 'sell', levels: [['0.01', '5']], amount: '1' })).toEqual({ ok: false, reason: 'tooSmall' });
  });

  it('for any book, its promises hold at every price within the bound', () => {
    const level = fc.tuple(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: 500_000 }));
    fc.assert(
      fc.property(fc.array(level, { minLength: 1, maxLength: 8 }), fc.boolean(), fc.integer({ min: 1, max: 10_000_000 }), (raw, buy, amountUnits) => {
        // Prices in cents, best first for the side; quantities in 1e-5 units.
        const prices = [...new Set(raw.map(([p]) => p))].sort((a, b) => (buy ? a - b : b - a));
        const levels: Level[] = prices.map((p, i) => [(p / 100).toFixed(2), (raw[i]![1] / 1e5).toFixed(5)]);
        const amount = buy ? (amountUnits / 100).toFixed(2) : (amountUnits / 1e5).toFixed(5);
        const q: QuoteBook = { ...base, side: buy ? 'buy' : 'sell', levels, amount };
        const answer = quoteFigures(q);
        if (!answer.ok) return;
        const f = answer.figures;
        // The bound lies past every level the order is promised to take.
        const taken = valueOf(levels, f.quantity)!;
        expect(compareDecimal(buy ? taken.worst : f.price, buy ? f.price : taken.worst)).toBeLessThanOrEqual(0);
        if (buy) {
          expect(compareDecimal(f.payMax, amount)).toBeLessThanOrEqual(0);
          expect(compareDecimal(f.payExpected, f.payMax)).toBeLessThanOrEqual(0);
          expect(f.payExpected).toBe(taken.value);
        } else {
          expect(compareDecimal(f.payMax, amount)).toBe(0);
          expect(compareDecimal(f.receiveMin, f.receiveExpected)).toBeLessThanOrEqual(0);
          // Filled at the bound itself, the worst the engine may give, the user gets exactly the minimum.
          const atBound = mulDecimal(f.quantity, f.price);
          expect(compareDecimal(subDecimal(atBound, mulDecimal(atBound, base.feeRate)), f.receiveMin)).toBe(0);
        }
        expect(compareDecimal(f.receiveExpected, '0')).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
