import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, type OperatorAccessPending, type OperatorAccessRequest, type OperatorEnrolment, type OperatorView } from '../../domain/operators.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { kyc } from '../../server/products/kyc/kyc.js';
import { kycOperatorRoutes } from '../../server/products/kyc/operatorRoutes.js';
import { expectOk, expectRefusal } from './http.js';
import { productTestbed } from './support/productTestbed.js';
import { adminCode, auditMark, auditRowsAfter, DESK_INITIAL_PASSWORD, DESK_PASSWORD, deskOperator, operatorCode, signInAnswer, type TestOperator } from './support/operators.js';

/**
 * Two admins give access (docs/OPERATOR.md "Two admins give access"): the insider's audit found
 * that one admin alone passed the corrections' four-eyes rule — they made a second finance
 * operator (or gave themselves finance), knew its first password, and approved their own
 * correction as it. Now an admin's grant waits for a second admin, and a new operator replaces its
 * first password at its first sign-in.
 */
const EN = MESSAGES.en_US;
const t = productTestbed({
  products: ({ db, now }) => kyc({ db, dataDir: '/nonexistent', now }),
  parts: (k) => ({ routes: [kycOperatorRoutes(k)] }),
  operator: 'root@openex.test',
  users: { tag: 'access' },
});

let alice: TestOperator;
let bob: TestOperator;
beforeAll(async () => {
  // Made by the environment's operator, who gives access alone (a new deployment's only admin).
  alice = await deskOperator(t.app, t.operator, ['admin']);
  bob = await deskOperator(t.app, t.operator, ['admin']);
});

const ask = async (who: TestOperator, path: string, body: object) => t.post<OperatorAccessPending>(who.headers, path, { ...body, code: await adminCode(who.headers) });
const approve = async (who: TestOperator, id: number) => t.post<OperatorView>(who.headers, OPERATOR_PATHS.approveAccess, { id, code: await adminCode(who.headers) });
const operatorNamed = async (account: string) => expectOk(await t.post<OperatorView[]>(t.operator, OPERATOR_PATHS.operators, {})).find((o) => o.account === account);
const queue = async () => expectOk(await t.post<OperatorAccessRequest[]>(alice.headers, OPERATOR_PATHS.accessRequests, {}));

