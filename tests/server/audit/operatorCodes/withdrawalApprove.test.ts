import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, WithdrawalStatus, type Page, type WithdrawalRecord } from '../../../../domain/wallet.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { FUNDS_PASSWORD, useWallet } from '../../wallet/harness.js';

/**
 * A withdrawal's approval sends money off the platform, so it asks the operator's own 2FA code
 * (the house rule; docs/OPERATOR.md "What each call needs"): no code, a wrong one and a code used
 * once already are each refused, written to the audit log as refused, and leave the withdrawal,
 * the balance and the chain as they were; a fresh code approves it.
 */
const t = useWallet();
const EN = MESSAGES.en_US;
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
let keys = 0;

async function pending() {
  const user = await t.newUser({ verified: true });
  await t.fund(user, 'USDT', '500');
  const body = { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '100', funds_password: FUNDS_PASSWORD };
  const w = expectOk(await t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, body, `op-code-${++keys}`));
  return { user, w };
}

const approve = (id: number, totp_code?: string) =>
  t.call<WithdrawalRecord>(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id, ...(totp_code === undefined ? {} : { totp_code }) });
const rowOf = async (id: number) => (await t.db.query<{ status: number; tx_hash: string | null }>('select status, tx_hash from withdrawal where id = $1', [id]))[0];
const audit = async (id: number) =>
  (await t.db.query<{ outcome: string; detail: string }>(`select outcome, detail from operator_audit_log where kind = 'withdrawal.approve' and object_id = $1 order by id`, [String(id)])).map((r) => [r.outcome, r.detail]);

describe('a withdrawal approval asks the operator’s 2FA code', () => {
  it('refuses no code, a wrong one and one used already, each audited as refused and changing nothing; a fresh one approves', async () => {
    const { user, w } = await pending();
    const other = await pending();
    const before = { row: await rowOf(w.id), balance: await t.balance(user, 'USDT'), inFlight: (await t.wallet.chainEvents.inFlight()).length };

    expectRefusal(await approve(w.id), 400, EN.twoFactorRequired);
    expectRefusal(await approve(w.id, '000000'), 400, EN.twoFactorWrong);
    const used = t.deskCode();
    expectOk(await approve(other.w.id, used));
    const afterOther = (await t.wallet.chainEvents.inFlight()).length;
    expectRefusal(await approve(w.id, used), 400, EN.twoFactorWrong);

    expect({ row: await rowOf(w.id), balance: await t.balance(user, 'USDT'), inFlight: (await t.wallet.chainEvents.inFlight()).length }).toEqual({ ...before, inFlight: afterOther });
    expect(before.row).toEqual({ status: WithdrawalStatus.notDisbursed, tx_hash: null });
    expect(await audit(w.id)).toEqual([
      ['refused', 'twoFactorRequired'],
      ['refused', 'twoFactorWrong'],
      ['refused', 'twoFactorWrong'],
    ]);

    const approved = expectOk(await approve(w.id, t.deskCode()));
    expect(approved.status).toBe(WithdrawalStatus.pendingConfirmation);
    expect((await audit(w.id)).at(-1)).toEqual(['done', '']);
  });
});

/**
 * A refusal that comes after the code — the owner frozen since the request, the withdrawal no longer
 * waiting — used to roll back with the approval's transaction and leave no row: the log showed an
 * approval attempt only when the code was wrong. Every attempt is one row (docs/OPERATOR.md "The
 * audit log"), and the done row names the owner and the network it was sent on.
 */
describe('every refused approval or failure is in the audit log', () => {
  it('writes a refused row for a frozen owner and for a withdrawal no longer waiting, and the done row names the user and network', async () => {
    const { user, w } = await pending();
    const queued = async () => expectOk(await t.call<Page<{ id: number; owner_frozen: string | null; owner_locked_until: number }>>(t.operator, WALLET_PATHS.operatorWithdrawals, { status: 1, page: 1 })).list.find((r) => r.id === w.id);
    expect(await queued()).toMatchObject({ owner_frozen: null, owner_locked_until: 0 });
    await t.db.query(`update app_user set frozen_at = now(), frozen_reason = 'audit' where id = $1`, [user.id]);
    // The queue says why before the approver types a code: the owner is frozen, and for what.
    expect(await queued()).toMatchObject({ owner_frozen: 'audit' });
    expectRefusal(await approve(w.id, t.deskCode()), 400);
    expect(await rowOf(w.id)).toEqual({ status: WithdrawalStatus.notDisbursed, tx_hash: null });
    await t.db.query(`update app_user set frozen_at = null, frozen_reason = '', withdrawals_locked_until_ms = 9000000000000 where id = $1`, [user.id]);
    // A security change's lock, with its end.
    expect(await queued()).toMatchObject({ owner_frozen: null, owner_locked_until: 9_000_000_000_000 });
    await t.db.query(`update app_user set withdrawals_locked_until_ms = 0 where id = $1`, [user.id]);
    const approved = expectOk(await approve(w.id, t.deskCode()));
    expectRefusal(await approve(w.id, t.deskCode()), 400, EN.walletWithdrawalNotWaiting);
    expectRefusal(await t.call(t.operator, WALLET_PATHS.operatorFailWithdrawal, { id: w.id, reason: 'too late' }), 400, EN.walletWithdrawalNotWaiting);
    const rows = await t.db.query<{ kind: string; outcome: string; detail: string; after: Record<string, unknown> | null }>(
      `select kind, outcome, detail, after from operator_audit_log where object_type = 'withdrawal' and object_id = $1 order by id`,
      [String(w.id)],
    );
    expect(rows.map((r) => [r.kind, r.outcome, r.detail])).toEqual([
      ['withdrawal.approve', 'refused', 'accountFrozen'],
      ['withdrawal.approve', 'done', ''],
      ['withdrawal.approve', 'refused', 'walletWithdrawalNotWaiting'],
      ['withdrawal.fail', 'refused', 'walletWithdrawalNotWaiting'],
    ]);
    expect(rows[1]!.after).toMatchObject({ user_id: user.id, network: 'TRC20', address: ADDRESS, tx_hash: approved.tx_hash });
  });
});
