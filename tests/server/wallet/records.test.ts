import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, type DepositRecord, type LedgerRecord, type Page, type TransferRecord, type WalletBalance, type WalletOverview } from '../../../domain/wallet.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { startOfUtcDay } from '../../../server/products/wallet/rules.js';
import { expectOk, expectRefusal } from '../http.js';
import { expectLedgerConsistent, FUNDS_PASSWORD, useWallet } from './harness.js';
import { PRODUCT_WALLET_ACCOUNTS as WALLET_ACCOUNTS } from '../support/walletAccounts.js';

const t = useWallet();
const DAY = 86_400_000;

describe('record lists', () => {
  it('page newest first, filter by currency and by 3/7/30 days, and refuse other filters', async () => {
    const user = await t.newUser();
    t.advance(-10 * DAY);
    await t.fund(user, 'BTC', '0.01');
    t.advance(5 * DAY);
    await t.fund(user, 'USDT', '20');
    t.advance(5 * DAY);
    for (const quantity of ['30', '40', '50']) await t.fund(user, 'USDT', quantity);
    await t.fund(user, 'ETH', '0.5');

    const all = expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 30, page: 1 }));
    expect(all.total).toBe(6);
    expect(all.list.map((d) => d.quantity)).toEqual(['0.5', '50', '40', '30', '20', '0.01']);
    expect(expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 7, page: 1 })).total).toBe(5);
    expect(expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 3, page: 1 })).total).toBe(4);
    const page2 = expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 30, page: 2, size: 2, currency: 'USDT' }));
    expect(page2).toMatchObject({ total: 4, page: 2, size: 2 });
    expect(page2.list.map((d) => d.quantity)).toEqual(['30', '20']);
    expect(expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 30, page: 9 })).list).toEqual([]);

    for (const bad of [{ days: 5, page: 1 }, { days: 3, page: 0 }, { days: 3, page: 1, size: 51 }, { days: 3 }, { days: 3, page: 1.5 }, { days: 3, page: 1, currency: 'X'.repeat(17) }]) {
      expectRefusal(await t.call(user, WALLET_PATHS.deposits, bad), 400);
    }
    // Someone else sees none of it.
    expect(expectOk(await t.call<Page<DepositRecord>>(await t.newUser(), WALLET_PATHS.deposits, { days: 30, page: 1 })).total).toBe(0);
  });

  it('the ledger shows every change with before = after − change, filtered by account and currency', async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '100');
    expectOk(await t.call(user, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '40' }, 'ledger-transfer-1'));
    const w = expectOk(
      await t.call<{ id: number }>(user, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', quantity: '20', funds_password: FUNDS_PASSWORD }, 'ledger-w-1'),
    );
    expectOk(await t.call(user, WALLET_PATHS.cancelWithdrawal, { id: w.id }));

    const ledger = expectOk(await t.call<Page<LedgerRecord>>(user, WALLET_PATHS.ledger, { days: 3, page: 1 }));
    expect(ledger.list.map((e) => [e.kind, e.account, e.quantity, e.before, e.after, e.frozen_change])).toEqual([
      ['withdraw_unfreeze', 'spot', '21', '39', '60', '-21'],
      ['withdraw_freeze', 'spot', '-21', '60', '39', '21'],
      ['transfer_in', 'contract', '40', '0', '40', '0'],
      ['transfer_out', 'spot', '-40', '100', '60', '0'],
      ['deposit', 'spot', '100', '0', '100', '0'],
    ]);
    expect(ledger.list[1]).toMatchObject({ currency: 'USDT', ref_type: 'withdrawal', ref_id: w.id, created_at: expect.any(Number) });
    const contract = expectOk(await t.call<Page<LedgerRecord>>(user, WALLET_PATHS.ledger, { days: 3, page: 1, account: 'contract' }));
    expect(contract.list.map((e) => e.kind)).toEqual(['transfer_in']);
    expect(expectOk(await t.call<Page<LedgerRecord>>(user, WALLET_PATHS.ledger, { days: 3, page: 1, currency: 'BTC' })).total).toBe(0);
    // An entry from last week is outside the 3-day window.
    await t.db.query(`update ledger_entry set created_at = now() - interval '5 days' where user_id = $1 and kind = 'deposit'`, [user.id]);
    expect(expectOk(await t.call<Page<LedgerRecord>>(user, WALLET_PATHS.ledger, { days: 3, page: 1 })).total).toBe(4);
    expect(expectOk(await t.call<Page<LedgerRecord>>(user, WALLET_PATHS.ledger, { days: 7, page: 1 })).total).toBe(5);

    const transfers = expectOk(await t.call<Page<TransferRecord>>(user, WALLET_PATHS.transfers, { days: 7, page: 1 }));
    expect(transfers.list).toEqual([{ id: expect.any(Number), currency: 'USDT', from: 'spot', to: 'contract', quantity: '40', created_at: t.now() }]);
    await expectLedgerConsistent(t.db);
  });
});

