import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, WithdrawalStatus, type Page, type WithdrawalRecord, type WithdrawQuota } from '../../../domain/wallet.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { enrolWithSecret } from '../../../server/kernel/platform/auth/twoFactor.js';
import { expectOk, expectRefusal } from '../http.js';
import { expectLedgerConsistent, expectTotalsMatchChain, FUNDS_PASSWORD, useWallet, type TestUser } from './harness.js';

const EN = MESSAGES.en_US;
const t = useWallet();
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let keys = 0;
const request = (over: Record<string, unknown> = {}) => ({ currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD, ...over });
const withdraw = (user: TestUser, over: Record<string, unknown> = {}, key = `withdraw-key-${++keys}`) => t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, request(over), key);
const statusOf = async (id: number) => Number((await t.db.query<{ status: number }>('select status from withdrawal where id = $1', [id]))[0]!.status);
const auditOf = (id: number, outcome: 'done' | 'refused' = 'done') =>
  t.db.query<{ kind: string; before: unknown; after: unknown }>(`select kind, before, after from operator_audit_log where object_type = 'withdrawal' and object_id = $1 and outcome = $2 order by id`, [String(id), outcome]);
/** The refused attempts on a withdrawal: kind and message key. */
const refusedOf = async (id: number) =>
  (await t.db.query<{ kind: string; detail: string }>(`select kind, detail from operator_audit_log where object_type = 'withdrawal' and object_id = $1 and outcome = 'refused' order by id`, [String(id)])).map((r) => [r.kind, r.detail]);

describe('withdrawal quota: what the form needs before the funds password (issue 50 M16, C8)', () => {
  it('says whether allowlist mode and 2FA are on, so the form can say it at the address and ask the code as needed', async () => {
    const user = await t.newUser();
    const quota = async () => expectOk(await t.call<WithdrawQuota>(user, WALLET_PATHS.withdrawQuota, { currency: 'USDT' }));
    expect(await quota()).toMatchObject({ allowlist: false, two_factor: false });
    await t.db.query('update app_user set withdrawal_allowlist = true where id = $1', [user.id]);
    await enrolWithSecret(t.db, user.id, 'JBSWY3DPEHPK3PXP');
    expect(await quota()).toMatchObject({ allowlist: true, two_factor: true });
  });
});

