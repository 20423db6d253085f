import { describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, type OperatorEnrolment, type OperatorSecondStep } from '../../domain/operators.js';
import { SECOND_STEP_BUDGET } from '../../server/kernel/platform/auth/twoFactor.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { ensureOperator } from '../../server/products/operator/operators.js';
import { expectOk, expectRefusal } from './http.js';
import { DESK_INITIAL_PASSWORD, DESK_PASSWORD } from './support/operators.js';
import { CHIEF, useOperator2faWorld } from './support/operator2faWorld.js';

/**
 * Issue 51 §1: 2FA is mandatory for every operator. A new operator's right password earns the
 * enrolment, not a session; its first right code turns 2FA on, gives the recovery codes once and
 * opens the session. After that every sign-in takes the password and a code (in the same call, or
 * in the second step), under the users' rules: a code once, the per-account budget, the backoff.
 * Each attempt is one audit row. OPERATOR_TOTP_SECRET pre-enrols the environment's operator.
 */
const EN = MESSAGES.en_US;
const w = useOperator2faWorld();

const sessionsOf = async (id: number) => Number((await w.db.query<{ n: number }>('select count(*)::int as n from session_token where user_id = $1 and revoked_at is null', [id]))[0]!.n);

describe('the first sign-in enrols', () => {
  it('answers the enrolment (secret, otpauth URI, ticket) instead of a session, then the first right code opens it', async () => {
    const op = await w.newOperator(['support']);
    expect(op.enrolment).toMatchObject({ enrol: true, account: op.account, issuer: 'OpenEx operator' });
    expect(op.enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(op.enrolment.uri).toContain(`secret=${op.enrolment.secret}`);
    expect(await sessionsOf(op.id)).toBe(0);

    // A wrong code: refused, audited, the ticket stays.
    w.tick();
    const wrong = await w.auditRowsOf(async () => expectRefusal(await w.from(op.ip, OPERATOR_PATHS.loginEnrol, { ticket: op.enrolment.ticket, code: '000000', new_password: DESK_PASSWORD }), 400, EN.twoFactorWrong));
    expect(wrong).toEqual([expect.objectContaining({ operator_id: op.id, kind: 'operator.two_factor_enrol', outcome: 'refused', detail: 'twoFactorWrong' })]);
    // Another address cannot use the ticket.
    expectRefusal(await w.from('10.41.9.9', OPERATOR_PATHS.loginEnrol, { ticket: op.enrolment.ticket, code: w.code(op.enrolment.secret), new_password: DESK_PASSWORD }), 400, EN.operatorTicketExpired);

    let grant: { token: string; recovery_codes: string[]; operator: { id: number; roles: string[] } } | undefined;
    const done = await w.auditRowsOf(async () => {
      grant = expectOk(await w.from(op.ip, OPERATOR_PATHS.loginEnrol, { ticket: op.enrolment.ticket, code: w.code(op.enrolment.secret), new_password: DESK_PASSWORD }));
    });
    expect(grant!.operator).toMatchObject({ id: op.id, roles: ['support'] });
    expect(grant!.recovery_codes).toHaveLength(10);
    expect(done).toEqual([expect.objectContaining({ operator_id: op.id, kind: 'operator.two_factor_enrol', outcome: 'done', client: op.ip })]);
    expect(await sessionsOf(op.id)).toBe(1);
    expectOk(await w.from(op.ip, OPERATOR_PATHS.mySessions, {}, { token: grant!.token }));
    // The ticket is used up, and the password alone now asks for the code.
    w.tick();
    expectRefusal(await w.from(op.ip, OPERATOR_PATHS.loginEnrol, { ticket: op.enrolment.ticket, code: w.code(op.enrolment.secret), new_password: DESK_PASSWORD }), 400, EN.operatorTicketExpired);
    expect(expectOk(await w.from<OperatorSecondStep>(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD }))).toMatchObject({ second_factor: true });
  });

  it('a new password step replaces the secret: an app set up from the old one is refused', async () => {
    const op = await w.newOperator(['risk'], '10.41.2.1');
    const again = expectOk(await w.from<OperatorEnrolment>(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_INITIAL_PASSWORD }));
    expect(again.secret).not.toBe(op.enrolment.secret);
    w.tick();
    expectRefusal(await w.from(op.ip, OPERATOR_PATHS.loginEnrol, { ticket: op.enrolment.ticket, code: w.code(op.enrolment.secret), new_password: DESK_PASSWORD }), 400, EN.operatorTicketExpired);
    expectRefusal(await w.from(op.ip, OPERATOR_PATHS.loginEnrol, { ticket: again.ticket, code: w.code(op.enrolment.secret), new_password: DESK_PASSWORD }), 400, EN.twoFactorWrong);
    expectOk(await w.from(op.ip, OPERATOR_PATHS.loginEnrol, { ticket: again.ticket, code: w.code(again.secret), new_password: DESK_PASSWORD }));
  });
});

