import { describe, expect, it } from 'vitest';
import { decimalUnits, isDecimalInput, isPositiveDecimalInput, isShareInput, positiveAmountProblem } from './decimalRule';
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

  it('counts trailing zeros as no places, and converts to exactly the number written (issue 49)', () => {
    expect(isDecimalInput('0.0010000', { places: 5 })).toBe(true);
    expect(isDecimalInput('0.0010001', { places: 5 })).toBe(false);
    expect(isDecimalInput('7.000', { places: 0 })).toBe(true);
    expect(decimalUnits('0.0010000', 5)).toBe(100n);
    expect(decimalUnits('200000.000', 2)).toBe(20000000n);
    expect(decimalUnits('10.000000000', 8)).toBe(1000000000n);
    expect(decimalUnits('7.000', 0)).toBe(7n);
    expect(decimalUnits('0.0010001', 5)).toBeUndefined();
    expect(decimalUnits('00.1', 5)).toBeUndefined();
    expect(isShareInput('0.50000', 4)).toBe(true);
    expect(isShareInput('1.0000001', 4)).toBe(false);
  });
});

describe('a positive amount as a form types it', () => {
  it('says what is wrong: nothing typed, not a positive decimal, too many places; nothing for a good one', () => {
    expect(['', '  ', '0', '-1', '01', '1e3', '1234567890123456', '1.234', ' 1.23 ', '1.2300', '999999999999999'].map((v) => positiveAmountProblem(v, 2))).toEqual([
      'required',
      'required',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'places',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
