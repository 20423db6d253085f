import { describe, expect, it, vi } from 'vitest';
import { SAFETY_PATHS, type SecurityLevel } from '../../domain/accountSafety.js';
import { API_KEY_PATHS, type ApiKeyCreated } from '../../domain/apiKeys.js';
import { NOTICE_PUSH } from '../../domain/informHelp.js';
import { TWO_FACTOR_PATHS, type TwoFactorConfirmed, type TwoFactorEnrolment, type TwoFactorStatus } from '../../domain/twoFactor.js';
import { WALLET_PATHS, type WithdrawalRecord } from '../../domain/wallet.js';
import { openSession } from '../../server/kernel/platform/auth/sessions.js';
import { formatUtc, WITHDRAWAL_LOCK_MS } from '../../server/kernel/platform/auth/withdrawalLock.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { NOTIFICATION_TEXTS } from '../../server/kernel/platform/notifications/render.js';
import { renderEmail } from '../../server/products/accounts/sessions/emails.js';
import { SECURITY_NOTICE } from '../../server/products/accounts/securityMail.js';
import { expectOk, expectRefusal, post } from './http.js';
import { OPERATOR_SECRET, operatorCode } from './support/operators.js';
import { ADDRESS, PASSWORD, useTwoFactorWorld, type Trader } from './support/twoFactorHarness.js';
import { FUNDS_PASSWORD } from './wallet/harness.js';

/**
 * Issue 49 §4: security changes that needed no proof and told no one. Turning 2FA on now takes the
 * login password and holds withdrawals for 24 h; the allowlist off takes the 2FA code; the
 * anti-phishing code takes the 2FA code (or, with 2FA off, an emailed code: sessionsDevices.test.ts);
 * and every change — 2FA on, off or reset by the operator (which also ends the user's sessions),
 * an API key created or deleted, the allowlist on or off, a withdrawal submitted — is an in-app
 * notice written with the change and an email after it (through the accounts product's outlet).
 */
const w = useTwoFactorWorld();
const { t } = w;
const EN = MESSAGES.en_US;

/** The notice was written once, pushed to the bell, and emailed once with the notice's own title. */
async function toldOnce(who: Trader, kind: keyof typeof NOTIFICATION_TEXTS.en_US, params: Record<string, string> = {}) {
  expect(await w.notices(who, kind)).toEqual([{ params }]);
  await vi.waitFor(() => expect(w.mails(who, SECURITY_NOTICE, kind)).toHaveLength(1));
  const email = renderEmail(w.mails(who, SECURITY_NOTICE, kind)[0]!, 'OpenEx');
  expect(email.subject).toBe(`OpenEx: ${NOTIFICATION_TEXTS.en_US[kind].title}`);
  expect(email.text).not.toMatch(/[{}]/);
  expect(t.feed.messages.some((m) => m.userId === who.id && JSON.stringify(m.message) === JSON.stringify(NOTICE_PUSH))).toBe(true);
  return email;
}

