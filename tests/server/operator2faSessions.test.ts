import { describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, type OperatorEnrolment, type OperatorSessionView, type OperatorSignInView } from '../../domain/operators.js';
import type { Page } from '../../domain/wallet.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from './http.js';
import { DESK_PASSWORD } from './support/operators.js';
import { useOperator2faWorld } from './support/operator2faWorld.js';

/**
 * Issue 51 §1: an operator's own sessions (list, end one, end all others) and sign-in history
 * (permission 'session': every role), and an admin's reset of ANOTHER operator's 2FA — asked with
 * the admin's own code, ending the target's sessions, never one's own — each action one audit row.
 */
const EN = MESSAGES.en_US;
const w = useOperator2faWorld();

/** Signs `op` in again (the next step's code) from `ip`: the new session's headers. */
async function again(op: { account: string; secret: string }, ip: string) {
  w.tick();
  return { token: expectOk(await w.from<{ token: string }>(ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: w.code(op.secret) })).token };
}

describe('my sessions', () => {
  it('lists my live sessions (this one marked), ends one, then all the others; each end is one audit row', async () => {
    const op = await w.enrolled(['support'], '10.42.1.1');
    const second = await again(op, '10.42.1.2');
    const third = await again(op, '10.42.1.3');
    const list = expectOk(await w.from<OperatorSessionView[]>('10.42.1.1', OPERATOR_PATHS.mySessions, {}, op.headers));
    expect(list.map((s) => s.ip).sort()).toEqual(['10.42.1.1', '10.42.1.2', '10.42.1.3']);
    expect(list.filter((s) => s.current).map((s) => s.ip)).toEqual(['10.42.1.1']);
    expect(list[0]).toMatchObject({ user_agent: 'Mozilla/5.0 Test' });

    const victim = list.find((s) => s.ip === '10.42.1.2')!;
    const ended = await w.auditRowsOf(async () => expectOk(await w.from('10.42.1.1', OPERATOR_PATHS.mySessionRevoke, { id: victim.id }, op.headers)));
    expect(ended).toEqual([expect.objectContaining({ operator_id: op.id, kind: 'operator.session_revoke', object_type: 'session', object_id: String(victim.id), outcome: 'done' })]);
    expectRefusal(await w.from('10.42.1.2', OPERATOR_PATHS.mySessions, {}, second), 403);
    expectRefusal(await w.from('10.42.1.1', OPERATOR_PATHS.mySessionRevoke, { id: victim.id }, op.headers), 400, EN.operatorSessionNotFound);

    const others = await w.auditRowsOf(async () => expect(expectOk(await w.from('10.42.1.1', OPERATOR_PATHS.myOtherSessionsRevoke, {}, op.headers))).toEqual({ ended: 1 }));
    expect(others).toEqual([expect.objectContaining({ kind: 'operator.sessions_revoke_others', after: { ended: 1 } })]);
    expectRefusal(await w.from('10.42.1.3', OPERATOR_PATHS.mySessions, {}, third), 403);
    expect(expectOk(await w.from<OperatorSessionView[]>('10.42.1.1', OPERATOR_PATHS.mySessions, {}, op.headers)).map((s) => s.current)).toEqual([true]);
  });

  it("cannot end another operator's session", async () => {
    const a = await w.enrolled(['risk'], '10.42.2.1');
    const b = await w.enrolled(['risk'], '10.42.2.2');
    const [theirs] = expectOk(await w.from<OperatorSessionView[]>('10.42.2.2', OPERATOR_PATHS.mySessions, {}, b.headers));
    const refused = await w.auditRowsOf(async () => expectRefusal(await w.from('10.42.2.1', OPERATOR_PATHS.mySessionRevoke, { id: theirs!.id }, a.headers), 400, EN.operatorSessionNotFound));
    expect(refused).toEqual([]);
    expectOk(await w.from('10.42.2.2', OPERATOR_PATHS.mySessions, {}, b.headers));
  });
});

