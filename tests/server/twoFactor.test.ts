import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_PATHS, type OperatorUserRow, type TwoFactorChallenge, type TwoFactorEnrolment, type TwoFactorStatus } from '../../domain/twoFactor.js';
import { WALLET_PATHS, type WithdrawalRecord, type WithdrawQuota } from '../../domain/wallet.js';
import { hashPassword } from '../../server/kernel/platform/auth/passwords.js';
import { openSession } from '../../server/kernel/platform/auth/sessions.js';
import { formatUtc, WITHDRAWAL_LOCK_MS } from '../../server/kernel/platform/auth/withdrawalLock.js';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { accounts } from '../../server/products/accounts/accounts.js';
import type { CodeMessage } from '../../server/products/accounts/delivery.js';
import { accountRoutes } from '../../server/products/accounts/routes.js';
import { CHALLENGE_TTL_MS, twoFactor } from '../../server/products/accounts/twoFactor.js';
import { twoFactorRoutes } from '../../server/products/accounts/twoFactorRoutes.js';
import { usersDeskRoutes } from '../../server/products/accounts/operatorDesk/routes.js';
import { enrolWithSecret } from '../../server/kernel/platform/auth/twoFactor.js';
import { OPERATOR_SECRET, operatorCode } from './support/operators.js';
import { createTestUser } from './support/users.js';
import { userCentre } from '../../server/products/accounts/userCentre.js';
import { userRoutes } from '../../server/products/accounts/userRoutes.js';
import { expectOk, expectRefusal, post } from './http.js';
import { FUNDS_PASSWORD, useWallet } from './wallet/harness.js';

/**
 * Two-factor authentication (issue 35) over HTTP, on one database with the wallet (withdrawals ask
 * for a code) and a clock the tests move: every code is computed for the fake clock with otpauth,
 * the same library the server uses, so nothing depends on how long a test takes.
 */
const EN = MESSAGES.en_US;
const t = useWallet();
const PASSWORD = 'Trader2026!';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const outbox: CodeMessage[] = [];
const lastCode = (to: string) => [...outbox].reverse().find((m) => m.to === to)?.code ?? '';
let app: FastifyInstance;
let service: ReturnType<typeof twoFactor>;
let users = 0;
let keys = 0;
// Each test's user signs in from an address of its own, so the sign-in backoff of one never touches another.
let clients = 0;

beforeAll(async () => {
  const delivery = { deliver: async (m: CodeMessage) => void outbox.push(m) };
  service = twoFactor({ db: t.db, delivery, siteName: async () => 'OpenEx', now: t.now });
  const service0 = accounts({ db: t.db, delivery, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true, secondFactor: service });
  app = await buildHttp({
    db: t.db,
    routes: [accountRoutes(t.db, service0), userRoutes(t.db, userCentre({ db: t.db, delivery, dataDir: '/tmp' }), t.now), twoFactorRoutes(service), usersDeskRoutes(t.db, { secondFactor: service, now: t.now })],
  });
  await app.ready();
  // The operator's own 2FA (issue 51): the desk's reset asks its code.
  const [operator] = await t.db.query<{ id: number }>(`select id from app_user where kind = 'operator' order by id limit 1`);
  await enrolWithSecret(t.db, Number(operator!.id), OPERATOR_SECRET);
});
/** The operator's code at the next step of the file's clock (each code is taken once). */
const operatorNext = () => operatorCode(OPERATOR_SECRET, nextStep());
afterAll(async () => {
  await app?.close();
});

interface Trader {
  id: number;
  account: string;
  headers: Record<string, string>;
  ip: string;
  secret: string;
}

const codeAt = (secret: string, ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ms });
/** The wallet harness's clock, moved to the start of the next 30-second step (so ±1 step is unambiguous). */
function nextStep(): number {
  t.advance(30_000 - (t.now() % 30_000));
  return t.now();
}
const call = <T = unknown>(who: Trader, path: string, body: object) => post<T>(app, path, body, { ...who.headers });
const from = (who: Trader) => ({ remoteAddress: who.ip });