describe('an admin alone cannot give access', () => {
  it('a second finance operator is only asked for: no account until another admin approves, never by the asker', async () => {
    const account = `shadow-finance-${process.pid}@openex.test`;
    const asked = await ask(alice, OPERATOR_PATHS.create, { account, password: DESK_INITIAL_PASSWORD, roles: ['finance'] });
    expect(asked.body.msg).toBe(EN.operatorAccessRequested);
    const request = expectOk(asked).request;
    expect(request).toMatchObject({ kind: 'operator.create', operator_id: null, account, roles: ['finance'], requested_by: alice.account, state: 'pending' });
    expect(await operatorNamed(account)).toBeUndefined();
    expect((await signInAnswer(t.app, account, DESK_INITIAL_PASSWORD, '10.61.0.1')).msg).toBe(EN.loginFailed);
    // The same name again is refused while the first waits.
    expectRefusal(await ask(alice, OPERATOR_PATHS.create, { account, password: DESK_INITIAL_PASSWORD, roles: ['finance'] }), 400, EN.operatorAccessAlreadyAsked);

    const mark = await auditMark(t.db);
    expectRefusal(await approve(alice, request.id), 400, EN.operatorAccessOwnRequest);
    expect(await auditRowsAfter(t.db, mark)).toEqual([expect.objectContaining({ operator_id: alice.id, kind: 'operator.access_approve', outcome: 'refused', detail: 'operatorAccessOwnRequest' })]);
    expect(await operatorNamed(account)).toBeUndefined();

    const made = expectOk(await approve(bob, request.id));
    expect(made).toMatchObject({ account, roles: ['finance'] });
    expect((await queue()).find((r) => r.id === request.id)).toMatchObject({ state: 'approved', decided_by: bob.account });
    // Decided once: neither a second approval nor a rejection changes it.
    expectRefusal(await approve(bob, request.id), 400, EN.operatorAccessRequestDecided);
    expectRefusal(await t.post(bob.headers, OPERATOR_PATHS.rejectAccess, { id: request.id }), 400, EN.operatorAccessRequestDecided);
  });

  it('giving oneself finance waits for another admin, who is neither the asker nor the one it gives to', async () => {
    const selfGrant = expectOk(await ask(alice, OPERATOR_PATHS.setRoles, { id: alice.id, roles: ['admin', 'finance'] })).request;
    expectRefusal(await approve(alice, selfGrant.id), 400, EN.operatorAccessOwnRequest);
    expectOk(await t.post(alice.headers, OPERATOR_PATHS.rejectAccess, { id: selfGrant.id }));
    // Bob asks for Alice: Alice cannot be the second pair of eyes on her own grant.
    const forAlice = expectOk(await ask(bob, OPERATOR_PATHS.setRoles, { id: alice.id, roles: ['admin', 'finance'] })).request;
    expectRefusal(await approve(alice, forAlice.id), 400, EN.operatorAccessForYou);
    expect((await operatorNamed(alice.account))!.roles).toEqual(['admin']);
    expectOk(await t.post(bob.headers, OPERATOR_PATHS.rejectAccess, { id: forAlice.id }));
  });

  it('taking access away is one admin’s, at once; enabling again is a grant', async () => {
    const target = await deskOperator(t.app, t.operator, ['support', 'risk']);
    expect(expectOk(await ask(alice, OPERATOR_PATHS.setRoles, { id: target.id, roles: ['support'] }))).toMatchObject({ roles: ['support'] });
    expect(expectOk(await ask(alice, OPERATOR_PATHS.disable, { id: target.id }))).toMatchObject({ disabled: true });
    const enable = expectOk(await ask(alice, OPERATOR_PATHS.enable, { id: target.id })).request;
    expect((await operatorNamed(target.account))!.disabled).toBe(true);
    expect(expectOk(await approve(bob, enable.id))).toMatchObject({ disabled: false });
  });

  it('the environment’s operator gives access alone', async () => {
    const account = `root-made-${process.pid}@openex.test`;
    const made = expectOk(await t.post<OperatorView>(t.operator, OPERATOR_PATHS.create, { account, password: DESK_INITIAL_PASSWORD, roles: ['finance'], code: await adminCode(t.operator) }));
    expect(made).toMatchObject({ account, roles: ['finance'] });
  });

  it('an approval asks the approver’s own code, and a request waits a day at most', async () => {
    const request = expectOk(await ask(alice, OPERATOR_PATHS.create, { account: `late-${process.pid}@openex.test`, password: DESK_INITIAL_PASSWORD, roles: ['risk'] })).request;
    const mark = await auditMark(t.db);
    expectRefusal(await t.post(bob.headers, OPERATOR_PATHS.approveAccess, { id: request.id }), 400, EN.twoFactorRequired);
    expect(await auditRowsAfter(t.db, mark)).toEqual([expect.objectContaining({ operator_id: bob.id, kind: 'operator.access_approve', outcome: 'refused' })]);
    await t.db.query(`update operator_access_request set requested_at = now() - interval '25 hours' where id = $1`, [request.id]);
    expectRefusal(await approve(bob, request.id), 400, EN.operatorAccessRequestExpired);
    expectOk(await t.post(alice.headers, OPERATOR_PATHS.rejectAccess, { id: request.id }));
    // The rejected request keeps no password.
    const [row] = await t.db.query<{ password_hash: string | null; state: string }>('select password_hash, state from operator_access_request where id = $1', [request.id]);
    expect(row).toEqual({ password_hash: null, state: 'rejected' });
  });
});

