import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, WithdrawalStatus, type WithdrawalRecord } from '../../../../domain/wallet.js';
import { formatUtc, lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../../../server/kernel/platform/auth/withdrawalLock.js';
import { translate } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { FUNDS_PASSWORD, useWallet } from '../../wallet/harness.js';

/**
 * The withdrawal lock after a security change (kernel/platform/auth/withdrawalLock.ts) refused new
 * withdrawals, but one submitted just before the change stayed in the operator's queue and was sent
 * on approval: whoever submitted it with a stolen session and funds password was paid although the
 * owner had since reset the password (which starts the lock) on seeing the "withdrawal submitted"
 * notice. The approval is where the crypto leaves; it is now held while the owner's lock holds,
 * changing nothing, and goes through once the lock has ended (or the operator marks it failed).
 */
const t = useWallet();
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let keys = 0;

async function pending() {
  const user = await t.newUser({ verified: true });
  await t.fund(user, 'USDT', '500');
  const body = { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '100', funds_password: FUNDS_PASSWORD };
  const w = expectOk(await t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, body, `guards-lock-${++keys}`));
  return { user, w };
}

const rowOf = async (id: number) => (await t.db.query<{ status: number; tx_hash: string | null }>('select status, tx_hash from withdrawal where id = $1', [id]))[0];
/** The withdrawal's done rows: a refused attempt is a row of its own (outcome refused) and changes nothing. */
const auditRows = async (id: number) =>
  Number((await t.db.query<{ n: number }>(`select count(*)::int as n from operator_audit_log where object_type = 'withdrawal' and object_id = $1 and outcome = 'done'`, [String(id)]))[0]!.n);
const refusedRows = async (id: number) =>
  (await t.db.query<{ detail: string }>(`select detail from operator_audit_log where object_type = 'withdrawal' and object_id = $1 and outcome = 'refused' order by id`, [String(id)])).map((r) => r.detail);

describe('a withdrawal waiting for review when the owner changes their security', () => {
  it('is not sent while the lock holds: the approval is refused, saying until when, and changes nothing', async () => {
    const { user, w } = await pending();
    // What a password reset, an email change or 2FA off writes in its transaction.
    const until = t.now() + WITHDRAWAL_LOCK_MS;
    await lockWithdrawals(t.db, user.id, until, 'login_password');
    const before = { row: await rowOf(w.id), balance: await t.balance(user, 'USDT'), audit: await auditRows(w.id) };
    const refused = await t.call(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: w.id, totp_code: t.deskCode() });
    expectRefusal(refused, 400, translate('en_US', 'walletWithdrawalOwnerLocked', { until: formatUtc(until) }));
    expect({ row: await rowOf(w.id), balance: await t.balance(user, 'USDT'), audit: await auditRows(w.id) }).toEqual(before);
    expect(before.row).toEqual({ status: WithdrawalStatus.notDisbursed, tx_hash: null });
    expect(await refusedRows(w.id)).toEqual(['walletWithdrawalOwnerLocked']);

    // The operator may still refuse it (the funds go back), or approve it once the lock has ended.
    t.set(until + 1);
    const approved = expectOk(await t.call<WithdrawalRecord>(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: w.id, totp_code: t.deskCode() }));
    expect(approved.status).toBe(WithdrawalStatus.pendingConfirmation);
  });

  it('can still be marked failed during the lock, its funds given back', async () => {
    const { user, w } = await pending();
    await lockWithdrawals(t.db, user.id, t.now() + WITHDRAWAL_LOCK_MS, 'email');
    expectOk(await t.call(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: w.id, reason: 'security change' }));
    expect(await t.balance(user, 'USDT')).toEqual({ available: '500', frozen: '0' });
  });
});
