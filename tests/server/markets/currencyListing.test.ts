import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '../../../domain/api.js';
import { MARKET_OPERATOR_PATHS, type CurrencyListing, type MarketListing } from '../../../domain/marketsDesk.js';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { DepositStatus, WALLET_PATHS, type DepositAddress, type DepositRecord, type WalletNetwork } from '../../../domain/wallet.js';
import { MARKET_MAKER_ACCOUNTS } from '../../../server/kernel/platform/db/seed/marketMakers.js';
import { auditBooks } from '../../../server/products/audit.js';
import { startQuietServer } from '../quietServer.js';
import { trader } from '../spot/spotApp.js';
import { auditOutcomes, OPERATOR_SECRET, operatorCode, refusals } from '../support/operators.js';
import { signInOperator, signInOperatorWith2fa } from '../support/productTestbed.js';
import { postEnvelope } from '../http.js';

/**
 * Issue 52 §1 on the whole server (embedded mode): a risk operator lists a new coin — its networks
 * with their minimums, fee and confirmations, and its precision — with their 2FA code. With no
 * restart it is in the currency list, users get a deposit address and are credited, and a pair on
 * it lists and trades, its makers stocked with the coin. Bad input, a missing or wrong code and the
 * wrong role are refused, translated, and change nothing; every attempt is audited.
 */
let running: Awaited<ReturnType<typeof startQuietServer>>;
beforeAll(async () => {
  // Blocks every 100 ms: a deposit's one confirmation comes at once.
  running = await startQuietServer('currency-listing', { chainBlockMs: 100 });
}, 240_000);
afterAll(async () => {
  await running?.stop();
});

const coin: CurrencyListing = {
  symbol: 'NEWC',
  name: 'New Coin',
  precision: 4,
  networks: [
    { network: 'ERC20', deposit_min: '1', withdraw_min: '5', withdraw_fee: '0.5', confirmations: 1 },
    { network: 'NEWC', deposit_min: '0.1', withdraw_min: '1', withdraw_fee: '0', confirmations: 2 },
  ],
};

const call = <T = unknown>(path: string, body: object, token: string, lang = 'en_US') => postEnvelope<T>(running.server.url, path, body, token, lang);

