import { describe, expect, it } from 'vitest';
import { divDecimal } from './decimal';
import { numberStyleOf } from './localeFormat';
import { amountFor, decimalInput, percentOf, pointReading, positiveEntry, quantityFor, readDecimal, shareOf } from './orderMath';
import { validateOrder, type OrderRules } from './orderValidation';

describe('order form arithmetic (exact, cut to the pair precision)', () => {
  it('multiplies price by quantity and cuts the amount to the quote precision', () => {
    expect(amountFor('65000.12', '0.001234', 2)).toBe('80.21');
    expect(amountFor('0.1', '0.2', 8)).toBe('0.02');
    expect(amountFor('3', '0.333333', 2)).toBe('0.99');
  });

  it('divides the amount by the price and never rounds a quantity up', () => {
    expect(quantityFor('100', '3', 6)).toBe('33.333333');
    expect(quantityFor('80.21', '65000.12', 6)).toBe('0.001233');
    expect(quantityFor('10', '0.5', 2)).toBe('20');
    expect(divDecimal('1', '3', 0)).toBe('0');
    expect(divDecimal('-1', '4', 2)).toBe('-0.25');
    expect(() => divDecimal('1', '0', 2)).toThrow(RangeError);
  });

  it('takes a percentage of the available balance, cut', () => {
    expect(shareOf('1000.55', 25, 2)).toBe('250.13');
    expect(shareOf('0.00000003', 50, 8)).toBe('0.00000001');
    expect(shareOf('12', 100, 2)).toBe('12');
    expect(shareOf('12', 150, 2)).toBe('12');
  });

  it('reports which whole percentage of the balance a field holds, for the slider', () => {
    expect(percentOf('250', '1000')).toBe(25);
    expect(percentOf('999.99', '1000')).toBe(99);
    expect(percentOf('2000', '1000')).toBe(100);
    expect(percentOf('5', '0')).toBe(0);
    expect(percentOf('5', undefined)).toBe(0);
    expect(percentOf('', '10')).toBe(0);
  });

  it('keeps typed text as it is: nothing dropped, only a decimal comma becomes the point', () => {
    for (const text of ['-1', '-2', '-0.5', '12a.3456', '1.2.3', '0.123456789', '3.', ' 7 ']) expect(decimalInput(text)).toBe(text);
    expect(decimalInput('1,25')).toBe('1.25');
  });

  it('takes back a figure copied from the page in any language\'s style (issue 50 M6)', () => {
    const german = { group: '.', decimal: ',', minGrouping: 1 } as const;
    const english = { group: ',', decimal: '.', minGrouping: 1 } as const;
    expect(decimalInput('1.363.000,00', german)).toBe('1363000.00');
    expect(decimalInput('1.363,5', german)).toBe('1363.5');
    expect(decimalInput('1\u202f363\u202f000,00', german)).toBe('1363000.00');
    expect(decimalInput('1\u00a0363,25', german)).toBe('1363.25');
    expect(decimalInput('1,363,000.00', german)).toBe('1363000.00');
    expect(decimalInput('-1.234.567', german)).toBe('-1234567');
    expect(decimalInput('1,363,000.00', english)).toBe('1363000.00');
    expect(decimalInput('1,363', english)).toBe('1363');
    // One group alone is a decimal point as typed: "1.234" typed in German is 1.234, "1,234" is too.
    expect(decimalInput('1.234', german)).toBe('1.234');
    expect(decimalInput('1,234', german)).toBe('1.234');
    expect(decimalInput('0,123', english)).toBe('0.123');
    // Typed text that is no grouped number keeps its characters.
    for (const text of ['1.2.3', '12a.3456', '1.23.456', ' 7 ']) expect(decimalInput(text, german)).toBe(text);
  });

  it('explains one thousands group read as a decimal where the language groups with a point ("65.000" in German is 65)', () => {
    const german = numberStyleOf('de_DE');
    expect(pointReading('65.000', german)).toEqual({ value: '65', plain: '65000' });
    expect(pointReading(' 1.500 ', german)).toEqual({ value: '1,5', plain: '1500' });
    expect(pointReading('999.999', german)).toEqual({ value: '999,999', plain: '999999' });
    expect(pointReading('100.100', numberStyleOf('es_ES'))).toEqual({ value: '100,1', plain: '100100' });
    expect(pointReading('2.000', numberStyleOf('tr_TR'))).toEqual({ value: '2', plain: '2000' });
    // The field keeps what decimalInput made of the text: a German "65,000" is shown "65.000", and read 65.
    expect(pointReading(decimalInput('65,000', german), german)).toEqual({ value: '65', plain: '65000' });
    // Anything but one group of exactly three places after a leading 1-999 needs no hint.
    for (const text of ['', '65', '65000', '65.00', '65.0000', '0.500', '065.000', '1234.000', '1.234.567', '-1.500', '1.500,5', '1,500', '.500', '1.5']) {
      expect(pointReading(text, german)).toBeUndefined();
    }
    // Nor where a point is only ever the decimal point: English, or a language grouping with spaces.
    for (const lang of ['en_US', 'fr_FR', 'ru_RU', 'ja_JP', 'ko_KR', 'zh_TW']) expect(pointReading('65.000', numberStyleOf(lang))).toBeUndefined();
  });

  it('reads a typed number exactly, with its sign, or not at all', () => {
    expect(readDecimal('-1')).toEqual({ negative: true, value: '1' });
    expect(readDecimal(' 0.500 ')).toEqual({ negative: false, value: '0.5' });
    expect(readDecimal('.5')).toEqual({ negative: false, value: '0.5' });
    expect(readDecimal('3.')).toEqual({ negative: false, value: '3' });
    expect(readDecimal('007')).toEqual({ negative: false, value: '7' });
    for (const text of ['', '-', '.', 'abc', '1.2.3', '1e5', '+1', '1 000', '--1']) expect(readDecimal(text)).toBeUndefined();
    expect(positiveEntry('0.001')).toBe('0.001');
    for (const text of ['0', '-0', '-1', '0.', '', 'x']) expect(positiveEntry(text)).toBeUndefined();
  });
});