describe('turning 2FA on', () => {
  it('takes the login password: refused without it or with a wrong one (counted as at sign-in), nothing stored', async () => {
    const who = await w.trader();
    expectRefusal(await w.call(who, TWO_FACTOR_PATHS.begin, {}), 400);
    expectRefusal(await w.call(who, TWO_FACTOR_PATHS.begin, { password: 7 }), 400);
    for (let i = 0; i < 4; i++) expectRefusal(await w.call(who, TWO_FACTOR_PATHS.begin, { password: 'Wrong2026!' }), 400, EN.twoFactorPasswordWrong);
    expectRefusal(await w.call(who, TWO_FACTOR_PATHS.begin, { password: 'Wrong2026!' }), 400, EN.loginLockedHere.replace('{minutes}', '15'));
    expect(await t.db.query('select 1 from user_two_factor where user_id = $1', [who.id])).toEqual([]);
    // Locked out here, as a sign-in would be; the right password from another address goes on.
    expectRefusal(await w.call(who, TWO_FACTOR_PATHS.begin, { password: PASSWORD }), 400, EN.loginLockedHere.replace('{minutes}', '15'));
    expect(expectOk(await w.from<TwoFactorEnrolment>(w.newIp(), TWO_FACTOR_PATHS.begin, { password: PASSWORD }, undefined, who.headers)).secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('holds withdrawals for 24 hours and tells the owner in the app and by email', async () => {
    const who = await w.trader();
    await t.fund({ id: who.id, headers: who.headers }, 'USDT', '100');
    who.secret = expectOk(await w.call<TwoFactorEnrolment>(who, TWO_FACTOR_PATHS.begin, { password: PASSWORD })).secret;
    const at = w.nextStep();
    const on = expectOk(await w.call<TwoFactorConfirmed>(who, TWO_FACTOR_PATHS.confirm, { code: w.codeAt(who.secret, at) }, { lang: 'en_US' }));
    expect(on.withdrawals_locked_until).toBe(at + WITHDRAWAL_LOCK_MS);
    expect(expectOk(await w.call<TwoFactorStatus>(who, TWO_FACTOR_PATHS.status, {})).withdrawals_locked_until).toBe(at + WITHDRAWAL_LOCK_MS);
    t.advance(30_000);
    const withdraw = await t.call(
      { id: who.id, headers: who.headers },
      WALLET_PATHS.withdraw,
      { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD, totp_code: w.codeAt(who.secret, t.now()) },
      `on-lock-${who.id}`,
    );
    expectRefusal(withdraw, 400, EN.withdrawalsLocked.replace('{until}', formatUtc(at + WITHDRAWAL_LOCK_MS)));
    await toldOnce(who, 'two_factor_enabled');
  });

  it('turning it off is told too', async () => {
    const who = await w.trader();
    const codes = await w.enrol(who);
    expect((await w.call(who, TWO_FACTOR_PATHS.disable, { code: codes[0]! })).body.msg).toBe(EN.twoFactorDisabled);
    await toldOnce(who, 'two_factor_disabled');
  });
});

describe('the withdrawal allowlist', () => {
  it('off takes the 2FA code when 2FA is on; on and off are told', async () => {
    const who = await w.trader();
    await w.enrol(who);
    expect(expectOk(await w.call<SecurityLevel>(who, SAFETY_PATHS.allowlist, { enabled: true })).allowlist).toBe(true);
    await toldOnce(who, 'allowlist_enabled');
    const level = async () => expectOk(await w.call<SecurityLevel>(who, SAFETY_PATHS.securityLevel, {}));
    const lockBefore = (await level()).withdrawals_locked_until;
    expectRefusal(await w.call(who, SAFETY_PATHS.allowlist, { enabled: false }), 400, EN.twoFactorRequired);
    t.advance(30_000);
    expectRefusal(await w.call(who, SAFETY_PATHS.allowlist, { enabled: false, totp_code: w.wrongCode(who) }), 400, EN.twoFactorWrong);
    expectRefusal(await w.call(who, SAFETY_PATHS.allowlist, { enabled: false, totp_code: 'nope' }), 400);
    expect(await level()).toMatchObject({ allowlist: true, withdrawals_locked_until: lockBefore });
    expect(await w.notices(who, 'allowlist_disabled')).toEqual([]);
    const off = await w.call<SecurityLevel>(who, SAFETY_PATHS.allowlist, { enabled: false, totp_code: w.codeAt(who.secret, t.now()) });
    expect(off.body.msg).toBe(EN.allowlistTurnedOff);
    expect(expectOk(off)).toMatchObject({ allowlist: false, withdrawals_locked_until: t.now() + WITHDRAWAL_LOCK_MS });
    await toldOnce(who, 'allowlist_disabled');
    // Off again: nothing changes, no code asked, nothing told.
    expect(expectOk(await w.call<SecurityLevel>(who, SAFETY_PATHS.allowlist, { enabled: false })).allowlist).toBe(false);
    expect(await w.notices(who, 'allowlist_disabled')).toHaveLength(1);
  });
});

describe('the anti-phishing code', () => {
  it('with 2FA on takes its code, not the session alone (nor an emailed code)', async () => {
    const who = await w.trader();
    await w.enrol(who);
    expect(expectOk(await w.call<{ code: string; two_factor: boolean }>(who, '/api/user/anti_phishing', {}))).toEqual({ code: '', two_factor: true });
    expectRefusal(await w.call(who, '/api/user/anti_phishing_set', { code: 'Blue Otter' }), 400, EN.twoFactorRequired);
    expectRefusal(await w.call(who, '/api/user/anti_phishing_set', { code: 'Blue Otter', email_code: '123456' }), 400, EN.twoFactorRequired);
    t.advance(30_000);
    expectRefusal(await w.call(who, '/api/user/anti_phishing_set', { code: 'Blue Otter', totp_code: w.wrongCode(who) }), 400, EN.twoFactorWrong);
    expect(expectOk(await w.call<{ code: string }>(who, '/api/user/anti_phishing', {})).code).toBe('');
    expect(expectOk(await w.call<{ code: string }>(who, '/api/user/anti_phishing_set', { code: 'Blue Otter', totp_code: w.codeAt(who.secret, t.now()) })).code).toBe('Blue Otter');
  });
});

describe('API keys', () => {
  it('a key created and a key deleted are told, with its label', async () => {
    const who = await w.trader();
    const created = expectOk(await w.call<ApiKeyCreated>(who, API_KEY_PATHS.create, { label: 'bot <one>', permissions: ['read'], ip_allowlist: [] }));
    const email = await toldOnce(who, 'api_key_created', { label: 'bot <one>' });
    expect(email.text).toContain('"bot <one>"');
    expect(email.html).toContain('bot &lt;one&gt;');
    expect((await w.call(who, API_KEY_PATHS.delete, { api_key: created.api_key })).body.msg).toBe(EN.apiKeyDeleted);
    await toldOnce(who, 'api_key_deleted', { label: 'bot <one>' });
    // A key that is not there tells nothing.
    expectRefusal(await w.call(who, API_KEY_PATHS.delete, { api_key: created.api_key }), 404);
    expect(await w.notices(who, 'api_key_deleted')).toHaveLength(1);
  });
});

describe('withdrawals', () => {
  it('a submitted withdrawal is told once, even when the submission is repeated', async () => {
    const who = await w.trader();
    await t.fund({ id: who.id, headers: who.headers }, 'USDT', '100');
    const body = { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD };
    const first = expectOk(await t.call<WithdrawalRecord>({ id: who.id, headers: who.headers }, WALLET_PATHS.withdraw, body, `told-once-${who.id}`));
    const again = expectOk(await t.call<WithdrawalRecord>({ id: who.id, headers: who.headers }, WALLET_PATHS.withdraw, body, `told-once-${who.id}`));
    expect(again.id).toBe(first.id);
    const email = await toldOnce(who, 'withdrawal_submitted', { quantity: '20', currency: 'USDT', network: 'TRC20', address: ADDRESS });
    expect(email.text).toContain(ADDRESS);
  });
});

describe("the operator's 2FA reset", () => {
  it("ends every session of the user and is told", async () => {
    const who = await w.trader();
    await w.enrol(who);
    const other = await openSession(t.db, who.id);
    const reset = await post<{ withdrawals_locked_until: number }>(w.app, TWO_FACTOR_PATHS.operatorReset, { user_id: who.id, reason: 'Lost device', code: operatorCode(OPERATOR_SECRET, w.nextStep()) }, t.operator);
    expect(reset.body.msg).toBe(EN.twoFactorResetDone);
    for (const token of [who.headers.token!, other]) expectRefusal(await post(w.app, TWO_FACTOR_PATHS.status, {}, { token }), 403);
    expect(await t.db.query('select 1 from session_token where user_id = $1 and revoked_at is null', [who.id])).toEqual([]);
    await toldOnce(who, 'two_factor_reset');
  });
});
