import { describe, expect, it } from 'vitest';
import { depthWithin, impactPrice, quoteOf } from '../../../server/products/seconds/bookSource.js';
import { IndexSampler, MIN_WINDOW_SAMPLES, SAMPLE_MS } from '../../../server/products/seconds/indexSampler.js';
import type { IndexPair } from '../../../server/products/seconds/indexPrice.js';

const BTC: IndexPair = { symbol: 'BTC_USDT', left: 'BTC', right: 'USDT', pricePrecision: 2 };
const level = (price: string, quantity: string) => ({ price, quantity });

describe('the book figures the seconds index samples', () => {
  it('impact price: the average price of 10,000 USDT across levels; the whole side if thinner; none if empty', () => {
    // 5,000 at 100, then 5,000 of the 102 level: 10,000 / (50 + 49.0196…) = 100.99…
    expect(impactPrice([level('100', '50'), level('102', '100')], '10000', 4)).toBe('100.99');
    expect(impactPrice([level('100', '10')], '10000', 2)).toBe('100');
    expect(impactPrice([], '10000', 2)).toBeUndefined();
  });

  it('a small order inside the spread barely moves the impact mid; a crossed or one-sided book gives no quote', () => {
    const bids = [level('95995', '1')];
    const asks = [level('96005', '1')];
    expect(quoteOf(bids, asks, 2)).toEqual({ mid: '96000', depth: '95995', spread: '10' });
    // 0.01 BTC (960 USDT, a tenth of the notional) bid one cent under the ask: the mid moves 0.47 of the 5 to the ask.
    expect(quoteOf([level('96004.99', '0.01'), ...bids], asks, 2)!.mid).toBe('96000.47');
    expect(quoteOf([level('96005', '1')], asks, 2)).toBeUndefined();
    expect(quoteOf(bids, [], 2)).toBeUndefined();
  });

  it('depth counts the quote within the band on one side', () => {
    expect(depthWithin([level('99.6', '1'), level('99.4', '1')], '100', '0.005', 'bid')).toBe('99.6');
    expect(depthWithin([level('100.5', '2'), level('100.6', '1')], '100', '0.005', 'ask')).toBe('201');
  });

  it('the sampler: the median of the window’s samples, none with too few; depth 0 once the book is gone', async () => {
    let clock = 1_000_000_000;
    let mid: string | undefined = '100';
    const sampler = new IndexSampler({ quotes: async () => new Map(mid ? [['BTC_USDT', { mid, depth: '5000', spread: '10.05' }]] : []) }, () => new Map([['BTC_USDT', BTC]]), () => clock);
    expect(sampler.depthNear(BTC)).toBeUndefined(); // never sampled here: no depth bound
    const second = clock / 1000 + 5;
    for (; clock < second * 1000; clock += SAMPLE_MS) {
      // An outlier in the last 2 s of the window (8 of 20 samples) does not move the median.
      mid = clock >= (second - 2) * 1000 ? '150' : '100';
      await sampler.sampleNow();
    }
    expect(sampler.priceOf(BTC, second)).toBe('100');
    // The draw band: half the median impact spread of the minute before, cut to the price's places.
    expect(sampler.bandOf(BTC, second)).toBe('5.02');
    expect(sampler.bandOf(BTC, second - 3)).toBeUndefined(); // 8 samples in its minute: too few
    expect(sampler.priceOf(BTC, second + 3)).toBeUndefined(); // 8 samples in its window: too few (MIN_WINDOW_SAMPLES)
    expect(MIN_WINDOW_SAMPLES).toBe(10);
    expect(sampler.depthNear(BTC)).toBe('5000');
    mid = undefined;
    await sampler.sampleNow();
    expect(sampler.depthNear(BTC)).toBe('0');
  });
});
