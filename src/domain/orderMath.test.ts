import { describe, expect, it } from 'vitest';
import { divDecimal } from './decimal';
import { amountFor, cleanDecimalInput, estimatedFee, feeRatePercent, percentOf, quantityFor, shareOf } from './orderMath';
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

  it('keeps typed text to digits, one point and the allowed decimals', () => {
    expect(cleanDecimalInput('12a.3456', 2)).toBe('12.34');
    expect(cleanDecimalInput('.5', 4)).toBe('0.5');
    expect(cleanDecimalInput('1,25', 4)).toBe('1.25');
    expect(cleanDecimalInput('1.2.3', 4)).toBe('1.23');
    expect(cleanDecimalInput('7.9', 0)).toBe('7');
    expect(cleanDecimalInput('3.', 2)).toBe('3.');
  });

  it('shows the fee rate as a percentage and estimates the fee on what is received', () => {
    expect(feeRatePercent('0.001')).toBe('0.1%');
    expect(feeRatePercent('0.0025')).toBe('0.25%');
    expect(estimatedFee('0.5', '0.001', 6)).toBe('0.0005');
    expect(estimatedFee('0.0001', '0.001', 6)).toBe('0');
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
});
