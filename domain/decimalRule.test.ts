import { describe, expect, it } from 'vitest';
import { isDecimalInput, isPositiveDecimalInput } from './decimalRule';
import { isAmount } from './fiat';
import { isQuantity } from './ico';
import { isPositiveAmount } from './walletValidation';

describe('the one rule for decimal strings (issue 34)', () => {
  it('takes decimals written plainly', () => {
    for (const value of ['0', '1', '0.5', '96250.10', '10', '100000']) expect([value, isDecimalInput(value)]).toEqual([value, true]);
  });

  it('refuses leading zeros, signs, exponents, padding and bare points', () => {
    for (const value of ['00001', '01.5', '00', '-1', '+1', '1e0', '1E3', ' 1', '1 ', '1.', '.5', '0x10', 'Infinity', 'NaN', '', '1,5', '١']) {
      expect([value, isDecimalInput(value)]).toEqual([value, false]);
    }
  });

  it('takes a sign only when asked, and never "-0"', () => {
    expect(isDecimalInput('-1.5', { signed: true })).toBe(true);
    expect(isDecimalInput('-0', { signed: true })).toBe(false);
    expect(isDecimalInput('-0.00', { signed: true })).toBe(false);
    expect(isDecimalInput('-01', { signed: true })).toBe(false);
  });

  it('bounds places and integer digits', () => {
    expect(isDecimalInput('1.123', { places: 2 })).toBe(false);
    expect(isDecimalInput('1.12', { places: 2 })).toBe(true);
    expect(isDecimalInput('1.5', { places: 0 })).toBe(false);
    expect(isDecimalInput('9'.repeat(15), { integerDigits: 15 })).toBe(true);
    expect(isDecimalInput('9'.repeat(16), { integerDigits: 15 })).toBe(false);
    expect(isPositiveDecimalInput('0.00')).toBe(false);
  });

  it('is the rule of every form that takes an amount: wallet, P2P and ICO refuse "00001" alike', () => {
    expect(isPositiveAmount('00001')).toBe(false);
    expect(isAmount('00001', 6)).toBe(false);
    expect(isQuantity('00001', 6)).toBe(false);
    expect([isPositiveAmount('1'), isAmount('1', 6), isQuantity('1', 6)]).toEqual([true, true, true]);
  });
});