async function trader(): Promise<Trader> {
  const account = `tf-${++users}-${process.pid}-${Date.now()}@example.org`;
  const { id, headers } = await createTestUser(t.db, { name: account, email: true, passwordHash: await hashPassword(PASSWORD), fundsPasswordHash: await hashPassword(FUNDS_PASSWORD) });
  return { id, account, headers, ip: `10.9.0.${++clients}`, secret: '' };
}

/** Enrols through the HTTP calls; answers the recovery codes. */
async function enrol(who: Trader): Promise<string[]> {
  const started = expectOk(await call<TwoFactorEnrolment>(who, TWO_FACTOR_PATHS.begin, { password: PASSWORD }));
  who.secret = started.secret;
  const done = expectOk(await call<{ recovery_codes: string[] }>(who, TWO_FACTOR_PATHS.confirm, { code: codeAt(who.secret, nextStep()) }));
  return done.recovery_codes;
}

/** Sign-in, first step from the trader's own address: the challenge. */
async function challenge(who: Trader): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { account: who.account, password: PASSWORD }, ...from(who) });
  const body = response.json() as { code: number; msg: string; data: TwoFactorChallenge };
  expect(body.code).toBe(200);
  expect(body.msg).toBe(EN.twoFactorNeeded);
  expect(body.data).toMatchObject({ second_factor: true, challenge: expect.any(String) });
  expect(body.data).not.toHaveProperty('token');
  return body.data.challenge;
}
async function secondStep(who: Trader, challengeToken: string, code: string) {
  const response = await app.inject({ method: 'POST', url: TWO_FACTOR_PATHS.login, payload: { challenge: challengeToken, code }, ...from(who) });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: { token: string } | null } };
}

describe('enrolment', () => {
  it('gives a secret and an otpauth:// URI with the site name and the account, confirmed by a first code; ten recovery codes stored hashed', async () => {
    const who = await trader();
    const started = expectOk(await call<TwoFactorEnrolment>(who, TWO_FACTOR_PATHS.begin, { password: PASSWORD }));
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.uri).toBe(`otpauth://totp/OpenEx:${encodeURIComponent(who.account)}?issuer=OpenEx&secret=${started.secret}&algorithm=SHA1&digits=6&period=30`);
    const now = nextStep();
    const wrong = codeAt(started.secret, now + 5 * 60_000);
    expectRefusal(await call(who, TWO_FACTOR_PATHS.confirm, { code: wrong }), 400, EN.twoFactorWrong);
    expectRefusal(await call(who, TWO_FACTOR_PATHS.confirm, { code: 'abc' }), 400);
    expect(expectOk(await call<TwoFactorStatus>(who, TWO_FACTOR_PATHS.status, {})).enabled).toBe(false);
    const done = await call<{ recovery_codes: string[] }>(who, TWO_FACTOR_PATHS.confirm, { code: codeAt(started.secret, now) });
    expect(done.body.msg).toBe(EN.twoFactorEnabled);
    const codes = expectOk(done).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    const stored = await t.db.query<{ code_hash: string }>('select code_hash from two_factor_recovery where user_id = $1', [who.id]);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((c) => row.code_hash.includes(c.replace('-', '')))).toBe(false);
    // Turning it on holds withdrawals for 24 h, as every security change does (issue 49 §4).
    expect(expectOk(await call<TwoFactorStatus>(who, TWO_FACTOR_PATHS.status, {}))).toEqual({ enabled: true, recovery_codes_left: 10, withdrawals_locked_until: now + WITHDRAWAL_LOCK_MS, locked: false });
    // The withdrawal form's quota says so too, before the trader types the funds password and a code.
    const quota = expectOk(await t.call<WithdrawQuota>({ id: who.id, headers: who.headers }, WALLET_PATHS.withdrawQuota, { currency: 'USDT' }));
    expect(quota).toMatchObject({ two_factor: true, withdrawals_locked_until: now + WITHDRAWAL_LOCK_MS });
    expectRefusal(await call(who, TWO_FACTOR_PATHS.begin, { password: PASSWORD }), 400, EN.twoFactorAlreadyOn);
  });
});

