import { describe, expect, it } from 'vitest';
import { formatCountdown } from './duration';

describe('formatCountdown', () => {
  it('shows mm:ss, with hours in front only when there are any', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(15)).toBe('00:15');
    expect(formatCountdown(59 * 60 + 59)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(2 * 3600 - 1)).toBe('1:59:59');
    expect(formatCountdown(25 * 3600 + 61)).toBe('25:01:01');
  });

  it('always hh:mm:ss when asked', () => {
    expect(formatCountdown(0, { alwaysHours: true })).toBe('00:00:00');
    expect(formatCountdown(245, { alwaysHours: true })).toBe('00:04:05');
    expect(formatCountdown(8 * 3600 - 1, { alwaysHours: true })).toBe('07:59:59');
    expect(formatCountdown(100 * 3600, { alwaysHours: true })).toBe('100:00:00');
  });

  it('never goes negative; fractions and non-numbers are dropped', () => {
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(-5, { alwaysHours: true })).toBe('00:00:00');
    expect(formatCountdown(59.999)).toBe('00:59');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
    expect(formatCountdown(Number.POSITIVE_INFINITY)).toBe('00:00');
  });
});
