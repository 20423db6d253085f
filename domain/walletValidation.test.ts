import { describe, expect, it } from 'vitest';
import { divDecimal, subDecimal } from './decimal';
import { amountInput, formatAmount, overviewFigures } from './walletAmounts';
import { maxWithdrawable, simulateDepositSchema, transferProblem, withdrawalProblem, withdrawalTotal } from './walletValidation';

const limits = { min: '10', fee: '1', available: '250', remaining: '100' };
const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

describe('withdrawal rules (spec §5)', () => {
  it('accepts a quantity between the minimum and the quota that the balance covers with the fee', () => {
    expect(withdrawalProblem(limits, { address, quantity: '25' })).toBeUndefined();
    expect(withdrawalProblem(limits, { address, quantity: '10' })).toBeUndefined();
    expect(withdrawalProblem(limits, { address, quantity: '100' })).toBeUndefined();
  });

  it('checks the address against the chosen network\'s shape on the form (issue 37 §11)', () => {
    const trc20 = { ...limits, network: 'TRC20' };
    expect(withdrawalProblem(trc20, { address, quantity: '25' })).toBeUndefined();
    expect(withdrawalProblem(trc20, { address: '0x52908400098527886E0F7030069857D2E4169EE7', quantity: '25' })).toBe('wallet.validation.addressInvalid');
    expect(withdrawalProblem({ ...limits, network: 'ERC20' }, { address, quantity: '25' })).toBe('wallet.validation.addressInvalid');
    expect(withdrawalProblem({ ...limits, network: 'ERC20' }, { address: '0x52908400098527886E0F7030069857D2E4169EE7', quantity: '25' })).toBeUndefined();
  });

  it('requires the address and the quantity', () => {
    expect(withdrawalProblem(limits, { address: '  ', quantity: '25' })).toBe('wallet.validation.addressRequired');
    expect(withdrawalProblem(limits, { address, quantity: '' })).toBe('wallet.validation.quantityRequired');
  });

  it('refuses what is not a positive amount with at most 8 decimals', () => {
    for (const quantity of ['0', '-5', 'abc', '1e3', '12.', '.5', '0.000000001', '01']) {
      expect(withdrawalProblem(limits, { address, quantity }), quantity).toBe('wallet.validation.quantityInvalid');
    }
  });

  it('compares exactly at the minimum, the quota and the balance', () => {
    expect(withdrawalProblem(limits, { address, quantity: '9.99999999' })).toBe('wallet.validation.belowMinimum');
    expect(withdrawalProblem(limits, { address, quantity: '100.00000001' })).toBe('wallet.validation.overQuota');
    // 249 + fee 1 = 250 exactly fits; one unit more does not.
    const rich = { ...limits, remaining: '1000' };
    expect(withdrawalProblem(rich, { address, quantity: '249' })).toBeUndefined();
    expect(withdrawalProblem(rich, { address, quantity: '249.00000001' })).toBe('wallet.validation.insufficient');
  });

  it('says a coin with no USDT price yet cannot be counted against the limit, before the quota', () => {
    expect(withdrawalProblem({ ...limits, remaining: '0', unpriced: true }, { address, quantity: '25' })).toBe('wallet.validation.noPrice');
  });

  it("refuses more places than the currency's own precision (issue 52 §1), before the minimum", () => {
    const fourPlaces = { ...limits, places: 4 };
    expect(withdrawalProblem(fourPlaces, { address, quantity: '25.0001' })).toBeUndefined();
    expect(withdrawalProblem(fourPlaces, { address, quantity: '25.00001' })).toBe('wallet.validation.tooManyPlaces');
    expect(withdrawalProblem({ ...limits, places: 0 }, { address, quantity: '9.5' })).toBe('wallet.validation.tooManyPlaces');
    // Trailing zeros are no finer than the number they end: not refused.
    expect(withdrawalProblem(fourPlaces, { address, quantity: '25.00010000' })).toBeUndefined();
    expect(withdrawalProblem({ ...limits, places: 0 }, { address, quantity: '30.000' })).toBeUndefined();
    expect(withdrawalProblem(limits, { address, quantity: '25.00001' })).toBeUndefined();
  });

  it('does not lose precision where a float would (0.1 + 0.2 against 0.3)', () => {
    const tight = { min: '0.1', fee: '0.2', available: '0.3', remaining: '1' };
    expect(withdrawalProblem(tight, { address, quantity: '0.1' })).toBeUndefined();
  });
});

