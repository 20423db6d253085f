import { describe, expect, it } from 'vitest';
import { CandleBuilder } from '../../../server/kernel/exchange/market/candles.js';
import { bucketStart, nextBucket } from '../../../server/kernel/exchange/market/intervals.js';
import { RollingDayStats } from '../../../server/kernel/exchange/market/rollingStats.js';
import { decimalToUnits, increaseFraction, turnoverToDecimal, unitsToDecimal } from '../../../server/kernel/exchange/market/units.js';

const at = (iso: string) => Date.parse(iso);

describe('candle buckets (UTC)', () => {
  it('floors minutes and days, starts weeks on Monday and months on the 1st', () => {
    const t = at('2026-11-21T13:47:31.250Z'); // a Saturday
    expect(new Date(bucketStart('1min', t)).toISOString()).toBe('2026-11-21T13:47:00.000Z');
    expect(new Date(bucketStart('15min', t)).toISOString()).toBe('2026-11-21T13:45:00.000Z');
    expect(new Date(bucketStart('60min', t)).toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(new Date(bucketStart('1day', t)).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(new Date(bucketStart('1week', t)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(bucketStart('1mon', t)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(nextBucket('1mon', at('2026-12-01T00:00:00Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(new Date(bucketStart('1week', at('2026-11-16T00:00:00Z'))).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});

describe('candle builder', () => {
  it('aggregates OHLC, amount, turnover and count, and closes a candle when the next one starts', () => {
    const builder = new CandleBuilder(['1min']);
    builder.add({ time: at('2026-11-21T10:00:05Z'), price: 100, quantity: 2 });
    builder.add({ time: at('2026-11-21T10:00:20Z'), price: 104, quantity: 1 });
    const mid = builder.add({ time: at('2026-11-21T10:00:59Z'), price: 99, quantity: 3 });
    expect(mid.closed).toEqual([]);
    expect(mid.updated[0]).toMatchObject({ open: 100, high: 104, low: 99, close: 99, amount: 6, vol: 601n, count: 3 });
    const next = builder.add({ time: at('2026-11-21T10:01:00Z'), price: 101, quantity: 1 });
    expect(next.closed).toHaveLength(1);
    expect(next.closed[0]!.close).toBe(99);
    expect(next.updated[0]).toMatchObject({ openTime: at('2026-11-21T10:01:00Z'), open: 101, count: 1 });
  });

  it('keeps turnover exact past 2^53', () => {
    const builder = new CandleBuilder(['1day']);
    for (let i = 0; i < 3; i++) builder.add({ time: at('2026-11-21T10:00:00Z') + i, price: 9_625_050, quantity: 1_000_000_000 });
    expect(builder.live('1day')!.vol).toBe(28_875_150_000_000_000n);
  });
});

describe('rolling 24h statistics', () => {
  it('covers exactly the last 1440 minutes', () => {
    const stats = new RollingDayStats();
    const start = at('2026-11-20T12:00:00Z');
    stats.add({ time: start, price: 100, quantity: 1 });
    stats.add({ time: start + 3_600_000, price: 120, quantity: 2 });
    stats.add({ time: start + 86_000_000, price: 90, quantity: 1 });
    expect(stats.at(start + 86_000_000)).toMatchObject({ open: 100, high: 120, low: 90, close: 90, amount: 4, count: 3 });
    // A day after the first trade it has left the window.
    expect(stats.at(start + 86_400_000)).toMatchObject({ open: 120, high: 120, low: 90, close: 90, amount: 3, count: 2 });
  });

  it('shows a flat day at the last price when nothing traded for 24 hours', () => {
    const stats = new RollingDayStats();
    expect(stats.at(Date.now())).toBeUndefined();
    stats.add({ time: at('2026-11-01T00:00:00Z'), price: 50, quantity: 1 });
    expect(stats.at(at('2026-11-10T00:00:00Z'))).toEqual({ open: 50, high: 50, low: 50, close: 50, amount: 0, vol: 0n, count: 0 });
  });
});

describe('units', () => {
  it('turns ticks and lots into exact decimals and back', () => {
    expect(unitsToDecimal(9_625_050, 2)).toBe('96250.5');
    expect(unitsToDecimal(5, 5)).toBe('0.00005');
    expect(unitsToDecimal(0, 4)).toBe('0');
    expect(decimalToUnits('96250.50', 2)).toBe(9_625_050);
    expect(decimalToUnits('0.000001', 5)).toBeUndefined();
    expect(decimalToUnits('1e5', 2)).toBeUndefined();
    expect(turnoverToDecimal(28_875_150_000_000_000n, 2, 5)).toBe('2887515000');
    expect(turnoverToDecimal(123_456n, 2, 2)).toBe('12.3456');
  });
  it('gives 24h change as a fraction', () => {
    expect(increaseFraction(10_000, 10_123)).toBe('0.0123');
    expect(increaseFraction(10_000, 9_000)).toBe('-0.1');
    expect(increaseFraction(0, 5)).toBe('0');
  });
});