describe('my sign-in history', () => {
  it('shows my attempts, newest first, done and refused with the reason, and nobody else’s', async () => {
    const op = await w.enrolled(['auditor'], '10.42.3.1');
    await w.from('10.42.3.2', OPERATOR_PATHS.login, { account: op.account, password: 'Not-the-password-1' });
    w.tick();
    await w.from('10.42.3.3', OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: '000000' });
    await again(op, '10.42.3.4');
    const page = expectOk(await w.from<Page<OperatorSignInView>>('10.42.3.1', OPERATOR_PATHS.mySignIns, { page: 1, size: 10 }, op.headers));
    expect(page.total).toBe(4);
    expect(page.list.map((r) => [r.kind, r.outcome, r.detail, r.client])).toEqual([
      ['operator.sign_in', 'done', '', '10.42.3.4'],
      ['operator.sign_in', 'refused', 'twoFactorWrong', '10.42.3.3'],
      ['operator.sign_in', 'refused', 'loginFailed', '10.42.3.2'],
      ['operator.two_factor_enrol', 'done', '', '10.42.3.1'],
    ]);
    expect(expectOk(await w.from<Page<OperatorSignInView>>('10.42.3.1', OPERATOR_PATHS.mySignIns, { page: 2, size: 3 }, op.headers)).list).toHaveLength(1);
    expectRefusal(await w.from('10.42.3.1', OPERATOR_PATHS.mySignIns, { page: 0 }, op.headers), 400);
  });
});

describe("an admin resets another operator's 2FA", () => {
  it('asks the admin’s own code, ends the target’s sessions, and the target enrols again', async () => {
    const admin = await w.enrolled(['admin'], '10.42.4.1');
    const target = await w.enrolled(['finance'], '10.42.4.2');
    w.tick();
    const wrong = await w.auditRowsOf(async () => expectRefusal(await w.from('10.42.4.1', OPERATOR_PATHS.resetTwoFactor, { id: target.id, code: '000000' }, admin.headers), 400, EN.twoFactorWrong));
    expect(wrong).toEqual([expect.objectContaining({ operator_id: admin.id, kind: 'operator.reset_2fa', object_id: String(target.id), outcome: 'refused', detail: 'twoFactorWrong' })]);
    expectOk(await w.from('10.42.4.2', OPERATOR_PATHS.mySessions, {}, target.headers));

    const done = await w.auditRowsOf(async () => expectOk(await w.from('10.42.4.1', OPERATOR_PATHS.resetTwoFactor, { id: target.id, code: w.code(admin.secret) }, admin.headers)));
    expect(done).toEqual([expect.objectContaining({ operator_id: admin.id, kind: 'operator.reset_2fa', outcome: 'done', before: { two_factor: true }, after: { two_factor: false, sessions_ended: true } })]);
    expectRefusal(await w.from('10.42.4.2', OPERATOR_PATHS.mySessions, {}, target.headers), 403);
    // Its old app's code opens nothing: the password answers a new enrolment.
    w.tick();
    const enrolment = expectOk(await w.from<OperatorEnrolment>('10.42.4.2', OPERATOR_PATHS.login, { account: target.account, password: DESK_PASSWORD, code: w.code(target.secret) }));
    expect(enrolment).toMatchObject({ enrol: true });
    expect(enrolment.secret).not.toBe(target.secret);
    // Nothing left to reset until it enrols.
    w.tick();
    expectRefusal(await w.from('10.42.4.1', OPERATOR_PATHS.resetTwoFactor, { id: target.id, code: w.code(admin.secret) }, admin.headers), 400, EN.operatorTwoFactorNotOn);
  });

  it("refuses one's own reset (audited), an unknown operator, and a role without operators.manage", async () => {
    const admin = await w.enrolled(['admin'], '10.42.5.1');
    w.tick();
    const own = await w.auditRowsOf(async () => expectRefusal(await w.from('10.42.5.1', OPERATOR_PATHS.resetTwoFactor, { id: admin.id, code: w.code(admin.secret) }, admin.headers), 400, EN.operatorResetYourself));
    expect(own).toEqual([expect.objectContaining({ operator_id: admin.id, kind: 'operator.reset_2fa', outcome: 'refused', detail: 'operatorResetYourself' })]);
    expectRefusal(await w.from('10.42.5.1', OPERATOR_PATHS.resetTwoFactor, { id: 99_999_999, code: w.code(admin.secret) }, admin.headers), 400, EN.operatorNotFound);

    const compliance = await w.enrolled(['compliance', 'finance', 'auditor'], '10.42.5.2');
    w.tick();
    const refused = await w.auditRowsOf(async () => {
      const answer = await w.from<{ permission: string }>('10.42.5.2', OPERATOR_PATHS.resetTwoFactor, { id: admin.id, code: w.code(compliance.secret) }, compliance.headers);
      expect(answer.body).toMatchObject({ code: 403, data: { permission: 'operators.manage' } });
    });
    expect(refused).toEqual([expect.objectContaining({ operator_id: compliance.id, outcome: 'refused' })]);
    expectOk(await w.from('10.42.5.1', OPERATOR_PATHS.mySessions, {}, admin.headers));
  });
});