describe('a new operator replaces the password its admin chose', () => {
  it('at its first sign-in: missing, weak or the same one refused; then only its own works', async () => {
    const account = `first-sign-in-${process.pid}@openex.test`;
    expectOk(await t.post(t.operator, OPERATOR_PATHS.create, { account, password: DESK_INITIAL_PASSWORD, roles: ['support'], code: await adminCode(t.operator) }));
    const from = (path: string, payload: object) => t.app.inject({ method: 'POST', url: path, payload, remoteAddress: '10.61.1.1' }).then((r) => r.json() as { code: number; msg: string; data: unknown });
    const enrolment = (await from(OPERATOR_PATHS.login, { account, password: DESK_INITIAL_PASSWORD })).data as OperatorEnrolment;
    expect(enrolment).toMatchObject({ enrol: true, new_password: true });
    const code = () => operatorCode(enrolment.secret);
    expect((await from(OPERATOR_PATHS.loginEnrol, { ticket: enrolment.ticket, code: code() })).msg).toBe(EN.operatorNewPasswordRequired);
    expect((await from(OPERATOR_PATHS.loginEnrol, { ticket: enrolment.ticket, code: code(), new_password: DESK_INITIAL_PASSWORD })).msg).toBe(EN.operatorNewPasswordSame);
    expect((await from(OPERATOR_PATHS.loginEnrol, { ticket: enrolment.ticket, code: code(), new_password: 'password123' })).msg).toBe(EN.operatorPasswordWeak);
    const done = await from(OPERATOR_PATHS.loginEnrol, { ticket: enrolment.ticket, code: code(), new_password: DESK_PASSWORD });
    expect(done.code).toBe(200);
    expect((await from(OPERATOR_PATHS.login, { account, password: DESK_INITIAL_PASSWORD })).msg).toBe(EN.loginFailed);
    expect(((await from(OPERATOR_PATHS.login, { account, password: DESK_PASSWORD })).data as { second_factor?: boolean }).second_factor).toBe(true);
  });
});

describe('an operator changes its own password', () => {
  it('with its current password and its own code; its other sessions end; the environment’s operator changes it in the environment', async () => {
    const other = await signInAnswer(t.app, alice.account, DESK_PASSWORD, '10.61.2.1');
    const otherToken = other.data!.token;
    const change = async (body: object, who = alice.headers) => t.post(who, OPERATOR_PATHS.myPassword, body);
    const NEW = 'Velvet-Compass-Orchid-2027';
    const mark = await auditMark(t.db);
    expectRefusal(await change({ password: DESK_PASSWORD, new_password: NEW }), 400, EN.twoFactorRequired);
    expectRefusal(await change({ password: 'Not-Her-Password-1', new_password: NEW, code: await adminCode(alice.headers) }), 400, EN.operatorPasswordWrong);
    expectRefusal(await change({ password: DESK_PASSWORD, new_password: DESK_PASSWORD, code: await adminCode(alice.headers) }), 400, EN.operatorNewPasswordSame);
    expectRefusal(await change({ password: DESK_PASSWORD, new_password: 'password123', code: await adminCode(alice.headers) }), 400, EN.operatorPasswordWeak);
    expect((await auditRowsAfter(t.db, mark)).map((r) => [r.kind, r.outcome, r.detail])).toEqual([
      ['operator.password_change', 'refused', 'twoFactorRequired'],
      ['operator.password_change', 'refused', 'operatorPasswordWrong'],
      ['operator.password_change', 'refused', 'operatorNewPasswordSame'],
      ['operator.password_change', 'refused', 'operatorPasswordWeak'],
    ]);
    const done = await change({ password: DESK_PASSWORD, new_password: NEW, code: await adminCode(alice.headers) });
    expect(done.body.msg).toBe(EN.operatorPasswordChanged);
    expect(expectOk(done)).toEqual({ sessions_ended: expect.any(Number) });
    // This session goes on; the other one is over, and only the new password signs in.
    expectOk(await t.post(alice.headers, OPERATOR_PATHS.mySessions, {}));
    expectRefusal(await t.post({ token: otherToken }, OPERATOR_PATHS.mySessions, {}), 403);
    expect((await signInAnswer(t.app, alice.account, DESK_PASSWORD, '10.61.2.2')).msg).toBe(EN.loginFailed);
    expect((await signInAnswer(t.app, alice.account, NEW, '10.61.2.3')).code).toBe(200);
    expectRefusal(await change({ password: 'Operator2026', new_password: NEW, code: await adminCode(t.operator) }, t.operator), 400, EN.operatorFromEnvironment);
  }, 90_000); // its five codes outrun the recovery codes and wait for TOTP steps: about 22 s alone, over 30 s on a loaded machine
});
