import { describe, expect, it } from 'vitest';
import { currencyListingProblems, type CurrencyFormValues, type NetworkFields } from './currencyFormSchema';

/**
 * The currency listing's form rules against the server's (server/products/wallet/listing/:
 * routes.ts's body schema, currencyListing.ts `checkListing`), case by case: what the server
 * refuses is said at the field it concerns, what it takes passes.
 */
const NETWORK: NetworkFields = { network: 'erc20', deposit_min: '1', deposit_fee: '0.1', withdraw_min: '5', withdraw_fee: '0.5', confirmations: '12' };
const GOOD: CurrencyFormValues = { symbol: ' newc ', name: 'New Coin', precision: '4', networks: [NETWORK], code: '123456' };

const problems = (change: Partial<CurrencyFormValues> = {}, network: Partial<NetworkFields> = {}) =>
  currencyListingProblems({ ...GOOD, ...change, networks: change.networks ?? [{ ...NETWORK, ...network }] });

describe('the currency listing form rules', () => {
  it('passes a listing the server takes: trimmed, in any case, trailing zeros not counted as places', () => {
    expect(problems()).toEqual({});
    expect(problems({ precision: '2' }, { deposit_min: '0.100000', withdraw_min: '5.10', withdraw_fee: '0', deposit_fee: '0' })).toEqual({});
    expect(problems({ precision: '0' }, { deposit_min: '0', deposit_fee: '0', withdraw_min: '1', withdraw_fee: '0', confirmations: '1000' })).toEqual({});
    expect(problems({ code: 'abcde-12345' })).toEqual({});
  });

  it('says every bad field of an empty form at once, each under its own path', () => {
    const empty: CurrencyFormValues = { symbol: '', name: '', precision: '8', networks: [{ network: '', deposit_min: '', deposit_fee: '0', withdraw_min: '', withdraw_fee: '0', confirmations: '12' }], code: '' };
    expect(currencyListingProblems(empty)).toEqual({
      symbol: 'marketsDesk.currency.symbolInvalid',
      name: 'marketsDesk.currency.nameInvalid',
      'networks[0].network': 'marketsDesk.currency.networkInvalid',
      'networks[0].deposit_min': 'marketsDesk.currency.depositMinInvalid',
      'networks[0].withdraw_min': 'marketsDesk.currency.withdrawMinInvalid',
      code: 'marketsDesk.form.codeRequired',
    });
  });

  it.each([
    ['A', 'symbolInvalid'],
    ['ABCDEFGHIJKLM', 'symbolInvalid'],
    ['NEW-C', 'symbolInvalid'],
  ])('a symbol %s: %s', (symbol, key) => expect(problems({ symbol })).toEqual({ symbol: `marketsDesk.currency.${key}` }));

  it('a name of 1 to 40 characters once trimmed', () => {
    expect(problems({ name: '   ' })).toEqual({ name: 'marketsDesk.currency.nameInvalid' });
    expect(problems({ name: 'x'.repeat(41) })).toEqual({ name: 'marketsDesk.currency.nameInvalid' });
    expect(problems({ name: ` ${'x'.repeat(40)} ` })).toEqual({});
  });

  it.each(['9', '-1', '1.5', 'x', ''])('a precision %j is refused (a whole number from 0 to 8)', (precision) => {
    expect(problems({ precision })).toMatchObject({ precision: 'marketsDesk.form.precisionInvalid' });
  });

  it('amounts within the precision: each too fine one said at its own field', () => {
    expect(problems({ precision: '2' }, { deposit_min: '0.001', withdraw_fee: '0.005', deposit_fee: '0.0001' })).toEqual({
      'networks[0].deposit_min': 'marketsDesk.currency.depositMinInvalid',
      'networks[0].deposit_fee': 'marketsDesk.currency.depositFeeInvalid',
      'networks[0].withdraw_fee': 'marketsDesk.currency.withdrawFeeInvalid',
    });
    expect(problems({}, { deposit_min: '-1' })).toEqual({ 'networks[0].deposit_min': 'marketsDesk.currency.depositMinInvalid' });
    expect(problems({}, { withdraw_fee: '1e3' })).toEqual({ 'networks[0].withdraw_fee': 'marketsDesk.currency.withdrawFeeInvalid' });
  });

  it('amounts written the one way the exchange reads a decimal (domain/decimalRule.ts): no leading zeros, no "-0"', () => {
    expect(problems({}, { deposit_min: '007', withdraw_fee: '-0', deposit_fee: '.5' })).toEqual({
      'networks[0].deposit_min': 'marketsDesk.currency.depositMinInvalid',
      'networks[0].deposit_fee': 'marketsDesk.currency.depositFeeInvalid',
      'networks[0].withdraw_fee': 'marketsDesk.currency.withdrawFeeInvalid',
    });
    expect(problems({}, { withdraw_min: '05' })).toEqual({ 'networks[0].withdraw_min': 'marketsDesk.currency.withdrawMinInvalid' });
  });

  it('a withdrawal minimum above zero and above its fee; a deposit fee, when above zero, below the deposit minimum', () => {
    expect(problems({}, { withdraw_min: '0', withdraw_fee: '0' })).toEqual({ 'networks[0].withdraw_min': 'marketsDesk.currency.withdrawMinInvalid' });
    expect(problems({}, { withdraw_min: '0.5', withdraw_fee: '0.5' })).toEqual({ 'networks[0].withdraw_min': 'marketsDesk.currency.withdrawMinBelowFee' });
    expect(problems({}, { deposit_min: '1', deposit_fee: '1' })).toEqual({ 'networks[0].deposit_fee': 'marketsDesk.currency.depositFeeAboveMin' });
    expect(problems({}, { deposit_min: '0', deposit_fee: '0' })).toEqual({});
    expect(problems({}, { deposit_fee: '' })).toEqual({ 'networks[0].deposit_fee': 'marketsDesk.currency.depositFeeInvalid' });
  });

  it.each(['0', '1001', '1.5', ''])('confirmations %j are refused (a whole number from 1 to 1000)', (confirmations) => {
    expect(problems({}, { confirmations })).toEqual({ 'networks[0].confirmations': 'marketsDesk.currency.confirmationsInvalid' });
  });

  it('network names of 2 to 16 capitals and digits, each named once (in any case)', () => {
    expect(problems({}, { network: 'E' })).toEqual({ 'networks[0].network': 'marketsDesk.currency.networkInvalid' });
    expect(problems({}, { network: 'ERC-20' })).toEqual({ 'networks[0].network': 'marketsDesk.currency.networkInvalid' });
    expect(problems({ networks: [NETWORK, { ...NETWORK, network: ' ERC20 ' }] })).toEqual({
      'networks[0].network': 'marketsDesk.currency.networkTwice',
      'networks[1].network': 'marketsDesk.currency.networkTwice',
    });
    expect(problems({ networks: [NETWORK, { ...NETWORK, network: 'TRC20' }] })).toEqual({});
  });

  it("the operator's 2FA code: a 6-digit code or a recovery code", () => {
    expect(problems({ code: ' ' })).toEqual({ code: 'marketsDesk.form.codeRequired' });
    expect(problems({ code: '12' })).toEqual({ code: 'marketsDesk.form.codeInvalid' });
  });
});