describe('withdrawal refusals', () => {
  it('refuses draw_turn 0, unknown networks, small or malformed quantities, bad addresses and a wrong funds password, changing nothing', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '50');
    await t.fund(user, 'TRX', '500');
    expectRefusal(await withdraw(user, { currency: 'TRX', quantity: '100' }), 400, 'Withdrawals of TRX on TRC20 are suspended');
    expectRefusal(await withdraw(user, { network: 'BEP20' }), 400, 'USDT is not available on the BEP20 network');
    expectRefusal(await withdraw(user, { currency: 'NOPE' }), 400, 'Unknown currency NOPE');
    expectRefusal(await withdraw(user, { quantity: '9.99' }), 400, 'The minimum withdrawal is 10 USDT');
    expectRefusal(await t.call(user, WALLET_PATHS.withdraw, request({ quantity: '9' }), 'k-lang-1'), 400, 'The minimum withdrawal is 10 USDT');
    for (const quantity of ['0', '-20', '20.123456789', '2e1', ' 20']) expectRefusal(await withdraw(user, { quantity }), 400, EN.walletQuantityInvalid);
    for (const address of ['short', 'T' + 'x'.repeat(128), 'TQn9Y2khEsLJW1 ChVWFMSMe', 'TQn9Y2khEs-LJW1ChVWFMSMe']) {
      expectRefusal(await withdraw(user, { address }), 400, EN.walletAddressInvalid);
    }
    expectRefusal(await withdraw(user, { funds_password: 'wrong-one-1' }), 400, EN.walletFundsPasswordWrong.replace('{attempts}', '4'));
    expectRefusal(await withdraw(user, { funds_password: '' }), 400);
    expectRefusal(await withdraw(user, { quantity: '60' }), 400, EN.walletInsufficientBalance);
    expectRefusal(await withdraw(user, { quantity: '49.5' }), 400, EN.walletInsufficientBalance); // 49.5 + fee 1 > 50
    expect(await t.balance(user, 'USDT')).toEqual({ available: '50', frozen: '0' });
    expect(await t.db.query('select 1 from withdrawal where user_id = $1', [user.id])).toEqual([]);
  });

  it('checks the funds password at the security step, counted towards the same lock as the submission (issue 37 §11)', async () => {
    const user = await t.newUser();
    expectOk(await t.call(user, WALLET_PATHS.checkFundsPassword, { funds_password: FUNDS_PASSWORD }));
    expectRefusal(await t.call(user, WALLET_PATHS.checkFundsPassword, { funds_password: 'wrong-one-1' }), 400, EN.walletFundsPasswordWrong.replace('{attempts}', '4'));
    await t.fund(user, 'USDT', '50');
    // The submission's check continues the count the security step started.
    expectRefusal(await withdraw(user, { funds_password: 'wrong-one-2' }), 400, EN.walletFundsPasswordWrong.replace('{attempts}', '3'));
    expectOk(await t.call(user, WALLET_PATHS.checkFundsPassword, { funds_password: FUNDS_PASSWORD }));
  });

  it('refuses an address that is not of the chosen network (issue 37 §11)', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '50');
    expectRefusal(await withdraw(user, { address: '0x52908400098527886E0F7030069857D2E4169EE7' }), 400, EN.walletAddressInvalid);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '50', frozen: '0' });
  });

  it('holds the 24-hour limit from KYC status: 100 USDT unverified, 10000 verified, counting what was not cancelled', async () => {
    const plain = await t.newUser();
    const verified = await t.newUser({ verified: true });
    await t.fund(plain, 'USDT', '500');
    await t.fund(verified, 'USDT', '500');
    expectRefusal(await withdraw(plain, { quantity: '150' }), 400, 'This exceeds your 24-hour withdrawal limit of 100 USDT; 100 USDT left');
    expectOk(await withdraw(verified, { quantity: '150' }));

    const first = expectOk(await withdraw(plain, { quantity: '60' }));
    expect(expectOk(await t.call<WithdrawQuota>(plain, WALLET_PATHS.withdrawQuota, { currency: 'USDT' }))).toEqual({
      currency: 'USDT',
      limit_usdt: '100',
      used_usdt: '60',
      remaining: '40',
      available: '439',
      verified: false,
      allowlist: false,
      two_factor: false,
      places: 8,
      withdrawals_locked_until: 0,
      priced: true,
    });
    expectRefusal(await withdraw(plain, { quantity: '41' }), 400, 'This exceeds your 24-hour withdrawal limit of 100 USDT; 40 USDT left');
    // A cancelled withdrawal gives its share of the limit back.
    expectOk(await t.call(plain, WALLET_PATHS.cancelWithdrawal, { id: first.id }));
    expectOk(await withdraw(plain, { quantity: '100' }));
    expectRefusal(await withdraw(plain, { quantity: '10' }), 400, /24-hour/);
    // In BTC the remainder is the USDT left at the BTC price, cut to 8 decimals.
    const quota = expectOk(await t.call<WithdrawQuota>(verified, WALLET_PATHS.withdrawQuota, { currency: 'BTC' }));
    expect(quota).toMatchObject({ limit_usdt: '10000', used_usdt: '150', verified: true, available: '0' });
    expect(quota.remaining).toBe('0.10233713'); // 9850 / 96250.5, cut: 0.10233713 × 96250.5 ≤ 9850 < 0.10233714 × 96250.5
    // A day later the window has moved on.
    t.advance(86_400_001);
    expectOk(await withdraw(plain, { quantity: '10' }));

    expectRefusal(await t.call(verified, WALLET_PATHS.withdrawQuota, { currency: 'NOPE' }), 400, 'Unknown currency NOPE');
  });

  it('writes its minimum and its limit in the reader\u2019s number style, as the form writes amounts', async () => {
    const verified = await t.newUser({ verified: true });
    await t.fund(verified, 'USDT', '20000');
    const german = (over: Record<string, unknown>) => t.post(verified, WALLET_PATHS.withdraw, request(over), { 'idempotency-key': `withdraw-key-${++keys}`, lang: 'de_DE' });
    expectRefusal(await withdraw(verified, { quantity: '10001' }), 400, 'This exceeds your 24-hour withdrawal limit of 10,000 USDT; 10,000 USDT left');
    expectRefusal(await german({ quantity: '10001' }), 400, /Auszahlungslimit von 10\.000 USDT.*10\.000 USDT/);
    await t.db.query(`update currency_network set withdraw_min = 1000.5 where currency = 'USDT' and network = 'TRC20'`);
    try {
      expectRefusal(await withdraw(verified, { quantity: '1000' }), 400, 'The minimum withdrawal is 1,000.5 USDT');
      expectRefusal(await german({ quantity: '1000' }), 400, MESSAGES.de_DE.walletWithdrawBelowMinimum.replace('{min}', '1.000,5').replace('{currency}', 'USDT'));
    } finally {
      await t.db.query(`update currency_network set withdraw_min = 10 where currency = 'USDT' and network = 'TRC20'`);
    }
  });
});