describe('balances and the overview', () => {
  it('lists every currency of an account, zeros included, valued at the last 1min close or else the list price', async () => {
    const user = await t.newUser();
    await t.fund(user, 'BTC', '0.5');
    await t.fund(user, 'USDT', '10');
    const spot = expectOk(await t.call<WalletBalance[]>(user, WALLET_PATHS.balances, { account: 'spot' }));
    const symbols = (await t.db.query<{ symbol: string }>('select symbol from currency order by sort')).map((c) => c.symbol);
    expect(spot.map((b) => b.currency)).toEqual(symbols);
    expect(spot.find((b) => b.currency === 'BTC')).toEqual({ currency: 'BTC', account: 'spot', available: '0.5', frozen: '0', valuation_usdt: '48125.25' });
    expect(spot.find((b) => b.currency === 'ETH')).toEqual({ currency: 'ETH', account: 'spot', available: '0', frozen: '0', valuation_usdt: '0' });
    expect(expectOk(await t.call<WalletBalance[]>(user, WALLET_PATHS.balances, { account: 'ico' })).every((b) => b.available === '0')).toBe(true);
    expectRefusal(await t.call(user, WALLET_PATHS.balances, { account: 'savings' }), 400);

    // Once the pair has traded, its latest 1min close is the price.
    await t.db.query(
      `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count)
       values ('BTC', 'USDT', '1min', $1, 99000, 100500, 98000, 100000, 1, 100000, 1), ('BTC', 'USDT', '1min', $2, 90000, 90000, 90000, 90000, 1, 90000, 1)`,
      [t.now() - 60_000, t.now() - 3_600_000],
    );
    const priced = expectOk(await t.call<WalletBalance[]>(user, WALLET_PATHS.balances, { account: 'spot' }));
    expect(priced.find((b) => b.currency === 'BTC')!.valuation_usdt).toBe('50000');

    const overview = expectOk(await t.call<WalletOverview>(user, WALLET_PATHS.overview, {}));
    expect(overview).toEqual({
      accounts: WALLET_ACCOUNTS.map((account) => ({ account, valuation_usdt: account === 'spot' ? '50010' : '0' })),
      total_usdt: '50010',
      // Deposits are not profit.
      today_pnl_usdt: '0',
      today_pnl_since_ms: expect.any(Number),
      btc_usdt: '100000',
    });
  });

  it("today's profit and loss counts today's ledger changes other than deposits and withdrawals, at today's prices", async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '1000');
    await t.fund(user, 'BTC', '0.1');
    // A trade today: paid 5000 USDT-worth... here 4000 USDT for 0.05 BTC, now worth 5000 (BTC at 100000).
    await t.db.transaction(async (tx) => {
      await changeBalance(tx, { userId: user.id, currency: 'USDT', account: 'spot', available: '-400', frozen: '0', kind: 'trade_pay', refType: 'test', refId: null });
      await changeBalance(tx, { userId: user.id, currency: 'BTC', account: 'spot', available: '0.005', frozen: '0', kind: 'trade_receive', refType: 'test', refId: null });
    });
    // A completed withdrawal: the 100 USDT that left is not a loss, its 1 USDT fee is.
    const w = expectOk(
      await t.call<{ id: number }>(user, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', quantity: '100', funds_password: FUNDS_PASSWORD }, 'pnl-withdraw-1'),
    );
    expectOk(await t.call(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: w.id, totp_code: t.deskCode() }));
    await t.mineAll();
    const overview = expectOk(await t.call<WalletOverview>(user, WALLET_PATHS.overview, {}));
    // 0.005 BTC × 100000 − 400 − 1 = 99
    expect(overview.today_pnl_usdt).toBe('99');
    expect(overview.total_usdt).toBe('10999'); // 499 USDT + 0.105 BTC × 100000
    expect(startOfUtcDay(Date.UTC(2026, 0, 2, 13, 5))).toBe(Date.UTC(2026, 0, 2));
  });
});
