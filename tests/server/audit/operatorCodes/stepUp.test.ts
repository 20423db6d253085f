import { describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, type OperatorSessionView } from '../../../../domain/operators.js';
import { STEP_UP_MS, stepUpUntil } from '../../../../server/kernel/platform/auth/operators/stepUp.js';
import { hashToken, openSession } from '../../../../server/kernel/platform/auth/sessions.js';
import { kycReviewBed } from './kycReviewBed.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { adminCode, deskOperator } from '../../support/operators.js';

/**
 * The step-up window (docs/OPERATOR.md "The step-up window"): after a right code, the session it
 * came with may work through the approval queues (here: identity reviews) without a new code for
 * STEP_UP_MS, each such action's audit row saying until when; what gives or takes access still asks
 * a fresh code; after the window, in another session of the same operator, or after a role change,
 * a missing code is refused as ever; a wrong code within the window is refused and counted.
 */
const { t, code, submitted } = kycReviewBed('step-up@openex.test', 'step-up');
const EN = MESSAGES.en_US;
const approve = async (who: Record<string, string>, c?: string) => t.post(who, '/api/operator/kyc/approve', { id: (await submitted()).id, ...(c === undefined ? {} : { code: c }) });
const lastAudit = async (kind: string) =>
  (await t.db.query<{ outcome: string; detail: string; after: Record<string, unknown> | null }>('select outcome, detail, after from operator_audit_log where kind = $1 order by id desc limit 1', [kind]))[0];
const wrongCodes = async (account: string) =>
  Number((await t.db.query<{ n: number }>('select t.wrong_codes as n from user_two_factor t join app_user u on u.id = t.user_id where u.account = $1', [account]))[0]?.n ?? 0);
const myStepUp = async (who: Record<string, string>) =>
  expectOk(await t.post<OperatorSessionView[]>(who, OPERATOR_PATHS.mySessions, {})).find((s) => s.current)?.step_up_until ?? null;

describe('the step-up window after an operator code', () => {
  it('lets the same session approve without a code within the window, audited with its end; a missing code is refused after it', async () => {
    // Past any window an earlier test opened.
    t.advance(STEP_UP_MS);
    expectRefusal(await approve(t.operator), 400, EN.twoFactorRequired);
    expectOk(await approve(t.operator, code()));
    const until = t.now() + STEP_UP_MS;
    expect(await lastAudit('kyc.approve')).toMatchObject({ outcome: 'done', after: expect.not.objectContaining({ step_up_until: expect.anything() }) });

    t.advance(STEP_UP_MS - 1000);
    expectOk(await approve(t.operator));
    expect(await lastAudit('kyc.approve')).toMatchObject({ outcome: 'done', after: { status: 3, step_up_until: until } });
    // The window does not slide: using it leaves its end where the code put it.
    t.advance(1000);
    expectRefusal(await approve(t.operator), 400, EN.twoFactorRequired);
    expect(await lastAudit('kyc.approve')).toMatchObject({ outcome: 'refused', detail: 'twoFactorRequired' });
  });

  it('answers the window on the session list (the current session), null once it is over', async () => {
    t.advance(STEP_UP_MS);
    expectOk(await approve(t.operator, code()));
    const until = await myStepUp(t.operator);
    expect(until).toEqual(expect.any(Number));
    expect(until!).toBeGreaterThan(Date.now());
  });

  it('still asks a fresh code for an access change within the window', async () => {
    const target = await deskOperator(t.app, t.operator, ['support']);
    expectOk(await approve(t.operator, code()));
    expectOk(await approve(t.operator));
    expectRefusal(await t.post(t.operator, OPERATOR_PATHS.disable, { id: target.id }), 400, EN.twoFactorRequired);
    expect(await lastAudit('operator.disable')).toMatchObject({ outcome: 'refused', detail: 'twoFactorRequired' });
    expectOk(await t.post(t.operator, OPERATOR_PATHS.disable, { id: target.id, code: await adminCode(t.operator) }));
  });

  it('is the session’s alone: another session of the same operator is not stepped up', async () => {
    expectOk(await approve(t.operator, code()));
    const [me] = await t.db.query<{ id: number }>(`select id from app_user where account = 'step-up@openex.test'`);
    const other = { token: await openSession(t.db, Number(me!.id), 1) };
    expectRefusal(await approve(other), 400, EN.twoFactorRequired);
    expect(await myStepUp(other)).toBeNull();
    expectOk(await approve(t.operator));
  });

  it('refuses and counts a wrong code given within the window', async () => {
    expectOk(await approve(t.operator, code()));
    const before = await wrongCodes('step-up@openex.test');
    expectRefusal(await approve(t.operator, '000000'), 400, EN.twoFactorWrong);
    expect(await lastAudit('kyc.approve')).toMatchObject({ outcome: 'refused', detail: 'twoFactorWrong' });
    expect(await wrongCodes('step-up@openex.test')).toBe(before + 1);
  });

  it('ends with a role change and with signing out', async () => {
    const reviewer = await deskOperator(t.app, t.operator, ['compliance']);
    expectOk(await approve(reviewer.headers, await adminCode(reviewer.headers)));
    expectOk(await approve(reviewer.headers));
    expectOk(await t.post(t.operator, OPERATOR_PATHS.setRoles, { id: reviewer.id, roles: ['compliance', 'support'], code: await adminCode(t.operator) }));
    expectRefusal(await approve(reviewer.headers), 400, EN.twoFactorRequired);

    expectOk(await approve(reviewer.headers, await adminCode(reviewer.headers)));
    const [session] = await t.db.query<{ id: number }>('select id from session_token where token_hash = $1', [hashToken(reviewer.headers.token!)]);
    const actor = { id: reviewer.id, account: reviewer.account, roles: [], client: '', session: Number(session!.id) };
    expect(await stepUpUntil(t.db, actor, t.now())).toEqual(expect.any(Number));
    expect((await t.post(reviewer.headers, OPERATOR_PATHS.logout, {})).body.code).toBe(200);
    expect(await stepUpUntil(t.db, actor, t.now())).toBeUndefined();
  });
});
