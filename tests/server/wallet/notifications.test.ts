import { describe, expect, it } from 'vitest';
import type { NotificationPage } from '../../../domain/informHelp.js';
import { WALLET_PATHS, type WithdrawalRecord } from '../../../domain/wallet.js';
import { NOTIFICATION_TEXTS } from '../../../server/kernel/platform/notifications/render.js';
import { expectOk } from '../http.js';
import { FUNDS_PASSWORD, useWallet, type TestUser } from './harness.js';

const t = useWallet();
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let keys = 0;
const withdraw = (user: TestUser, quantity: string) =>
  t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity, funds_password: FUNDS_PASSWORD }, `notify-key-${++keys}`);
const inform = async (user: TestUser, lang = 'en_US') => expectOk(await t.call<NotificationPage>({ ...user.headers, lang }, '/api/inform/list', {}));
const kinds = async (user: TestUser) => (await inform(user)).list.map((n) => n.kind);

describe('wallet notifications in the notification centre', () => {
  it('tells the user when a deposit is credited, not before, in their language', async () => {
    const user = await t.newUser();
    const address = await t.address(user, 'USDT', 'TRC20');
    expectOk(await t.call({}, WALLET_PATHS.simulateDeposit, { address, currency: 'USDT', network: 'TRC20', quantity: '250.5' }));
    await t.chain.tick();
    expect(await kinds(user)).toEqual([]);
    await t.mineAll();

    const [en] = (await inform(user)).list;
    expect(en).toMatchObject({ kind: 'deposit_credited', read: false, title: NOTIFICATION_TEXTS.en_US.deposit_credited.title });
    // The amount reads as on the wallet pages: USDT at 2 places, in the reader's number style (issue 50 M4, M6).
    expect(en!.body).toBe('250.50 USDT (TRC20) has been credited to your spot account.');
    const [de] = (await inform(user, 'de_DE')).list;
    expect(de).toMatchObject({ title: 'Einzahlung gutgeschrieben', body: '250,50 USDT (TRC20) wurden Ihrem Spot-Konto gutgeschrieben.' });
    // A repeated confirmation report credits nothing twice and tells nothing twice.
    const [row] = await t.db.query<{ tx_hash: string }>('select tx_hash from deposit where user_id = $1', [user.id]);
    await t.wallet.chainEvents.confirmed('deposit', row!.tx_hash, 99);
    expect(await kinds(user)).toEqual(['deposit_credited']);
  });

  it('tells the user when a withdrawal is submitted (issue 49 §4), completes (approve → confirmations) and fails, with the reason; not when they cancel', async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '500');
    const done = expectOk(await withdraw(user, '120'));
    const refused = expectOk(await withdraw(user, '30'));
    const cancelled = expectOk(await withdraw(user, '15'));
    const submitted = ['withdrawal_submitted', 'withdrawal_submitted', 'withdrawal_submitted', 'deposit_credited'];
    expect(await kinds(user)).toEqual(submitted);

    expectOk(await t.call(user, WALLET_PATHS.cancelWithdrawal, { id: cancelled.id }));
    expectOk(await t.call(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: done.id, totp_code: t.deskCode() }));
    expect(await kinds(user)).toEqual(submitted);
    await t.mineAll();
    expectOk(await t.call(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: refused.id, reason: 'Address on a sanctions list' }));

    const en = (await inform(user)).list;
    expect(en.map((n) => n.kind)).toEqual(['withdrawal_failed', 'withdrawal_completed', ...submitted]);
    expect(en[0]).toMatchObject({
      title: 'Withdrawal failed',
      body: 'Your withdrawal of 30.00 USDT (TRC20) was not released and the funds are back in your spot account. Reason: Address on a sanctions list',
    });
    expect(en[1]).toMatchObject({ title: 'Withdrawal completed', body: `120.00 USDT (TRC20) was sent to ${ADDRESS}.` });
    const ja = (await inform(user, 'ja_JP')).list;
    expect(ja[0]).toMatchObject({ title: '出金に失敗しました', body: '30.00 USDT（TRC20）の出金は実行されず、資金は現物アカウントに戻りました。理由：Address on a sanctions list' });
    expect(ja[1]).toMatchObject({ title: '出金が完了しました', body: `120.00 USDT（TRC20）を${ADDRESS}へ送金しました。` });
    expect((await inform(user)).unread).toBe(6);
  });
});
