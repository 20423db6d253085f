import { describe, expect, it } from 'vitest';
import { MARKET_OPERATOR_PATHS, type CurrencyListing } from '../../../domain/marketsDesk.js';
import { DepositStatus, WALLET_PATHS, type DepositAddress, type DepositRecord, type Page, type WalletNetwork, type WithdrawQuota } from '../../../domain/wallet.js';
import { withdrawalProblem } from '../../../domain/walletValidation.js';
import { MESSAGES, translate } from '../../../server/kernel/platform/i18n/messages.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { expectOk, expectRefusal } from '../http.js';
import { useCurrencyListingDesk } from './currencyListingDesk.js';
import { expectLedgerConsistent, FUNDS_PASSWORD, type TestUser } from './harness.js';

/**
 * Issue 52 §1, a currency's fees and precision on the wallet side: a network's deposit fee (given
 * when the currency is listed) is taken from each deposit credited and goes to the fee account in
 * the same transaction; a deposit below the minimum is held and shown, never credited nor lost; a
 * withdrawal finer than the currency's places is refused by the server and by the form's rule.
 */
const EN = MESSAGES.en_US;
const { t, risk, code } = useCurrencyListingDesk('fees-risk@openex.test');

const coin: CurrencyListing = {
  symbol: 'FEEC',
  name: 'Fee Coin',
  precision: 4,
  networks: [{ network: 'ERC20', deposit_min: '1', deposit_fee: '0.5', withdraw_min: '2', withdraw_fee: '0.1', confirmations: 1 }],
};
const withNetwork = (more: object): CurrencyListing => ({ ...coin, networks: [{ ...coin.networks[0]!, ...more }] });
const feeRefusal = (lang: 'en_US' | 'de_DE') => translate(lang, 'currencyListingDepositFee', { network: 'ERC20' });

async function listCoin() {
  if ((await t.db.query(`select 1 from currency where symbol = 'FEEC'`)).length > 0) return;
  expectOk(await t.post(risk, MARKET_OPERATOR_PATHS.listCurrency, { ...coin, totp_code: code() }));
}

async function sendDeposit(user: TestUser, quantity: string, lang = 'en_US') {
  const address = await t.address(user, 'FEEC', 'ERC20');
  return t.post<DepositRecord>({ lang }, WALLET_PATHS.simulateDeposit, { address, currency: 'FEEC', network: 'ERC20', quantity });
}

const feesAccount = async (currency: string) => (await readBalance(t.db, await systemAccountId(t.db, 'fees'), currency, 'spot')).available;

describe('a network deposit fee', () => {
  it('is listed with the currency, below the deposit minimum and within its places, and shown with the network and the address', async () => {
    // Not below the minimum, or finer than the precision: refused, translated, before any code is asked; nothing written.
    expectRefusal(await t.post(risk, MARKET_OPERATOR_PATHS.listCurrency, { ...withNetwork({ deposit_fee: '1' }), totp_code: '000000' }), 400, feeRefusal('en_US'));
    expectRefusal(await t.post({ ...risk, lang: 'de_DE' }, MARKET_OPERATOR_PATHS.listCurrency, { ...withNetwork({ deposit_fee: '0.00001' }), totp_code: '000000' }), 400, feeRefusal('de_DE'));
    expect(await t.db.query(`select 1 from currency where symbol = 'FEEC'`)).toEqual([]);

    await listCoin();
    const user = await t.newUser();
    const [network] = expectOk(await t.call<WalletNetwork[]>(user, WALLET_PATHS.networks, { currency: 'FEEC' }));
    expect(network).toMatchObject({ network: 'ERC20', deposit_min: '1', deposit_fee: '0.5', withdraw_fee: '0.1' });
    expect(expectOk(await t.call<DepositAddress>(user, WALLET_PATHS.depositAddress, { currency: 'FEEC', network: 'ERC20' }))).toMatchObject({ deposit_min: '1', deposit_fee: '0.5' });
    // The seeded networks charge none.
    expect(expectOk(await t.call<WalletNetwork[]>(user, WALLET_PATHS.networks, { currency: 'BTC' }))[0]!.deposit_fee).toBe('0');
  });

  it('is taken from a credited deposit and goes to the fee account in the same transaction', async () => {
    await listCoin();
    const user = await t.newUser();
    const feesBefore = await feesAccount('FEEC');
    const sent = expectOk(await sendDeposit(user, '10'));
    expect(sent).toMatchObject({ status: DepositStatus.pending, fee: '0.5', held_reason: null });
    await t.mineAll();
    expect(await t.balance(user, 'FEEC')).toEqual({ available: '9.5', frozen: '0' });
    expect(await feesAccount('FEEC')).toBe(String(Number(feesBefore) + 0.5));
    // The whole quantity crossed the chain (the audit's boundary), then the fee moved on: both in the user's ledger.
    const entries = await t.db.query<{ kind: string; change: string }>(
      `select kind, trim_scale(available_change)::text as change from ledger_entry where user_id = $1 and ref_type = 'deposit' order by id`,
      [user.id],
    );
    expect(entries).toEqual([
      { kind: 'deposit', change: '10' },
      { kind: 'deposit_fee', change: '-0.5' },
    ]);
    const list = expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 3, page: 1 }));
    expect(list.list).toMatchObject([{ id: sent.id, quantity: '10', fee: '0.5', status: DepositStatus.success }]);
    await expectLedgerConsistent(t.db);
  });
});