describe('listing a currency at runtime', () => {
  it('refuses bad listings translated, lists with the 2FA code, and the coin deposits and trades at once', async () => {
    const { db } = running.server;
    const risk = await signInOperator(db, 'currency-risk@openex.test');
    const [me] = await db.query<{ id: number }>(`select id from app_user where account = 'currency-risk@openex.test'`);
    const list = (body: object, lang?: string) => call(MARKET_OPERATOR_PATHS.listCurrency, { ...coin, ...body }, risk, lang);

    // Without 2FA on the operator's account: refused.
    expect(await list({ totp_code: '123456' })).toMatchObject({ code: 400, msg: expect.stringContaining('two-factor') });
    await db.query(`insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now())`, [me!.id, OPERATOR_SECRET]);

    // Bad input: each refused with its reason (in the reader's language), before any code is asked.
    expect((await list({ symbol: 'N!' })).msg).toBe('A currency symbol is 2 to 12 capital letters and digits');
    expect((await list({ name: '   ' })).msg).toBe("Give the currency's name (1 to 40 characters)");
    expect((await list({ networks: [coin.networks[0], coin.networks[0]] })).msg).toBe('Give 1 to 5 networks, each named once with 2 to 16 capital letters and digits');
    expect((await list({ networks: [{ ...coin.networks[0], withdraw_fee: '5' }] })).msg).toBe(
      'Network ERC20: the minimums and the fee must fit the precision, the withdrawal minimum above zero and above the fee',
    );
    expect((await list({ networks: [{ ...coin.networks[0], deposit_min: '0.00001' }] }, 'de_DE')).msg).toBe(
      'Netzwerk ERC20: Mindestbeträge und Gebühr müssen zur Genauigkeit passen, das Auszahlungsminimum über null und über der Gebühr liegen',
    );
    // Written the one way the exchange reads a decimal (domain/decimalRule.ts): no leading zeros, no "-0".
    for (const network of [{ deposit_min: '007' }, { withdraw_fee: '-0' }, { deposit_fee: '00' }]) {
      expect((await list({ networks: [{ ...coin.networks[0], ...network }] })).msg).toMatch(/^Network ERC20: /);
    }
    // Trailing zeros are no finer than the amount they end: past the precision check (then refused for the missing code).
    expect((await list({ networks: [{ ...coin.networks[0], deposit_min: '1.00000000' }] })).msg).not.toMatch(/precision/);
    // What the schema refuses: a precision above 8, no network, an unknown field.
    for (const body of [{ precision: 9 }, { networks: [] }, { extra: 1 }, { networks: [{ ...coin.networks[0], confirmations: 0 }] }]) {
      expect((await list(body)).code).toBe(400);
    }
    // The code: missing, then wrong.
    expect((await list({})).code).toBe(400);
    expect((await list({ totp_code: '000000' })).code).toBe(400);
    // Another role than risk: forbidden.
    const finance = await signInOperator(db, 'currency-finance@openex.test');
    await db.query(`update operator_account set roles = '{finance}' where user_id = (select id from app_user where account = 'currency-finance@openex.test')`);
    expect((await call(MARKET_OPERATOR_PATHS.listCurrency, { ...coin, totp_code: operatorCode(OPERATOR_SECRET) }, finance)).code).toBe(403);
    expect(await db.query(`select 1 from currency where symbol = 'NEWC' union all select 1 from currency_network where currency = 'NEWC'`)).toEqual([]);

    const listed = await list({ symbol: 'newc', totp_code: operatorCode(OPERATOR_SECRET) });
    expect(listed).toMatchObject({ code: 200, msg: 'Currency listed: deposits and withdrawals are open', data: { symbol: 'NEWC' } });
    expect((await list({ totp_code: operatorCode(OPERATOR_SECRET, Date.now() + 30_000) })).msg).toBe('This currency is listed already');
    expect(await db.query(`select amount_places from currency where symbol = 'NEWC'`)).toEqual([{ amount_places: 4 }]);

    // With no restart: in the currency list, with its networks, and a user deposits it.
    const user = await trader(db, {});
    expect((await call<Currency[]>('/api/currency_list', {}, user.token)).data.find((c) => c.symbol === 'NEWC')).toMatchObject({ name: 'New Coin', recharge_turn: 1, draw_turn: 1 });
    const networks = (await call<WalletNetwork[]>(WALLET_PATHS.networks, { currency: 'NEWC' }, user.token)).data;
    expect(networks).toEqual([
      { currency: 'NEWC', network: 'ERC20', deposit_min: '1', withdraw_min: '5', withdraw_fee: '0.5', deposit_fee: '0', confirmations: 1, deposit_enabled: true, withdraw_enabled: true },
      { currency: 'NEWC', network: 'NEWC', deposit_min: '0.1', withdraw_min: '1', withdraw_fee: '0', deposit_fee: '0', confirmations: 2, deposit_enabled: true, withdraw_enabled: true },
    ]);
    const { address } = (await call<DepositAddress>(WALLET_PATHS.depositAddress, { currency: 'NEWC', network: 'ERC20' }, user.token)).data;
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    const sent = await call<DepositRecord>(WALLET_PATHS.simulateDeposit, { address, currency: 'NEWC', network: 'ERC20', quantity: '12.5' }, user.token);
    expect(sent.code).toBe(200);
    await expect
      .poll(async () => (await db.query<{ status: number }>('select status from deposit where id = $1', [sent.data.id]))[0]?.status, { timeout: 10_000 })
      .toBe(DepositStatus.success);
    expect(await db.query(`select trim_scale(available)::text as available from balance where user_id = $1 and currency = 'NEWC' and account = 'spot'`, [user.id])).toEqual([{ available: '12.5' }]);

    // A pair on it lists, its makers (their accounts made as at a start with makers on) are stocked with the coin, and it trades.
    for (const account of Object.values(MARKET_MAKER_ACCOUNTS)) await db.query(`insert into app_user (account, nickname, kind) values ($1, $1, 'market_maker') on conflict do nothing`, [account]);
    const pair: MarketListing = { base: 'NEWC', quote: 'USDT', price_precision: 3, amount_precision: 2, min_quantity: '0.01', min_notional: '1', reference_price: '2.5', makers: true };
    // Listed by a second risk operator: the first one's codes of this minute are used up.
    const second = await signInOperatorWith2fa(db, 'pair-risk@openex.test');
    // Its quantities are never finer than the coin's precision (4 places).
    expect((await call(MARKET_OPERATOR_PATHS.list, { ...pair, amount_precision: 5, totp_code: operatorCode(OPERATOR_SECRET) }, second)).msg).toBe(
      'NEWC is counted in 4 decimal places: the quantity places can be at most that',
    );
    expect((await call(MARKET_OPERATOR_PATHS.list, { ...pair, totp_code: operatorCode(OPERATOR_SECRET, Date.now() + 30_000) }, second)).msg).toBe('Pair listed: it trades now');
    const stocked = await db.query<{ currency: string; available: string }>(
      `select b.currency, trim_scale(b.available)::text as available from balance b join app_user u on u.id = b.user_id where u.account = $1 order by b.currency`,
      [MARKET_MAKER_ACCOUNTS.quoter],
    );
    expect(stocked).toEqual([
      { currency: 'NEWC', available: '800000' },
      { currency: 'USDT', available: '2000000' },
    ]);
    const buyer = await trader(db, { USDT: '100' });
    const sell = { symbol: 'NEWC_USDT', side: 'sell', type: 'limit', price: '2.5', quantity: '4' };
    await expect.poll(async () => (await call(SPOT_PATHS.place, sell, user.token)).code, { timeout: 5000 }).toBe(200);
    expect((await call(SPOT_PATHS.place, { ...sell, side: 'buy' }, buyer.token)).code).toBe(200);
    await expect.poll(async () => db.query(`select trim_scale(quantity)::text as quantity from spot_trade where left_symbol = 'NEWC'`)).toEqual([{ quantity: '4' }]);

    expect(await auditOutcomes(db, 'currency.list')).toEqual([
      ...refusals('currencyListingTwoFactorRequired', 'currencyListingSymbol', 'currencyListingName', 'currencyListingNetworks', 'currencyListingAmounts', 'currencyListingAmounts'),
      // Leading zeros and "-0".
      ...refusals('currencyListingAmounts', 'currencyListingAmounts', 'currencyListingDepositFee'),
      // The trailing zeros' listing, refused at the code.
      ...refusals(expect.any(String), expect.any(String), expect.any(String)),
      ['done', 'NEWC'],
      ...refusals('currencyListingExists'),
    ]);
    expect(await auditBooks(db)).toEqual([]);
  }, 60_000);
});
