import { afterEach, describe, expect, it } from 'vitest';
import { setNumberLanguage } from './localeFormat';
import { effectiveRate, nextTier, ratePercent, rateProblem, scheduleRow, tierFor, type FeeOverride, type FeeScheduleRow, type FeeTier } from './fees';

/** Issue 52 §2: tiers by 30-day volume, the schedule row a tier pays, overrides until their end, and the rate rules. */
const TIERS: FeeTier[] = [
  { tier: 0, min_volume_usdt: '0' },
  { tier: 1, min_volume_usdt: '1000000' },
  { tier: 2, min_volume_usdt: '5000000' },
  { tier: 3, min_volume_usdt: '20000000.5' },
];

describe('tiers by 30-day volume', () => {
  it.each([
    ['0', 0],
    ['999999.999999999999999999', 0],
    ['1000000', 1],
    ['1000000.000000000000000001', 1],
    ['4999999.99', 1],
    ['5000000', 2],
    ['20000000.49', 2],
    ['20000000.5', 3],
    ['999999999999', 3],
  ])('volume %s is tier %i', (volume, tier) => {
    expect(tierFor(volume, TIERS)).toBe(tier);
    expect(tierFor(volume, [...TIERS].reverse())).toBe(tier);
  });

  it('names the next tier and what it still needs; none above the highest', () => {
    expect(nextTier('250000', 0, TIERS)).toEqual({ tier: 1, min_volume_usdt: '1000000', missing: '750000' });
    expect(nextTier('5000000', 2, TIERS)).toEqual({ tier: 3, min_volume_usdt: '20000000.5', missing: '15000000.5' });
    expect(nextTier('30000000', 3, TIERS)).toBeUndefined();
  });
});

const ROWS: FeeScheduleRow[] = [
  { product: 'spot', market: '*', tier: 0, maker: '0.001', taker: '0.001' },
  { product: 'spot', market: '*', tier: 2, maker: '0.0005', taker: '0.0008' },
  { product: 'spot', market: 'ETH_USDT', tier: 0, maker: '0.0009', taker: '0.0009' },
  { product: 'spot', market: 'ETH_USDT', tier: 3, maker: '-0.0001', taker: '0.0004' },
  { product: 'futures', market: '*', tier: 0, maker: '0.0002', taker: '0.0005' },
];

describe('the schedule row a tier pays', () => {
  it.each([
    ['BTC_USDT', 0, '0.001'],
    ['BTC_USDT', 1, '0.001'],
    ['BTC_USDT', 2, '0.0005'],
    ['BTC_USDT', 3, '0.0005'],
    ['ETH_USDT', 0, '0.0009'],
    ['ETH_USDT', 2, '0.0009'],
    ['ETH_USDT', 3, '-0.0001'],
  ])('%s at tier %i pays maker %s', (market, tier, maker) => {
    expect(scheduleRow(ROWS, 'spot', market, tier)?.maker).toBe(maker);
  });

  it('keeps products apart', () => {
    expect(scheduleRow(ROWS, 'futures', 'BTC_USDT', 3)).toMatchObject({ maker: '0.0002', taker: '0.0005' });
  });
});

describe('overrides', () => {
  const overrides: FeeOverride[] = [
    { user_id: 7, product: 'spot', market: '*', maker: '0', taker: '0.0002', ends_ms: 2_000, note: '' },
    { user_id: 7, product: 'spot', market: 'ETH_USDT', maker: '-0.0002', taker: '0.0003', ends_ms: 1_000, note: 'mm' },
  ];
  const rate = (market: string, now: number, exempt = false) => effectiveRate({ product: 'spot', market, tier: 0, rows: ROWS, overrides, now, exempt });

  it("applies the market's own before the product-wide one, each until its end, then the schedule", () => {
    expect(rate('ETH_USDT', 999)).toMatchObject({ maker: '-0.0002', source: 'override' });
    expect(rate('ETH_USDT', 1_000)).toMatchObject({ maker: '0', taker: '0.0002', source: 'override' });
    expect(rate('BTC_USDT', 1_999)).toMatchObject({ taker: '0.0002', source: 'override' });
    expect(rate('BTC_USDT', 2_000)).toMatchObject({ maker: '0.001', taker: '0.001', source: 'schedule' });
    expect(effectiveRate({ product: 'futures', market: 'BTC_USDT', tier: 0, rows: ROWS, overrides, now: 0 })).toMatchObject({ maker: '0.0002', source: 'schedule' });
  });

  it('market makers pay nothing, whatever the schedule', () => {
    expect(rate('ETH_USDT', 0, true)).toMatchObject({ maker: '0', taker: '0', source: 'exempt' });
  });
});

describe('the rate rules', () => {
  it.each([
    [{ maker: '0.001', taker: '0.001' }, undefined],
    [{ maker: '-0.0005', taker: '0.0005' }, undefined],
    [{ maker: '-0.0006', taker: '0.0005' }, 'feesRebateTooLarge'],
    [{ maker: '0', taker: '-0.0001' }, 'feesTakerNegative'],
    [{ maker: '1', taker: '0' }, 'feesRateMalformed'],
    [{ maker: '0.000000001', taker: '0' }, 'feesRateMalformed'],
    [{ maker: 'abc', taker: '0' }, 'feesRateMalformed'],
    [{ maker: '0.5', taker: '0.99999999' }, undefined],
  ])('%o is %s', (rate, problem) => {
    expect(rateProblem(rate)).toBe(problem);
  });
});

describe('a fee rate as the pages show it', () => {
  afterEach(() => setNumberLanguage('en_US'));

  it('is exact (never rounded), a rebate negative, the percent sign where the language puts it', () => {
    setNumberLanguage('en_US');
    expect([ratePercent('0.001'), ratePercent('-0.0002'), ratePercent('0.00025'), ratePercent(null)]).toEqual(['0.1%', '-0.02%', '0.025%', '—']);
    setNumberLanguage('tr_TR');
    expect(ratePercent('-0.0002')).toBe('-%0,02');
    setNumberLanguage('de_DE');
    expect(ratePercent('0.00025')).toBe('0,025\u00a0%');
    setNumberLanguage('fr_FR');
    expect(ratePercent('0.001')).toBe('0,1\u00a0%');
  });
});