describe('withdrawal lifecycle', () => {
  it('pushes every status change to the owner, so the list on screen follows the operator and the chain (issue 37 §4)', async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '500');
    const statuses = () =>
      t.feed.messages.flatMap(({ userId, message }) => (userId === user.id && message.kind === 'wallet' && message.record === 'withdrawal' ? [message.status] : []));
    const notices = () => t.feed.messages.filter(({ userId, message }) => userId === user.id && message.kind === 'notice').length;
    const first = expectOk(await withdraw(user, { quantity: '20' }));
    const noticesBefore = notices();
    const approved = expectOk(await t.call<WithdrawalRecord>(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: first.id, totp_code: t.deskCode() }));
    expect(statuses()).toEqual([WithdrawalStatus.pendingConfirmation]);
    await t.wallet.chainEvents.confirmed('withdrawal', approved.tx_hash!, 99);
    expect(statuses()).toEqual([WithdrawalStatus.pendingConfirmation, WithdrawalStatus.completed]);
    const second = expectOk(await withdraw(user, { quantity: '20' }));
    expectOk(await t.call(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: second.id, reason: 'risk' }));
    const third = expectOk(await withdraw(user, { quantity: '20' }));
    expectOk(await t.call(user, WALLET_PATHS.cancelWithdrawal, { id: third.id }));
    expect(statuses()).toEqual([WithdrawalStatus.pendingConfirmation, WithdrawalStatus.completed, WithdrawalStatus.failed, WithdrawalStatus.cancelled]);
    // Completed and failed wrote a notification: the bell hears of each at once.
    expect(notices() - noticesBefore).toBe(2);
  });

  it('not disbursed → approved and broadcast → completed after its confirmations; fee to the platform fee account', async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '1000');
    const fees = await systemAccountId(t.db, 'fees');
    const feesBefore = (await readBalance(t.db, fees, 'USDT')).available;
    const sent = await withdraw(user, { quantity: '200' });
    expect(sent.body.msg).toBe(EN.walletWithdrawSucceeded);
    const w = expectOk(sent);
    expect(w).toMatchObject({ currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '200', fee: '1', tx_hash: null, status: WithdrawalStatus.notDisbursed, reason: null });
    expect(await t.balance(user, 'USDT')).toEqual({ available: '799', frozen: '201' });

    const queue = expectOk(await t.call<Page<WithdrawalRecord & { account: string; user_id: number }>>(t.operator, WALLET_PATHS.operatorWithdrawals, { status: 1, page: 1 }));
    expect(queue.list.find((r) => r.id === w.id)).toMatchObject({ user_id: user.id, account: expect.stringContaining('@example.org'), status: 1 });

    const approved = expectOk(await t.call<WithdrawalRecord>(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: w.id, totp_code: t.deskCode() }));
    expect(approved).toMatchObject({ status: WithdrawalStatus.pendingConfirmation, tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expectRefusal(await t.call(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: w.id, totp_code: t.deskCode() }), 400, EN.walletWithdrawalNotWaiting);
    expectRefusal(await t.call(user, WALLET_PATHS.cancelWithdrawal, { id: w.id }), 400, EN.walletWithdrawalNotCancellable);
    expectRefusal(await t.call(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: w.id, reason: 'late' }), 400, EN.walletWithdrawalNotWaiting);
    // Issue 51 §2: the approval is in the operator audit log, once; the refused repeats change nothing, each a refused row of its own.
    expect(await auditOf(w.id)).toEqual([{ kind: 'withdrawal.approve', before: { status: 1 }, after: expect.objectContaining({ status: 2, tx_hash: approved.tx_hash }) }]);
    expect(await refusedOf(w.id)).toEqual([
      ['withdrawal.approve', 'walletWithdrawalNotWaiting'],
      ['withdrawal.fail', 'walletWithdrawalNotWaiting'],
    ]);

    await t.chain.tick();
    await t.chain.tick();
    expect(await statusOf(w.id)).toBe(WithdrawalStatus.pendingConfirmation);
    await t.chain.tick();
    expect(await statusOf(w.id)).toBe(WithdrawalStatus.completed);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '799', frozen: '0' });
    expect((await readBalance(t.db, fees, 'USDT')).available).toBe(String(Number(feesBefore) + 1));
    // A late confirmation report changes nothing.
    await t.wallet.chainEvents.confirmed('withdrawal', approved.tx_hash!, 10);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '799', frozen: '0' });

    const kinds = await t.db.query<{ user_id: string; kind: string; frozen_change: string; available_change: string }>(
      `select user_id, kind, trim_scale(available_change)::text as available_change, trim_scale(frozen_change)::text as frozen_change
       from ledger_entry where ref_type = 'withdrawal' and ref_id = $1 order by id`,
      [w.id],
    );
    expect(kinds.map((k) => [Number(k.user_id), k.kind, k.available_change, k.frozen_change])).toEqual([
      [user.id, 'withdraw_freeze', '-201', '201'],
      [user.id, 'withdraw_out', '0', '-200'],
      [user.id, 'withdraw_fee', '0', '-1'],
      [fees, 'withdraw_fee', '1', '0'],
    ]);
    const mine = expectOk(await t.call<Page<WithdrawalRecord>>(user, WALLET_PATHS.withdrawals, { days: 7, page: 1 }));
    expect(mine.list.map((r) => [r.id, r.status])).toEqual([[w.id, WithdrawalStatus.completed]]);
    await expectLedgerConsistent(t.db);
    await expectTotalsMatchChain(t.db);
  });

  it('operator fail needs a reason and gives the funds back; user cancel only for own, not-yet-processed withdrawals', async () => {
    const user = await t.newUser({ verified: true });
    const other = await t.newUser();
    await t.fund(user, 'USDT', '100');
    const a = expectOk(await withdraw(user, { quantity: '30' }));
    const b = expectOk(await withdraw(user, { quantity: '40' }));
    expect(await t.balance(user, 'USDT')).toEqual({ available: '28', frozen: '72' });

    expectRefusal(await t.call(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: a.id, reason: '   ' }), 400, EN.walletFailReasonRequired);
    expectRefusal(await t.call(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: a.id }), 400);
    const failed = await t.call<WithdrawalRecord>(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: a.id, reason: 'Address on a sanctions list' });
    expect(failed.body.msg).toBe(EN.walletWithdrawFailed);
    expect(expectOk(failed)).toMatchObject({ status: WithdrawalStatus.failed, reason: 'Address on a sanctions list' });
    expect(await t.balance(user, 'USDT')).toEqual({ available: '59', frozen: '41' });
    expect(await auditOf(a.id)).toEqual([{ kind: 'withdrawal.fail', before: { status: 1 }, after: { status: WithdrawalStatus.failed, reason: 'Address on a sanctions list' } }]);
    // The blank reason was refused before anything moved, and is in the log as an attempt (the missing one never passed the schema).
    expect(await refusedOf(a.id)).toEqual([['withdrawal.fail', 'walletFailReasonRequired']]);

    expectRefusal(await t.call(other, WALLET_PATHS.cancelWithdrawal, { id: b.id }), 400, EN.walletWithdrawalNotCancellable);
    expectRefusal(await t.call(user, WALLET_PATHS.cancelWithdrawal, { id: a.id }), 400, EN.walletWithdrawalNotCancellable);
    // Cancelled twice at once: applied once.
    const answers = await Promise.all([t.call(user, WALLET_PATHS.cancelWithdrawal, { id: b.id }), t.call(user, WALLET_PATHS.cancelWithdrawal, { id: b.id })]);
    expect(answers.map((x) => x.body.code).sort()).toEqual([200, 400]);
    expect(await statusOf(b.id)).toBe(WithdrawalStatus.cancelled);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '100', frozen: '0' });
    const kinds = await t.db.query<{ kind: string }>(`select kind from ledger_entry where user_id = $1 and kind like 'withdraw%' order by id`, [user.id]);
    expect(kinds.map((k) => k.kind)).toEqual(['withdraw_freeze', 'withdraw_freeze', 'withdraw_unfreeze', 'withdraw_unfreeze']);
    // The user's own cancel is no operator action.
    expect(await auditOf(b.id)).toEqual([]);
    await expectLedgerConsistent(t.db);
  });
});