describe('transfer rules (spec §5, §9)', () => {
  it('needs a positive quantity within the source account available', () => {
    const l = { available: '50.5', from: 'spot', to: 'contract' };
    expect(transferProblem(l, { quantity: '50.5' })).toBeUndefined();
    expect(transferProblem(l, { quantity: '50.50000001' })).toBe('wallet.validation.insufficient');
    expect(transferProblem(l, { quantity: '' })).toBe('wallet.validation.quantityRequired');
    expect(transferProblem(l, { quantity: '0' })).toBe('wallet.validation.quantityInvalid');
  });

  it('refuses a target equal to the source', () => {
    expect(transferProblem({ available: '10', from: 'spot', to: 'spot' }, { quantity: '1' })).toBe('wallet.validation.sameAccount');
  });
});

describe('simulated deposit form', () => {
  it('needs every field and a positive amount', async () => {
    await expect(simulateDepositSchema.validate({ address, currency: 'USDT', network: 'TRC20', quantity: '500' })).resolves.toBeTruthy();
    await expect(simulateDepositSchema.validate({ address, currency: 'USDT', network: '', quantity: '500' })).rejects.toThrow('wallet.validation.networkRequired');
  });
});

describe('the withdrawal "All" amount', () => {
  it('is the balance less the fee, within the 24-hour quota, never below zero', () => {
    expect(maxWithdrawable({ min: '10', fee: '1', available: '250', remaining: '100' })).toBe('100');
    expect(maxWithdrawable({ min: '10', fee: '1', available: '42.5', remaining: '100' })).toBe('41.5');
    expect(maxWithdrawable({ min: '10', fee: '1', available: '0.5', remaining: '100' })).toBe('0');
    expect(maxWithdrawable({ min: '0.001', fee: '0.0005', available: '0.123456789', remaining: '1' })).toBe('0.12295678');
    // Cut to the currency's places, so "All" never fills in a quantity the form then refuses.
    expect(maxWithdrawable({ min: '0.001', fee: '0.0005', available: '0.123456789', remaining: '1', places: 4 })).toBe('0.1229');
  });
});

describe('wallet amounts', () => {
  it('divides exactly, cut to the places asked (the BTC valuation)', () => {
    expect(divDecimal('1250.5', '96000', 8)).toBe('0.01302604');
    expect(divDecimal('1', '3', 4)).toBe('0.3333');
    expect(divDecimal('-10', '4', 2)).toBe('-2.5');
    expect(() => divDecimal('5', '0', 8)).toThrow(RangeError);
  });

  it('subtracts and formats without floats', () => {
    expect(subDecimal('0.3', '0.1')).toBe('0.2');
    expect(subDecimal('1', '2.5')).toBe('-1.5');
    expect(formatAmount('12.3400000000')).toBe('12.34');
    expect(formatAmount('0.123456789')).toBe('0.12345678');
    expect(formatAmount('16157.539250000')).toBe('16,157.53925');
    expect(formatAmount('16998.3549', 2)).toBe('16,998.35');
    expect(formatAmount('-25000')).toBe('-25,000');
    expect(amountInput('16157.539250000')).toBe('16157.53925');
  });
});

describe('wallet figures for display, exact', () => {
  it('the total deducted by a withdrawal is the quantity plus the fee, once the quantity is a valid amount', () => {
    expect(withdrawalTotal(' 25 ', '1')).toBe('26');
    expect(withdrawalTotal('0.1', '0.2')).toBe('0.3');
    expect(withdrawalTotal('99999999999999.99999999', '0.00000001')).toBe('100000000000000');
    expect(withdrawalTotal('', '1')).toBeUndefined();
    expect(withdrawalTotal('1.123456789', '1')).toBeUndefined();
  });

  it('the overview shows the total in BTC while BTC has a price, and the sign of today\'s PnL', () => {
    const overview = { accounts: [], total_usdt: '96000', today_pnl_usdt: '-0.5', today_pnl_since_ms: 0, btc_usdt: '64000' };
    expect(overviewFigures(overview)).toEqual({ totalBtc: '1.5', pnl: '-0.5', pnlSign: -1 });
    expect(overviewFigures({ ...overview, btc_usdt: '0', today_pnl_usdt: '0' })).toEqual({ totalBtc: undefined, pnl: '0', pnlSign: 0 });
  });
});
