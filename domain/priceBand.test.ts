import { describe, expect, it } from 'vitest';
import { priceBandAround, withinPriceBand } from './priceBand';

describe('the spot price band', () => {
  it('spans a fifth to five times the average, in whole ticks inside it', () => {
    expect(priceBandAround(6_000_000)).toEqual({ low: 1_200_000, high: 30_000_000 });
    expect(priceBandAround(1001)).toEqual({ low: 201, high: 5005 });
    expect(priceBandAround(2)).toEqual({ low: 1, high: 10 });
  });

  it('lets a price on its edges through and refuses one a tick beyond; no band before the first trade', () => {
    expect(withinPriceBand(1_200_000, 6_000_000)).toBe(true);
    expect(withinPriceBand(30_000_000, 6_000_000)).toBe(true);
    expect(withinPriceBand(1_199_999, 6_000_000)).toBe(false);
    expect(withinPriceBand(30_000_001, 6_000_000)).toBe(false);
    expect(withinPriceBand(1, undefined)).toBe(true);
  });
});
