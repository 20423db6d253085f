import { describe, expect, it } from 'vitest';
import { fiatDigits, formatDateTime, formatDecimal, formatFiat } from './localeFormat';

describe('numbers and dates per language', () => {
  it('gives each fiat currency its own minor units', () => {
    expect(fiatDigits('USD')).toBe(2);
    expect(fiatDigits('EUR')).toBe(2);
    expect(fiatDigits('JPY')).toBe(0);
    expect(fiatDigits('KRW')).toBe(0);
  });
  it('formats fiat amounts without cents for JPY and KRW, with the language grouping', () => {
    expect(formatFiat('96250.504', 'USD', '$', 'en_US')).toBe('$96,250.50');
    expect(formatFiat('14437575.4', 'JPY', '¥', 'en_US')).toBe('¥14,437,575');
    expect(formatFiat('131000000.4', 'KRW', '₩', 'ko_KR')).toBe('₩131,000,000');
    expect(formatFiat('96250.5', 'EUR', '€', 'de_DE')).toBe('€96.250,50');
    expect(formatFiat('96250.5', 'TRY', '₺', 'tr_TR')).toBe('₺96.250,50');
    expect(formatFiat('96250.5', 'RUB', '₽', 'ru_RU')).toMatch(/^₽96\s250,50$/);
  });
  it('keeps amounts exact: digits beyond a float are not lost, and rounding is done on the decimal string', () => {
    expect(formatDecimal('12345678901234567.89', 'en_US', 2)).toBe('12,345,678,901,234,567.89');
    expect(formatDecimal('0.995', 'en_US', 2)).toBe('1.00');
    expect(formatDecimal('1.005', 'en_US', 2)).toBe('1.01');
  });
  it('writes one date-and-time format, 24-hour to the second, in the language order', () => {
    const at = new Date(2026, 4, 1, 14, 3, 9).getTime();
    expect(formatDateTime(at, 'en_US')).toBe('05/01/2026, 14:03:09');
    expect(formatDateTime(at, 'de_DE')).toBe('01.05.2026, 14:03:09');
    expect(formatDateTime(new Date(at).toISOString(), 'ja_JP')).toBe('2026/05/01 14:03:09');
  });
});