describe('sign-in with 2FA', () => {
  it('answers "second factor needed" with a challenge, opens the session on the right code, and uses the challenge once', async () => {
    const who = await trader();
    await enrol(who);
    const token = await challenge(who);
    t.advance(30_000);
    expectRefusal(await secondStep(who, token, codeAt(who.secret, t.now() + 10 * 60_000)), 400, EN.twoFactorWrong);
    const signedIn = await secondStep(who, token, codeAt(who.secret, t.now()));
    expect(signedIn.body.code).toBe(200);
    const session = signedIn.body.data!.token;
    expect(expectOk(await post(app, TWO_FACTOR_PATHS.status, {}, { token: session }))).toMatchObject({ enabled: true });
    t.advance(30_000);
    expectRefusal(await secondStep(who, token, codeAt(who.secret, t.now())), 400, EN.twoFactorChallengeExpired);
    // The login history has the failed second step, then the sign-in; the new device got its email, as without 2FA.
    const history = await t.db.query<{ result: string; ip: string }>('select result, ip from login_history where user_id = $1 order by id', [who.id]);
    expect(history).toEqual([
      { result: 'second_step_failed', ip: who.ip },
      { result: 'success', ip: who.ip },
    ]);
    expect(outbox.filter((m) => m.to === who.account && m.purpose === 'login_new_device')).toHaveLength(1);
  });

  it('refuses a challenge past its five minutes, and a user without 2FA gets a session at once', async () => {
    const who = await trader();
    await enrol(who);
    const token = await challenge(who);
    t.advance(CHALLENGE_TTL_MS + 1);
    expectRefusal(await secondStep(who, token, codeAt(who.secret, t.now())), 400, EN.twoFactorChallengeExpired);
    const plain = await trader();
    expect(expectOk(await post<{ token: string }>(app, '/api/login', { account: plain.account, password: PASSWORD })).token).toEqual(expect.any(String));
  });

  it('refuses a code used once already (no replay within its window)', async () => {
    const who = await trader();
    await enrol(who);
    t.advance(60_000);
    const code = codeAt(who.secret, t.now());
    expect((await secondStep(who, await challenge(who), code)).body.code).toBe(200);
    expectRefusal(await secondStep(who, await challenge(who), code), 400, EN.twoFactorWrong);
    // Still inside the same step, and the step before (drift): both at or behind the last used one.
    expectRefusal(await secondStep(who, await challenge(who), codeAt(who.secret, t.now() - 30_000)), 400, EN.twoFactorWrong);
    t.advance(30_000);
    expect((await secondStep(who, await challenge(who), codeAt(who.secret, t.now()))).body.code).toBe(200);
  });

  it('accepts ±1 step of clock drift and refuses ±2', async () => {
    const who = await trader();
    await enrol(who);
    t.advance(10 * 60_000);
    const now = nextStep() + 1_000;
    t.advance(1_000);
    expectRefusal(await secondStep(who, await challenge(who), codeAt(who.secret, now - 60_000)), 400, EN.twoFactorWrong);
    expectRefusal(await secondStep(who, await challenge(who), codeAt(who.secret, now + 60_000)), 400, EN.twoFactorWrong);
    expect((await secondStep(who, await challenge(who), codeAt(who.secret, now - 30_000))).body.code).toBe(200);
    expect((await secondStep(who, await challenge(who), codeAt(who.secret, now + 30_000))).body.code).toBe(200);
  });

  it('takes a recovery code once in place of a TOTP code', async () => {
    const who = await trader();
    const codes = await enrol(who);
    expect((await secondStep(who, await challenge(who), codes[3]!.toLowerCase())).body.code).toBe(200);
    expectRefusal(await secondStep(who, await challenge(who), codes[3]!), 400, EN.twoFactorWrong);
    expect(expectOk(await call<TwoFactorStatus>(who, TWO_FACTOR_PATHS.status, {})).recovery_codes_left).toBe(9);
    expect((await secondStep(who, await challenge(who), codes[4]!.replace('-', ''))).body.code).toBe(200);
  });

  it('counts wrong codes towards the wrong-password backoff of this client', async () => {
    const who = await trader();
    await enrol(who);
    const token = await challenge(who);
    const wrong = codeAt(who.secret, t.now() + 3_600_000);
    for (let i = 0; i < 4; i++) expectRefusal(await secondStep(who, token, wrong), 400, EN.twoFactorWrong);
    expectRefusal(await secondStep(who, token, wrong), 400, EN.loginLockedHere.replace('{minutes}', '15'));
    // Locked now: the right code and the right password from this client wait too.
    t.advance(30_000);
    expectRefusal(await secondStep(who, token, codeAt(who.secret, t.now())), 400, EN.loginLockedHere.replace('{minutes}', '15'));
  });
});

