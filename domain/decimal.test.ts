import { describe, expect, it } from 'vitest';
import { addDecimal, compareDecimal, formatPercent, groupThousands, mulDecimal, toFixedDecimal, trimZeros } from './decimal';

describe('decimal strings', () => {
  it('multiplies exactly where floats would not', () => {
    expect(mulDecimal('0.1', '0.2')).toBe('0.02');
    expect(mulDecimal('96512.37', '149.85')).toBe('14462378.6445');
    expect(mulDecimal('-1.5', '2')).toBe('-3');
  });
  it('adds and compares across scales', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(addDecimal('1', '-1.000')).toBe('0');
    expect(compareDecimal('1.10', '1.1')).toBe(0);
    expect(compareDecimal('-2', '1')).toBe(-1);
  });
  it('compares plain prices digit by digit as the BigInt way would', () => {
    expect(compareDecimal('96250.1', '96250.09')).toBe(1);
    expect(compareDecimal('0.5', '0.50')).toBe(0);
    expect(compareDecimal('10', '9.999')).toBe(1);
    expect(compareDecimal('0', '0.000')).toBe(0);
    expect(compareDecimal('007', '7')).toBe(0);
    // Seeded pairs of every shape (integers, fractions, trailing zeros, equal values) against the sign of a − b.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const decimal = () => {
      const int = next(4) === 0 ? '0' : String(next(3) === 0 ? next(10) + 1 : next(100000) + 1);
      const frac = next(3) === 0 ? '' : `.${String(next(10000)).padStart(next(3) + 4, '0')}${'0'.repeat(next(2))}`;
      return int + frac;
    };
    const signOfDifference = (a: string, b: string) => {
      const difference = addDecimal(a, `-${b}`);
      return difference === '0' ? 0 : difference.startsWith('-') ? -1 : 1;
    };
    for (let i = 0; i < 2000; i++) {
      const a = decimal();
      const b = next(5) === 0 ? `${a}0`.replace(/^(\d+)0$/, '$1.0') : decimal();
      expect(compareDecimal(a, b), `${a} vs ${b}`).toBe(signOfDifference(a, b));
    }
  });
  it('rounds half up or cuts down', () => {
    expect(toFixedDecimal('1.005', 2)).toBe('1.01');
    expect(toFixedDecimal('-1.005', 2)).toBe('-1.01');
    expect(toFixedDecimal('3.14159', 4, 'down')).toBe('3.1415');
    expect(toFixedDecimal('2', 2)).toBe('2.00');
  });
  it('formats percentages from fractions with two decimals and a sign', () => {
    expect(formatPercent('0.012345')).toBe('+1.23%');
    expect(formatPercent('-0.5')).toBe('-50.00%');
    expect(formatPercent('0')).toBe('0.00%');
  });
  it('groups thousands and trims zeros', () => {
    expect(groupThousands('1234567.890')).toBe('1,234,567.890');
    expect(groupThousands('-999')).toBe('-999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('100000')).toBe('100,000');
    expect(groupThousands('-1234.5')).toBe('-1,234.5');
    expect(groupThousands('+2500')).toBe('+2,500');
    expect(groupThousands('95930.00')).toBe('95,930.00');
    expect(groupThousands('0.12345678')).toBe('0.12345678');
    expect(groupThousands('12345678901234567890.123456789012')).toBe('12,345,678,901,234,567,890.123456789012');
    // The language's separators (issue 50 M6): the digits untouched.
    const german = { group: '.', decimal: ',', minGrouping: 1 } as const;
    expect(groupThousands('1363000.00', german)).toBe('1.363.000,00');
    expect(groupThousands('-0.5', german)).toBe('-0,5');
    expect(groupThousands('+2500', german)).toBe('+2.500');
    expect(groupThousands('12.5%', german)).toBe('12,5%');
    expect(groupThousands('1234.5', { group: '.', decimal: ',', minGrouping: 2 })).toBe('1234,5');
    expect(groupThousands('—', german)).toBe('—');
    // Already grouped, or not a number: as it is.
    expect(groupThousands('1,234.5')).toBe('1,234.5');
    expect(groupThousands('—')).toBe('—');
    expect(trimZeros('1.2300')).toBe('1.23');
  });
  it('refuses what is not a decimal', () => {
    expect(() => mulDecimal('1e3', '1')).toThrow(RangeError);
  });
});
