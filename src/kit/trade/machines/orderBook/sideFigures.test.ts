import { describe, expect, it } from 'vitest';
import { subDecimal, toFixedDecimal } from '../../../../../domain/decimal';
import type { Level } from '../../../../../domain/market';
import { bookRows } from './bookRows';
import { bigIntSides, safeIntegerSides, safeUnits, unitsText } from './sideFigures';

/** A small deterministic generator, so a failure names its case. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * below);
  };
}

function decimal(next: (below: number) => number, maxDecimals: number) {
  const int = String(next(1000));
  const decimals = next(maxDecimals + 1);
  return decimals === 0 ? int : `${int}.${Array.from({ length: decimals }, () => next(10)).join('')}`;
}

describe('order book row figures', () => {
  it('gives the same rows in plain numbers as in BigInt', () => {
    const next = generator(7);
    let compared = 0;
    for (let round = 0; round < 300; round++) {
      const side = (): Level[] => Array.from({ length: next(25) }, (_, i) => [String(1000 - i), decimal(next, 1 + next(8))]);
      const bids = side();
      const asks = side();
      const precision = { pricePlaces: next(4), amountPlaces: next(9) };
      const depth = 1 + next(20);
      const safe = safeIntegerSides(bids, asks, depth, precision);
      if (safe === undefined) continue; // past 2^53: the next test's case
      compared += 1;
      expect(safe, `round ${round}`).toEqual(bigIntSides(bids, asks, depth, precision));
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('leaves quantities past 2^53 units to BigInt, with the same texts', () => {
    const bids: Level[] = [['10', '90071992547409.93'], ['9', '1']];
    const asks: Level[] = [['11', '0.5']];
    const precision = { pricePlaces: 2, amountPlaces: 4 };
    expect(safeIntegerSides(bids, asks, 5, precision)).toBeUndefined();
    expect(bookRows({ bids, asks }, 5, undefined, precision).bids.map((r) => r.totalText)).toEqual(['90071992547409.9300', '90071992547410.9300']);
  });

  it('reads plain decimals digit by digit, and nothing else', () => {
    expect(safeUnits('96250.5', 2)).toBe(9625050);
    expect(safeUnits('7', 3)).toBe(7000);
    expect(safeUnits('0.00001', 5)).toBe(1);
    expect(safeUnits('-1', 0)).toBeNaN();
    expect(safeUnits('1e5', 0)).toBeNaN();
    expect(safeUnits('1.234', 2)).toBeNaN();
    expect(safeUnits('9007199254740993', 0)).toBeNaN();
  });

  it('rounds half up, and pads to the places asked', () => {
    expect(unitsText(12345, 4, 2)).toBe('1.23');
    expect(unitsText(12350, 4, 2)).toBe('1.24');
    expect(unitsText(5, 0, 3)).toBe('5.000');
    expect(unitsText(7, 3, 0)).toBe('0');
    expect(unitsText(9007199254740991, 0, 2)).toBe('9007199254740991.00');
  });

  it('writes the spread as the decimal helpers do, crossed books included', () => {
    const next = generator(11);
    for (let round = 0; round < 200; round++) {
      const bid = decimal(next, 4);
      const ask = decimal(next, 4);
      const places = next(4);
      const view = bookRows({ bids: [[bid, '1']], asks: [[ask, '1']] }, 1, undefined, { pricePlaces: places, amountPlaces: 2 });
      expect(view.spreadText, `${ask} − ${bid}`).toBe(toFixedDecimal(subDecimal(ask, bid), places));
    }
  });
});