describe('2FA asked for protected actions', () => {
  it('for a login-password change: refused without a code or with a wrong one, done with the right one', async () => {
    const who = await trader();
    await enrol(who);
    const body = () => ({ code: lastCode(who.account), password: 'Newpass2026!', password_repeat: 'Newpass2026!' });
    expect((await call(who, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' })).body.code).toBe(200);
    expectRefusal(await call(who, '/api/user/login_pwd', body()), 400, EN.twoFactorRequired);
    t.advance(30_000);
    expectRefusal(await call(who, '/api/user/login_pwd', { ...body(), totp_code: codeAt(who.secret, t.now() + 3_600_000) }), 400, EN.twoFactorWrong);
    expectRefusal(await call(who, '/api/user/login_pwd', { ...body(), totp_code: '12345' }), 400);
    const changed = await call(who, '/api/user/login_pwd', { ...body(), totp_code: codeAt(who.secret, t.now()) });
    expect(changed.body.code).toBe(200);
  });

  it('for turning 2FA off and for a new withdrawal address', async () => {
    const who = await trader();
    const codes = await enrol(who);
    const address = { currency: 'USDT', network: 'TRC20', address: ADDRESS, note: 'cold' };
    expectRefusal(await call(who, '/api/user/address_add', address), 400, EN.twoFactorRequired);
    t.advance(30_000);
    expect(expectOk(await call<{ id: number }>(who, '/api/user/address_add', { ...address, totp_code: codeAt(who.secret, t.now()) })).id).toBeGreaterThan(0);
    expectRefusal(await call(who, TWO_FACTOR_PATHS.disable, { code: 'ZZZZZ-ZZZZZ' }), 400, EN.twoFactorWrong);
    expect((await call(who, TWO_FACTOR_PATHS.disable, { code: codes[0]! })).body.msg).toBe(EN.twoFactorDisabled);
    // Turning it off holds withdrawals for 24 h, as any other security change does.
    expect(expectOk(await call<TwoFactorStatus>(who, TWO_FACTOR_PATHS.status, {}))).toEqual({ enabled: false, recovery_codes_left: 0, withdrawals_locked_until: t.now() + WITHDRAWAL_LOCK_MS, locked: false });
    // Off: no code wanted any more.
    expect(expectOk(await call<{ id: number }>(who, '/api/user/address_add', { ...address, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', note: 'warm' })).id).toBeGreaterThan(0);
  });

  it('for a withdrawal', async () => {
    const who = await trader();
    await t.fund({ id: who.id, headers: who.headers }, 'USDT', '100');
    await enrol(who);
    // Past the 24 hours that turning 2FA on holds withdrawals for.
    t.advance(WITHDRAWAL_LOCK_MS);
    const withdraw = (over: Record<string, unknown> = {}) =>
      t.call<WithdrawalRecord>({ id: who.id, headers: who.headers }, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD, ...over }, `tf-withdraw-${++keys}`);
    expectRefusal(await withdraw(), 400, EN.twoFactorRequired);
    t.advance(30_000);
    expectRefusal(await withdraw({ totp_code: codeAt(who.secret, t.now() + 3_600_000) }), 400, EN.twoFactorWrong);
    const code = codeAt(who.secret, t.now());
    expect(expectOk(await withdraw({ totp_code: code })).status).toBe(1);
    expectRefusal(await withdraw({ totp_code: code }), 400, EN.twoFactorWrong);
    expect((await t.db.query('select 1 from withdrawal where user_id = $1', [who.id])).length).toBe(1);
  });
});

describe("the operator's reset (lost device)", () => {
  it('turns 2FA off with an audit entry and locks withdrawals for 24 hours, saying until when', async () => {
    const who = await trader();
    await t.fund({ id: who.id, headers: who.headers }, 'USDT', '100');
    await enrol(who);
    const operator = t.operator;
    // A user token is no operator's; an operator sees the user on the desk.
    expectRefusal(await call(who, TWO_FACTOR_PATHS.operatorReset, { user_id: who.id }), 403);
    const desk = expectOk(await post<{ list: OperatorUserRow[] }>(app, TWO_FACTOR_PATHS.operatorUsers, { page: 1, account: who.account }, operator));
    // Turning 2FA on held withdrawals already (issue 49 §4); the reset holds them 24 h from now.
    expect(desk.list).toEqual([expect.objectContaining({ id: who.id, account: who.account, two_factor: true, withdrawals_locked_until: expect.any(Number) })]);
    const reset = await post<{ withdrawals_locked_until: number }>(app, TWO_FACTOR_PATHS.operatorReset, { user_id: who.id, reason: 'Lost device', code: operatorNext() }, operator);
    expect(reset.body.msg).toBe(EN.twoFactorResetDone);
    const until = expectOk(reset).withdrawals_locked_until;
    expect(until).toBe(t.now() + WITHDRAWAL_LOCK_MS);
    const [audit] = await t.db.query<{ action: string; operator_id: number }>('select action, operator_id from operator_audit where user_id = $1', [who.id]);
    expect(audit).toMatchObject({ action: 'reset_2fa' });
    // The user's sessions ended with the reset (issue 49 §4): the owner signs in again.
    expectRefusal(await call(who, TWO_FACTOR_PATHS.status, {}), 403);
    who.headers = { token: await openSession(t.db, who.id) };
    expect(expectOk(await call<TwoFactorStatus>(who, TWO_FACTOR_PATHS.status, {}))).toEqual({ enabled: false, recovery_codes_left: 0, withdrawals_locked_until: until, locked: false });
    // The next step's code (the drift window takes it), so the clock stays where the lock was set.
    expectRefusal(await post(app, TWO_FACTOR_PATHS.operatorReset, { user_id: who.id, reason: 'Lost device', code: operatorCode(OPERATOR_SECRET, t.now() + 30_000) }, operator), 400, EN.twoFactorNotOn);

    const withdraw = () =>
      t.call<WithdrawalRecord>({ id: who.id, headers: who.headers }, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD }, `tf-withdraw-${++keys}`);
    const when = formatUtc(until);
    expectRefusal(await withdraw(), 400, EN.withdrawalsLocked.replace('{until}', when));
    t.advance(WITHDRAWAL_LOCK_MS - 1_000);
    expectRefusal(await withdraw(), 400, EN.withdrawalsLocked.replace('{until}', when));
    t.advance(1_000);
    expect(expectOk(await withdraw()).status).toBe(1);
  });

  it('refuses bad input with a translated 400 and changes nothing', async () => {
    const operator = t.operator;
    const before = await t.db.query('select count(*)::int as n from operator_audit');
    expectRefusal(await post(app, TWO_FACTOR_PATHS.operatorReset, { user_id: 'x' }, operator), 400);
    expectRefusal(await post(app, TWO_FACTOR_PATHS.operatorReset, { user_id: 999_999_999, reason: 'x', code: operatorNext() }, operator), 400, EN.notFound);
    expectRefusal(await post(app, TWO_FACTOR_PATHS.login, { challenge: 'nope', code: '123456' }), 400, EN.twoFactorChallengeExpired);
    expectRefusal(await post(app, TWO_FACTOR_PATHS.login, { challenge: 'nope', code: 12 }), 400);
    expect(await t.db.query('select count(*)::int as n from operator_audit')).toEqual(before);
  });
});