describe('withdrawals under repetition and concurrency', () => {
  it('one Idempotency-Key is one withdrawal, however often and however concurrently it is sent', async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '100');
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(user, { quantity: '10' }, 'same-key-123')));
    const ids = new Set(answers.map((a) => expectOk(a).id));
    expect(ids.size).toBe(1);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '89', frozen: '11' });
    expectOk(await withdraw(user, { quantity: '10' }, 'same-key-123'));
    expect(await t.db.query('select id from withdrawal where user_id = $1', [user.id])).toHaveLength(1);
  });

  it('8 at once that together pass the 24-hour limit: exactly the ones that fit go through (the user lock serialises them)', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '1000');
    // Unverified: 100 USDT in 24 hours; each is worth 30.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => withdraw(user, { quantity: '30' }, `limit-burst-${i}-${user.id}`)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, 'This exceeds your 24-hour withdrawal limit of 100 USDT; 10 USDT left');
    const [row] = await t.db.query<{ used: string }>('select trim_scale(sum(value_usdt))::text as used from withdrawal where user_id = $1', [user.id]);
    expect(row!.used).toBe('90');
    await expectLedgerConsistent(t.db);
  });

  it('20 at once that together overdraw: exactly the affordable ones go through, nothing goes negative', async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '100');
    // Each takes 10 + fee 1; 100 affords 9.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(user, { quantity: '10' }, `burst-key-${i}-${user.id}`)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, EN.walletInsufficientBalance);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '1', frozen: '99' });
    await expectLedgerConsistent(t.db);
  });
});
