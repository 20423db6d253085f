import { describe, expect, it } from 'vitest';
import type { Currency } from '../../../domain/api.js';
import { MARKET_OPERATOR_PATHS, type CurrencyDelisting, type CurrencyListing } from '../../../domain/marketsDesk.js';
import { DepositStatus, WALLET_PATHS, type DepositRecord, type WalletNetwork } from '../../../domain/wallet.js';
import { translate } from '../../../server/kernel/platform/i18n/messages.js';
import { marketListing } from '../../../server/products/markets/listing.js';
import { expectOk, expectRefusal } from '../http.js';
import { signInOperator, signInOperatorWith2fa } from '../support/productTestbed.js';
import { useCurrencyListingDesk } from './currencyListingDesk.js';
import { expectLedgerConsistent, FUNDS_PASSWORD } from './harness.js';

/**
 * Issue 52 §1, delisting a currency: a risk operator, with their 2FA code, announces it once its
 * pairs are delisted; deposits close at once (the address is refused, the chain's transfers are held),
 * withdrawals stay open until the announced end so users can leave, then the currency leaves the
 * list while balances, ledgers and histories keep it. Refusals are translated, change nothing and
 * are audited; the audit row of the delisting is written in its transaction.
 */
const HOUR = 3_600_000;
const { t, risk, code } = useCurrencyListingDesk('delist-risk@openex.test');

const coin = (symbol: string): CurrencyListing => ({
  symbol,
  name: `${symbol} coin`,
  precision: 6,
  networks: [{ network: 'ERC20', deposit_min: '1', withdraw_min: '2', withdraw_fee: '0.5', confirmations: 1 }],
});
const delist = (body: Partial<CurrencyDelisting> & { totp_code?: string }, headers: Record<string, string> = risk) =>
  t.post<{ symbol: string; delist_at: number }>(headers, MARKET_OPERATOR_PATHS.delistCurrency, { symbol: 'DLST', delist_at: t.now() + HOUR, reason: 'Project discontinued', ...body });
const auditRows = async (symbol: string) =>
  (await t.db.query<{ outcome: string; detail: string }>(`select outcome, detail from operator_audit_log where kind = 'currency.delist' and object_id = $1 order by id`, [symbol])).map(
    (r) => `${r.outcome}:${r.detail}`,
  );
const currencyList = async () => expectOk(await t.post<Currency[]>(undefined, '/api/currency_list', {})).map((c) => c.symbol);
const deposit = (address: string, quantity: string) => t.post<DepositRecord>(undefined, WALLET_PATHS.simulateDeposit, { address, currency: 'DLST', network: 'ERC20', quantity });