describe('order validation (spec §5: price, quantity and amount required)', () => {
  const limitBuy: OrderRules = { side: 'buy', type: 'limit', pricePrecision: 2, amountPrecision: 6, available: '100' };

  it('requires price and quantity for a limit order', () => {
    expect(validateOrder(limitBuy, { price: '', quantity: '', amount: '' })).toEqual({
      price: { key: 'spot.validation.priceRequired' },
      quantity: { key: 'spot.validation.quantityRequired' },
    });
  });

  it('refuses zero, text and too many decimals, naming the allowed places', () => {
    expect(validateOrder(limitBuy, { price: '0', quantity: 'abc', amount: '' })).toEqual({
      price: { key: 'spot.validation.positive' },
      quantity: { key: 'spot.validation.number' },
    });
    expect(validateOrder(limitBuy, { price: '1.001', quantity: '1', amount: '' })).toEqual({ price: { key: 'spot.validation.precision', places: 2 } });
  });

  it('refuses a limit buy whose price × quantity exceeds the available quote', () => {
    expect(validateOrder(limitBuy, { price: '50', quantity: '2', amount: '100' })).toEqual({});
    expect(validateOrder(limitBuy, { price: '50', quantity: '2.000001', amount: '100' })).toEqual({ quantity: { key: 'spot.validation.insufficient' } });
  });

  it('needs only the amount for a market buy and only the quantity for a market sell', () => {
    const marketBuy: OrderRules = { ...limitBuy, type: 'market' };
    expect(validateOrder(marketBuy, { price: '', quantity: '', amount: '' })).toEqual({ amount: { key: 'spot.validation.amountRequired' } });
    expect(validateOrder(marketBuy, { price: '', quantity: '', amount: '100.01' })).toEqual({ amount: { key: 'spot.validation.insufficient' } });
    const marketSell: OrderRules = { ...limitBuy, side: 'sell', type: 'market', available: '0.5' };
    expect(validateOrder(marketSell, { price: '', quantity: '0.5', amount: '' })).toEqual({});
    expect(validateOrder(marketSell, { price: '', quantity: '0.6', amount: '' })).toEqual({ quantity: { key: 'spot.validation.insufficient' } });
  });

  it('leaves the balance check to the server while the balance is unknown', () => {
    expect(validateOrder({ ...limitBuy, available: undefined }, { price: '50', quantity: '1000', amount: '' })).toEqual({});
  });

  it('refuses a negative price or quantity as not greater than zero, never as its digits', () => {
    expect(validateOrder(limitBuy, { price: '-1', quantity: '0.001', amount: '' })).toEqual({ price: { key: 'spot.validation.positive' } });
    expect(validateOrder(limitBuy, { price: '10', quantity: '-0.5', amount: '' })).toEqual({ quantity: { key: 'spot.validation.positive' } });
    expect(validateOrder(limitBuy, { price: '-0', quantity: '1', amount: '' })).toEqual({ price: { key: 'spot.validation.positive' } });
    expect(validateOrder(limitBuy, { price: '1-', quantity: '1', amount: '' })).toEqual({ price: { key: 'spot.validation.number' } });
    // A limit order's amount is optional, but what is typed there must read too.
    expect(validateOrder(limitBuy, { price: '10', quantity: '', amount: '-5' })).toEqual({ quantity: { key: 'spot.validation.quantityRequired' }, amount: { key: 'spot.validation.positive' } });
    expect(validateOrder(limitBuy, { price: '10', quantity: '1', amount: '10.001' })).toEqual({ amount: { key: 'spot.validation.precision', places: 2 } });
  });

  it('checks the form and precision before the balance (issue 11: 90000 × 0.123456789 is a precision problem)', () => {
    const rules: OrderRules = { ...limitBuy, amountPrecision: 5, available: '1000' };
    expect(validateOrder(rules, { price: '90000', quantity: '0.123456789', amount: '' })).toEqual({ quantity: { key: 'spot.validation.precision', places: 5 } });
    expect(validateOrder(rules, { price: '90000', quantity: '0.12345', amount: '' })).toEqual({ quantity: { key: 'spot.validation.insufficient' } });
    // A price that is itself wrong is the one message: the quantity waits for it.
    expect(validateOrder(rules, { price: '90000.001', quantity: '0.12345', amount: '' })).toEqual({ price: { key: 'spot.validation.precision', places: 2 } });
    // Trailing zeros are no extra precision.
    expect(validateOrder(rules, { price: '9.000', quantity: '0.1000000', amount: '' })).toEqual({});
  });

  describe("the pair's minimums, after the form and before the balance", () => {
    const minimum = { quantity: '0.0001', notional: '5', base: 'BTC', quote: 'USDT' };
    const rules: OrderRules = { ...limitBuy, available: '100', minimum };
    const minQuantity = { key: 'spot.validation.minQuantity', min: '0.0001', currency: 'BTC' };
    const minValue = { key: 'spot.validation.minValue', min: '5', currency: 'USDT' };

    it('a limit order needs the minimum quantity, then the minimum value (price × quantity)', () => {
      expect(validateOrder(rules, { price: '20000', quantity: '0.00009', amount: '' })).toEqual({ quantity: minQuantity });
      expect(validateOrder(rules, { price: '1', quantity: '4.99', amount: '' })).toEqual({ quantity: minValue });
      expect(validateOrder(rules, { price: '1', quantity: '5', amount: '' })).toEqual({});
      // Below the minimum and beyond the balance: the minimum is said first.
      expect(validateOrder({ ...rules, available: '0' }, { price: '1', quantity: '4', amount: '' })).toEqual({ quantity: minValue });
      expect(validateOrder(rules, { price: '1000', quantity: '0.2', amount: '' })).toEqual({ quantity: { key: 'spot.validation.insufficient' } });
      // Precision comes before the minimum.
      expect(validateOrder(rules, { price: '1', quantity: '0.0000001', amount: '' })).toEqual({ quantity: { key: 'spot.validation.precision', places: 6 } });
      // A limit sell too.
      expect(validateOrder({ ...rules, side: 'sell', available: '1' }, { price: '1', quantity: '4.99', amount: '' })).toEqual({ quantity: minValue });
    });

    it('a market buy needs the minimum value as its amount; a market sell the minimum quantity', () => {
      expect(validateOrder({ ...rules, type: 'market' }, { price: '', quantity: '', amount: '4.99' })).toEqual({ amount: minValue });
      expect(validateOrder({ ...rules, type: 'market' }, { price: '', quantity: '', amount: '5' })).toEqual({});
      const sell: OrderRules = { ...rules, side: 'sell', type: 'market', available: '0' };
      expect(validateOrder(sell, { price: '', quantity: '0.00001', amount: '' })).toEqual({ quantity: minQuantity });
      expect(validateOrder(sell, { price: '', quantity: '0.0001', amount: '' })).toEqual({ quantity: { key: 'spot.validation.insufficient' } });
    });

    it('leaves a minimum the pair does not state to the server', () => {
      expect(validateOrder({ ...rules, minimum: { ...minimum, quantity: '', notional: 'n/a' } }, { price: '1', quantity: '0.000001', amount: '' })).toEqual({});
    });
  });
});