describe('a deposit below the minimum', () => {
  it('is held with its reason in the history, never credited, and says so to the sender in their language', async () => {
    await listCoin();
    const user = await t.newUser();
    const below = await sendDeposit(user, '0.9');
    expect(below.body.msg).toBe(translate('en_US', 'walletDepositHeldBelowMinimum', { currency: 'FEEC' }));
    expect(expectOk(below)).toMatchObject({ status: DepositStatus.held, held_reason: 'below_minimum', fee: '0' });
    // Not more than the fee on a network without a minimum of its own would credit nothing: held too (the minimum covers it here).
    expect((await sendDeposit(user, '0.5', 'de_DE')).body.msg).toBe(translate('de_DE', 'walletDepositHeldBelowMinimum', { currency: 'FEEC' }));
    // Not in flight: blocks never credit it.
    expect((await t.wallet.chainEvents.inFlight()).filter((tx) => tx.txHash === expectOk(below).tx_hash)).toEqual([]);
    await t.chain.tick();
    await t.wallet.chainEvents.confirmed('deposit', expectOk(below).tx_hash, 99);
    expect(await t.balance(user, 'FEEC')).toEqual({ available: '0', frozen: '0' });
    const list = expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 3, page: 1 }));
    expect(list.list.map((d) => [d.quantity, d.status, d.held_reason])).toEqual([
      ['0.5', DepositStatus.held, 'below_minimum'],
      ['0.9', DepositStatus.held, 'below_minimum'],
    ]);
    await expectLedgerConsistent(t.db);
  });
});

describe('a withdrawal quantity', () => {
  it("is refused beyond the currency's places, by the server and by the form's shared rule", async () => {
    await listCoin();
    // Priced, as by its first trade against USDT: an unpriced coin is not withdrawn against the limit (walletNoPrice).
    await t.db.query(`update currency set price = 0.5 where symbol = 'FEEC'`);
    const user = await t.newUser();
    expectOk(await sendDeposit(user, '10.5'));
    await t.mineAll();
    const quota = expectOk(await t.call<WithdrawQuota>(user, WALLET_PATHS.withdrawQuota, { currency: 'FEEC' }));
    expect(quota).toMatchObject({ places: 4, available: '10' });
    expect(expectOk(await t.call<WithdrawQuota>(user, WALLET_PATHS.withdrawQuota, { currency: 'USDT' })).places).toBe(8);

    const request = (quantity: string) => ({ currency: 'FEEC', network: 'ERC20', address: `0x${'a'.repeat(40)}`, quantity, funds_password: FUNDS_PASSWORD });
    const places = (lang: 'en_US' | 'ja_JP') => translate(lang, 'walletQuantityPlaces', { currency: 'FEEC', places: '4' });
    expectRefusal(await t.call(user, WALLET_PATHS.withdraw, request('2.00001'), 'places-1'), 400, places('en_US'));
    expectRefusal(await t.call({ ...user.headers, lang: 'ja_JP' }, WALLET_PATHS.withdraw, request('2.00001'), 'places-2'), 400, places('ja_JP'));
    expect(await t.balance(user, 'FEEC')).toEqual({ available: '10', frozen: '0' });
    // The form's rule is the same one (domain/walletValidation.ts), with the places the quota answers.
    const limits = { min: '2', fee: '0.1', available: quota.available, remaining: quota.remaining, places: quota.places!, network: 'ERC20' };
    expect(withdrawalProblem(limits, { address: `0x${'a'.repeat(40)}`, quantity: '2.00001' })).toBe('wallet.validation.tooManyPlaces');
    expect(withdrawalProblem(limits, { address: `0x${'a'.repeat(40)}`, quantity: '2.0001' })).toBeUndefined();

    expectOk(await t.call(user, WALLET_PATHS.withdraw, request('2.0001'), 'places-3'));
    expect(await t.balance(user, 'FEEC')).toEqual({ available: '7.8999', frozen: '2.1001' });
    expect(EN.walletQuantityPlaces).toContain('{places}');
    await expectLedgerConsistent(t.db);
  });
});