describe('delisting a currency', () => {
  it('refuses bad requests and open pairs translated, then closes deposits at once and withdrawals at the announced end', async () => {
    expectOk(await t.post(risk, MARKET_OPERATOR_PATHS.listCurrency, { ...coin('DLST'), totp_code: code() }));
    const user = await t.newUser();
    const address = await t.address(user, 'DLST', 'ERC20');
    expectOk(await deposit(address, '20'));
    await t.mineAll();
    // Seen before the announcement, confirmed after it: sent while deposits were open, so credited.
    const inFlight = expectOk(await deposit(address, '5'));

    // Bad input, before any code is asked; then a missing or wrong code; another role than risk.
    expectRefusal(await delist({ reason: '  ' }), 400, translate('en_US', 'currencyDelistReason', { max: '200' }));
    expectRefusal(await delist({ delist_at: t.now() - 1 }, { ...risk, lang: 'fr_FR' }), 400, translate('fr_FR', 'currencyDelistTime'));
    expectRefusal(await delist({ symbol: 'NOPE', totp_code: code() }), 400, translate('en_US', 'currencyDelistUnknown', { currency: 'NOPE' }));
    expect((await delist({})).body.code).toBe(400);
    expect((await delist({ totp_code: '000000' })).body.code).toBe(400);
    const finance = { token: await signInOperator(t.db, 'delist-finance@openex.test') };
    await t.db.query(`update operator_account set roles = '{finance}' where user_id = (select id from app_user where account = 'delist-finance@openex.test')`);
    expect((await delist({ totp_code: code() }, finance)).body.code).toBe(403);
    // A spot pair on it still listed: delisted first (the markets desk), then the currency.
    await t.db.query(`insert into pair (left_symbol, right_symbol, sort) values ('DLST', 'USDT', 900)`);
    await t.db.query(`insert into pair_listing (product, base, quote, status) values ('spot', 'DLST', 'USDT', 1)`);
    expectRefusal(await delist({ totp_code: code() }, { ...risk, lang: 'de_DE' }), 400, translate('de_DE', 'currencyDelistPairsOpen', { currency: 'DLST', pairs: 'DLST_USDT' }));
    expect(await t.db.query(`select recharge_turn, delist_at_ms from currency where symbol = 'DLST'`)).toEqual([{ recharge_turn: 1, delist_at_ms: null }]);
    await t.db.query(`update pair set delisted_at = now() where left_symbol = 'DLST'`);
    await t.db.query(`update pair_listing set status = 0 where product = 'spot' and base = 'DLST'`);

    const end = t.now() + HOUR;
    const announced = await delist({ delist_at: end, reason: ' Project discontinued ', totp_code: code() });
    expect(announced.body.msg).toBe(translate('en_US', 'currencyDelistDone'));
    expect(expectOk(announced)).toEqual({ symbol: 'DLST', delist_at: end });
    expectRefusal(await delist({ totp_code: code() }), 400, translate('en_US', 'currencyDelistAnnounced', { currency: 'DLST' }));
    // No new pair on a currency being delisted (its deposits are closed, its withdrawals end): refused, nothing inserted.
    const [operator] = await t.db.query<{ id: number }>(`select id from app_user where account = 'delist-risk@openex.test'`);
    const pair = { base: 'DLST', quote: 'BTC', price_precision: 6, amount_precision: 2, min_quantity: '1', min_notional: '0.0001', reference_price: '0.0021', makers: false, maker_spread: '0.002', maker_depth: 5 };
    const listed = await marketListing(t.db, t.now)({ id: operator!.id, account: 'delist-risk@openex.test', roles: ['risk'], client: '127.0.0.1' }, pair, code());
    expect(listed).toEqual({ ok: false, key: 'marketListingCurrencyDelisting', vars: { currency: 'DLST' } });
    expect(await t.db.query(`select 1 from pair where left_symbol = 'DLST' and right_symbol = 'BTC'`)).toEqual([]);
    expect(await auditRows('DLST')).toEqual([
      'refused:currencyDelistReason',
      'refused:currencyDelistTime',
      'refused:twoFactorRequired',
      'refused:twoFactorWrong',
      'refused:currencyDelistPairsOpen',
      'done:DLST',
      'refused:currencyDelistAnnounced',
    ]);

    // Deposits: closed at once — the list and the networks say so, no address, the chain's transfers held.
    expect((expectOk(await t.post<Currency[]>(undefined, '/api/currency_list', {})).find((c) => c.symbol === 'DLST'))?.recharge_turn).toBe(0);
    const [network] = expectOk(await t.call<WalletNetwork[]>(user, WALLET_PATHS.networks, { currency: 'DLST' }));
    expect(network).toMatchObject({ deposit_enabled: false, withdraw_enabled: true, delisting: { delist_at: end, reason: 'Project discontinued' } });
    expectRefusal(await t.call(user, WALLET_PATHS.depositAddress, { currency: 'DLST', network: 'ERC20' }), 400, translate('en_US', 'walletCurrencyDelisting', { currency: 'DLST' }));
    const late = await deposit(address, '7');
    expect(late.body.msg).toBe(translate('en_US', 'walletDepositHeldDelisted', { currency: 'DLST' }));
    expect(expectOk(late)).toMatchObject({ status: DepositStatus.held, held_reason: 'delisted' });
    await t.mineAll();
    expect(await t.db.query('select status from deposit where id = $1', [inFlight.id])).toEqual([{ status: DepositStatus.success }]);
    expect(await t.balance(user, 'DLST')).toEqual({ available: '25', frozen: '0' });

    // Withdrawals: open until the end, so the user leaves with part of it (the coin priced, as by a trade against USDT: walletNoPrice).
    await t.db.query(`update currency set price = 0.5 where symbol = 'DLST'`);
    const withdraw = (quantity: string, key: string) =>
      t.call(user, WALLET_PATHS.withdraw, { currency: 'DLST', network: 'ERC20', address: `0x${'b'.repeat(40)}`, quantity, funds_password: FUNDS_PASSWORD }, key);
    expectOk(await withdraw('10', 'leave-one'));
    t.set(end);
    expectRefusal(await withdraw('10', 'leave-two'), 400, translate('en_US', 'walletCurrencyDelisted', { currency: 'DLST' }));
    expect(expectOk(await t.call<WalletNetwork[]>(user, WALLET_PATHS.networks, { currency: 'DLST' }))[0]!.withdraw_enabled).toBe(false);
    // What is left stays in the balance and its ledger; the records keep the currency.
    expect(await t.balance(user, 'DLST')).toEqual({ available: '14.5', frozen: '10.5' });
    expect(expectOk(await t.call<{ list: DepositRecord[] }>(user, WALLET_PATHS.deposits, { days: 3, page: 1, currency: 'DLST' })).list).toHaveLength(3);
    await expectLedgerConsistent(t.db);
  });

  it('leaves the currency list at its end, while its row stays', async () => {
    // The list is judged by the database's clock: the file's clock set behind it (each code moves it 30 s on),
    // with an operator whose codes of these steps are unused.
    t.set(Date.now() - 120_000);
    const other = { token: await signInOperatorWith2fa(t.db, 'gone-risk@openex.test') };
    const listedGone = await t.post(other, MARKET_OPERATOR_PATHS.listCurrency, { ...coin('GONE'), totp_code: code() });
    expect(listedGone.body.msg).toBe(translate('en_US', 'currencyListDone'));
    expect(await currencyList()).toContain('GONE');
    // The end now: gone from the list at once; a currency whose end is still ahead stays listed.
    await t.db.query(`update currency set delist_at_ms = $1 where symbol = 'DLST'`, [Date.now() + HOUR]);
    const totp = code();
    expectOk(await delist({ symbol: 'GONE', delist_at: t.now(), totp_code: totp }, other));
    const listed = await currencyList();
    expect(listed).not.toContain('GONE');
    expect(listed).toContain('DLST');
    expect(await t.db.query(`select symbol from currency where symbol = 'GONE'`)).toEqual([{ symbol: 'GONE' }]);
    await expectLedgerConsistent(t.db);
  });
});
