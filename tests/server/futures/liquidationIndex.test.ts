import { describe, expect, it } from 'vitest';
import { fx } from '../../../domain/fx.js';
import { LiquidationIndex } from '../../../server/products/futures/liquidationIndex.js';

/**
 * The liquidation (and margin call) index: a mark's candidates are the longs priced at or above it
 * and the shorts at or below. Filled in bulk (a rebuild: one sort per list) it answers exactly as
 * filled one position at a time, moves and removals inside the bulk included.
 */
function filled(index: LiquidationIndex, random: () => number) {
  for (let i = 0; i < 400; i++) {
    const key = `${i % 150}:${i % 3 === 0 ? 'ETH_USDT' : 'BTC_USDT'}`;
    if (random() < 0.15) index.remove(key);
    else index.set(key, key.endsWith('ETH_USDT') ? 'ETH_USDT' : 'BTC_USDT', random() < 0.5 ? 1 : -1, fx(String(Math.floor(random() * 1000))));
  }
}

const seeded = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

describe('the liquidation index', () => {
  it('proposes the longs at or above a mark and the shorts at or below it', () => {
    const index = new LiquidationIndex();
    index.set('1:BTC_USDT', 'BTC_USDT', 1, fx('500'));
    index.set('2:BTC_USDT', 'BTC_USDT', -1, fx('700'));
    index.set('3:BTC_USDT', 'BTC_USDT', 1, fx('400'));
    expect(index.candidates('BTC_USDT', fx('450')).sort()).toEqual(['1:BTC_USDT']);
    expect(index.candidates('BTC_USDT', fx('700')).sort()).toEqual(['2:BTC_USDT']);
    index.set('1:BTC_USDT', 'BTC_USDT', -1, fx('600'));
    expect(index.candidates('BTC_USDT', fx('650')).sort()).toEqual(['1:BTC_USDT']);
    index.remove('1:BTC_USDT');
    expect(index.candidates('BTC_USDT', fx('650'))).toEqual([]);
  });

  it('filled in bulk, answers as filled one by one', () => {
    for (const seed of [1, 2, 3]) {
      const one = new LiquidationIndex();
      const bulk = new LiquidationIndex();
      filled(one, seeded(seed));
      bulk.bulk(() => filled(bulk, seeded(seed)));
      expect(bulk.size).toBe(one.size);
      for (const mark of ['0', '250', '500', '999', '1000'])
        for (const symbol of ['BTC_USDT', 'ETH_USDT']) expect(bulk.candidates(symbol, fx(mark))).toEqual(one.candidates(symbol, fx(mark)));
      // And keeps answering as it after the bulk.
      one.set('7:BTC_USDT', 'BTC_USDT', 1, fx('333'));
      bulk.set('7:BTC_USDT', 'BTC_USDT', 1, fx('333'));
      expect(bulk.candidates('BTC_USDT', fx('300'))).toEqual(one.candidates('BTC_USDT', fx('300')));
    }
  });
});
