import { describe, expect, it } from 'vitest';
import { fiatDigits, formatDateTime, formatFiat } from './localeFormat';

describe('numbers and dates per language', () => {
  it('gives each fiat currency its own minor units', () => {
    expect(fiatDigits('USD')).toBe(2);
    expect(fiatDigits('EUR')).toBe(2);
    expect(fiatDigits('JPY')).toBe(0);
    expect(fiatDigits('KRW')).toBe(0);
  });
  it('formats fiat amounts without cents for JPY and KRW, the mark before the number', () => {
    expect(formatFiat('96250.504', 'USD', '$')).toBe('$96,250.50');
    expect(formatFiat('14437575.4', 'JPY', '¥')).toBe('¥14,437,575');
    expect(formatFiat('131000000.4', 'KRW', '₩')).toBe('₩131,000,000');
    expect(formatFiat('96250.5', 'HKD', 'HK$')).toBe('HK$96,250.50');
    expect(formatFiat('12.3', 'GBP', '£')).toBe('£12.30');
  });
  it('uses the number style of the prices beside them for every currency: comma thousands, dot decimals', () => {
    // Not "€96.250,50", "₽96 250,50" or "$96.059,21": a row reads as one style of number.
    expect(formatFiat('96250.5', 'EUR', '€')).toBe('€96,250.50');
    expect(formatFiat('96250.5', 'TRY', '₺')).toBe('₺96,250.50');
    expect(formatFiat('96250.5', 'RUB', '₽')).toBe('₽96,250.50');
    expect(formatFiat('96059.205', 'USD', '$')).toBe('$96,059.21');
    expect(formatFiat('95769.15', 'USD', '$')).toBe('$95,769.15');
  });
  it('puts a negative sign before the mark', () => {
    expect(formatFiat('-2.49', 'USD', '$')).toBe('-$2.49');
    expect(formatFiat('-1234567.891', 'EUR', '€')).toBe('-€1,234,567.89');
    expect(formatFiat('-14437.6', 'JPY', '¥')).toBe('-¥14,438');
    // Rounded to nothing: no sign.
    expect(formatFiat('-0.004', 'USD', '$')).toBe('$0.00');
  });
  it('keeps amounts exact: digits beyond a float are not lost, and rounding is done on the decimal string', () => {
    expect(formatFiat('12345678901234567.89', 'USD', '$')).toBe('$12,345,678,901,234,567.89');
    expect(formatFiat('0.995', 'USD', '$')).toBe('$1.00');
    expect(formatFiat('1.005', 'USD', '$')).toBe('$1.01');
  });
  it('writes one date-and-time format, 24-hour to the second, in the language order', () => {
    const at = new Date(2026, 4, 1, 14, 3, 9).getTime();
    expect(formatDateTime(at, 'en_US')).toBe('05/01/2026, 14:03:09');
    expect(formatDateTime(at, 'de_DE')).toBe('01.05.2026, 14:03:09');
    expect(formatDateTime(new Date(at).toISOString(), 'ja_JP')).toBe('2026/05/01 14:03:09');
  });
});

describe('one date-and-time format everywhere (issue 37 §8)', () => {
  it('no page formats a date on its own: every date goes through formatDateTime / ui/DateTime', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk('src/features');
    walk('src/app');
    const own = files.filter((file) => /toLocaleString\(|toLocaleDateString\(|toLocaleTimeString\(|dateStyle:|timeStyle:/.test(readFileSync(file, 'utf8')));
    expect(own).toEqual([]);
  });
});
