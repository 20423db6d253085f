import { afterEach, describe, expect, it } from 'vitest';
import { currentNumberStyle, fiatDigits, formatDateTime, formatFiat, inThousands, numberStyleOf, setNumberLanguage } from './localeFormat';

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
  it('writes fiat amounts in the language\'s number style, like the prices beside them (issue 50 M6)', () => {
    expect(formatFiat('96250.5', 'EUR', '€', numberStyleOf('de_DE'))).toBe('€96.250,50');
    expect(formatFiat('96250.5', 'TRY', '₺', numberStyleOf('tr_TR'))).toBe('₺96.250,50');
    expect(formatFiat('96250.5', 'RUB', '₽', numberStyleOf('ru_RU'))).toBe('₽96\u00a0250,50');
    expect(formatFiat('96250.5', 'EUR', '€', numberStyleOf('fr_FR'))).toBe('€96\u202f250,50');
    expect(formatFiat('14437575.4', 'JPY', '¥', numberStyleOf('ja_JP'))).toBe('¥14,437,575');
    expect(formatFiat('96059.205', 'USD', '$')).toBe('$96,059.21');
    expect(formatFiat('95769.15', 'USD', '$')).toBe('$95,769.15');
  });
  it('follows the client\'s language when no style is given', () => {
    setNumberLanguage('de_DE');
    expect(formatFiat('-1234567.891', 'EUR', '€')).toBe('-€1.234.567,89');
    setNumberLanguage('en_US');
    expect(formatFiat('-1234567.891', 'EUR', '€')).toBe('-€1,234,567.89');
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

describe('number styles per language (issue 50 M6)', () => {
  afterEach(() => setNumberLanguage('en_US'));

  it('reads each language\'s separators from Intl', () => {
    // The percent sign where the language puts it: after a no-break space, before the digits in Turkish, right after them in English.
    const spaced = { before: '', after: '\u00a0%' };
    expect(numberStyleOf('de_DE')).toEqual({ group: '.', decimal: ',', minGrouping: 1, percent: spaced });
    expect(numberStyleOf('fr_FR')).toEqual({ group: '\u202f', decimal: ',', minGrouping: 1, percent: spaced });
    expect(numberStyleOf('ru_RU')).toEqual({ group: '\u00a0', decimal: ',', minGrouping: 1, percent: spaced });
    expect(numberStyleOf('tr_TR')).toEqual({ group: '.', decimal: ',', minGrouping: 1, percent: { before: '%', after: '' } });
    expect(numberStyleOf('es_ES')).toEqual({ group: '.', decimal: ',', minGrouping: 2, percent: spaced });
    for (const lang of ['en_US', 'ja_JP', 'ko_KR', 'zh_TW']) expect(numberStyleOf(lang)).toEqual({ group: ',', decimal: '.', minGrouping: 1, percent: { before: '', after: '%' } });
  });
  it('names a number of thousands in the language\'s words, exactly (the order fields\' point hint)', () => {
    expect(inThousands('65000', 'de_DE')).toBe('65\u00a0Tausend');
    expect(inThousands('1500', 'de_DE')).toBe('1,5\u00a0Tausend');
    expect(inThousands('999999', 'de_DE')).toBe('999,999\u00a0Tausend');
    expect(inThousands('65000', 'es_ES')).toBe('65\u00a0mil');
    expect(inThousands('123456', 'tr_TR')).toBe('123,456\u00a0bin');
    expect(inThousands('65000', 'en_US')).toBe('65\u00a0thousand');
  });
  it('starts in the plain style and follows setNumberLanguage', () => {
    expect(currentNumberStyle()).toEqual({ group: ',', decimal: '.', minGrouping: 1, percent: { before: '', after: '%' } });
    setNumberLanguage('fr_FR');
    expect(currentNumberStyle().decimal).toBe(',');
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