describe('every sign-in takes a code', () => {
  it('in the second step or with the password; a code is good once; another address cannot take the challenge', async () => {
    const op = await w.enrolled(['finance'], '10.41.3.1');
    w.tick();
    const step = expectOk(await w.from<OperatorSecondStep>(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD }));
    expect(step).toMatchObject({ second_factor: true });
    expect(step).not.toHaveProperty('token');
    expectRefusal(await w.from('10.41.3.2', OPERATOR_PATHS.loginSecondStep, { challenge: step.challenge, code: w.code(op.secret) }), 400, EN.operatorTicketExpired);
    const wrong = await w.auditRowsOf(async () => expectRefusal(await w.from(op.ip, OPERATOR_PATHS.loginSecondStep, { challenge: step.challenge, code: '123456' }), 400, EN.twoFactorWrong));
    expect(wrong).toEqual([expect.objectContaining({ operator_id: op.id, kind: 'operator.sign_in', outcome: 'refused', detail: 'twoFactorWrong' })]);
    const code = w.code(op.secret);
    const done = await w.auditRowsOf(async () => expect(expectOk(await w.from<{ token: string }>(op.ip, OPERATOR_PATHS.loginSecondStep, { challenge: step.challenge, code })).token).toBeTruthy());
    expect(done).toEqual([expect.objectContaining({ operator_id: op.id, kind: 'operator.sign_in', outcome: 'done' })]);
    // The same code again, with the password this time: a replay, refused and audited.
    const replay = await w.auditRowsOf(async () => expectRefusal(await w.from(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code }), 400, EN.twoFactorWrong));
    expect(replay).toEqual([expect.objectContaining({ kind: 'operator.sign_in', outcome: 'refused', detail: 'twoFactorWrong' })]);
    // The next step's code with the password: one call, a session.
    w.tick();
    expect(expectOk(await w.from<{ token: string }>(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: w.code(op.secret) })).token).toBeTruthy();
    // A recovery code works once.
    const recovery = op.recovery[0]!;
    expectOk(await w.from(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: recovery }));
    expectRefusal(await w.from(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: recovery }), 400, EN.twoFactorWrong);
  });

  it('a wrong password never reaches the code, and a malformed code is refused by the schema, unaudited', async () => {
    const op = await w.enrolled(['risk'], '10.41.4.1');
    w.tick();
    expectRefusal(await w.from(op.ip, OPERATOR_PATHS.login, { account: op.account, password: 'Not-the-password-1', code: w.code(op.secret) }), 400, EN.loginFailed);
    expect(await w.auditRowsOf(async () => expectRefusal(await w.from(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: 'abc' }), 400))).toEqual([]);
    expect(await w.auditRowsOf(async () => expectRefusal(await w.from(op.ip, OPERATOR_PATHS.loginSecondStep, { challenge: 'x', code: '12345' }), 400))).toEqual([]);
  });

  it('wrong codes spend the per-client backoff, then the account budget locks every check', async () => {
    const op = await w.enrolled(['auditor'], '10.41.5.1');
    // Five wrong codes from one client lock that client out (as wrong passwords do).
    for (let i = 1; i < 5; i++) expectRefusal(await w.from(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: '000000' }), 400, EN.twoFactorWrong);
    expectRefusal(await w.from(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: '000000' }), 400, /15/);
    // More from other clients: past the budget, the account's checks lock, the right code included.
    for (let i = 5; i < SECOND_STEP_BUDGET; i++) await w.from(`10.41.5.${i + 10}`, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: '000000' });
    w.tick();
    expectRefusal(await w.from('10.41.5.99', OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD, code: w.code(op.secret) }), 400, EN.twoFactorLocked);
  });

  it('a disabled operator is refused at the second step too', async () => {
    const op = await w.enrolled(['support'], '10.41.6.1');
    w.tick();
    const step = expectOk(await w.from<OperatorSecondStep>(op.ip, OPERATOR_PATHS.login, { account: op.account, password: DESK_PASSWORD }));
    const chief = await w.chief();
    expectOk(await w.from('10.41.0.1', OPERATOR_PATHS.disable, { id: op.id, code: w.chiefCode() }, chief));
    expectRefusal(await w.from(op.ip, OPERATOR_PATHS.loginSecondStep, { challenge: step.challenge, code: w.code(op.secret) }), 400, EN.operatorDisabled);
  });
});

describe('OPERATOR_TOTP_SECRET', () => {
  it('pre-enrols the environment operator: the password asks for the code, no enrolment; a restart keeps the used step', async () => {
    w.tick();
    expect(expectOk(await w.from('10.41.7.1', OPERATOR_PATHS.login, { account: CHIEF.account, password: CHIEF.password }))).toMatchObject({ second_factor: true });
    const code = w.code(CHIEF.secret);
    expectOk(await w.from('10.41.7.1', OPERATOR_PATHS.login, { account: CHIEF.account, password: CHIEF.password, code }));
    await ensureOperator(w.db, CHIEF.account, CHIEF.password, CHIEF.secret);
    expectRefusal(await w.from('10.41.7.1', OPERATOR_PATHS.login, { account: CHIEF.account, password: CHIEF.password, code }), 400, EN.twoFactorWrong);
  });

  it('refuses a secret that is not base32, and without it the environment operator enrols at its first sign-in', async () => {
    await expect(ensureOperator(w.db, 'env2@openex.test', 'Operator2026', 'not base32!')).rejects.toThrow(/OPERATOR_TOTP_SECRET/);
    await ensureOperator(w.db, 'env2@openex.test', 'Operator2026');
    expect(expectOk(await w.from('10.41.7.2', OPERATOR_PATHS.login, { account: 'env2@openex.test', password: 'Operator2026' }))).toMatchObject({ enrol: true });
    await ensureOperator(w.db, CHIEF.account, CHIEF.password, CHIEF.secret);
  });
});
