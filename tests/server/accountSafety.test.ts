import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAFETY_PATHS, type SecurityLevel } from '../../domain/accountSafety.js';
import { formatDateTime } from '../../domain/localeFormat.js';
import type { WithdrawalAddress } from '../../domain/userCentre.js';
import { WALLET_PATHS, type DepositRecord, type WithdrawalRecord } from '../../domain/wallet.js';
import { formatUtc, lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../server/kernel/platform/auth/withdrawalLock.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { MESSAGES, translate } from '../../server/kernel/platform/i18n/messages.js';
import { accounts } from '../../server/products/accounts/accounts.js';
import type { CodeMessage } from '../../server/products/accounts/delivery.js';
import { userCentre } from '../../server/products/accounts/userCentre.js';
import { databaseFiatRates } from '../../server/products/markets/fiatRates.js';
import { SimulatedChain } from '../../server/products/wallet/chain/simulatedChain.js';
import { wallet, type Wallet } from '../../server/products/wallet/wallet.js';
import { buildApp } from './buildApp.js';
import { expectOk, expectRefusal, post, type Answer } from './http.js';
import { openTestDatabase } from './testDb.js';

/**
 * Account safety (issue 35): the password policy, no enumeration, the withdrawal lock after a
 * security change and allowlist mode, and the security level. One app with the accounts, the user
 * centre and the wallet on one database; the wallet's clock is the test's.
 */
let db: Database;
let app: FastifyInstance;
let chain: SimulatedChain;
let theWallet: Wallet;
let clock = Date.now();
const outbox: CodeMessage[] = [];
const EN = MESSAGES.en_US;
const STRONG = 'Trader2026!';
const FUNDS = 'Funds2026!';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const lastCode = (to: string, purpose: string) => [...outbox].reverse().find((m) => m.to === to && m.purpose === purpose)?.code ?? '';
const ageCodes = (target: string) => db.query(`update verification_code set created_at = now() - interval '2 minutes' where target = $1`, [target]);
let keys = 0;

beforeAll(async () => {
  db = await openTestDatabase();
  const delivery = { deliver: async (m: CodeMessage) => void outbox.push(m) };
  chain = new SimulatedChain({ blockMs: 60_000 });
  theWallet = wallet({ db, chain, feed: { balancesChanged: () => undefined, ordersCommitted: () => undefined }, now: () => clock });
  chain.connect(theWallet.chainEvents);
  app = await buildApp({
    db,
    rates: databaseFiatRates(db),
    accounts: accounts({ db, delivery, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true }),
    userCentre: userCentre({ db, delivery, dataDir: mkdtempSync(join(tmpdir(), 'openex-safety-')) }),
    wallet: theWallet,
    chainSimulator: chain,
  });
  await app.ready();
});
afterAll(async () => {
  await chain?.stop();
  await app?.close();
  await db?.close();
});
beforeEach(() => {
  clock = Date.now();
});

const registration = (account: string, over: Record<string, unknown> = {}) => ({
  account,
  code: lastCode(account, 'register'),
  password: STRONG,
  password_repeat: STRONG,
  funds_password: FUNDS,
  funds_password_repeat: FUNDS,
  invitation_code: 'OPENEX',
  agree: true,
  ...over,
});

async function signUp(account: string): Promise<{ id: number; headers: { token: string } }> {
  expectOk(await post(app, '/api/send_code', { account, purpose: 'register' }).then((a) => ({ ...a, body: { ...a.body, data: {} } })));
  const grant = expectOk(await post<{ token: string; user_info: { id: number } }>(app, '/api/register_next', registration(account)));
  return { id: Number(grant.user_info.id), headers: { token: grant.token } };
}

async function fund(headers: { token: string }, quantity: string): Promise<void> {
  const { address } = expectOk(await post<{ address: string }>(app, WALLET_PATHS.depositAddress, { currency: 'USDT', network: 'TRC20' }, headers));
  expectOk(await post<DepositRecord>(app, WALLET_PATHS.simulateDeposit, { address, currency: 'USDT', network: 'TRC20', quantity }));
  for (let i = 0; i < 20 && (await theWallet.chainEvents.inFlight()).length > 0; i++) await chain.tick();
}

const withdraw = (headers: { token: string }, over: Record<string, unknown> = {}, lang = 'en_US') =>
  post<WithdrawalRecord>(app, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS, ...over }, {
    ...headers,
    lang,
    'idempotency-key': `safety-${++keys}`,
  });

const sameAnswer = (a: Answer<unknown>, b: Answer<unknown>) => {
  expect(a.status).toBe(b.status);
  expect(a.body).toEqual(b.body);
};

describe('password policy: zxcvbn score ≥ 3 for login and fund passwords', () => {
  it('refuses weak login and fund passwords at registration, and a fund password equal to the login password', async () => {
    const account = 'policy-reg@example.org';
    expectOk(await post(app, '/api/send_code', { account, purpose: 'register' }).then((a) => ({ ...a, body: { ...a.body, data: {} } })));
    for (const weak of ['password1', 'Password123', 'Qwerty123', 'Trader2026', 'Abcd1234']) {
      expectRefusal(await post(app, '/api/register_next', registration(account, { password: weak, password_repeat: weak })), 400, EN.passwordGuessable);
      expectRefusal(await post(app, '/api/register_next', registration(account, { funds_password: weak, funds_password_repeat: weak })), 400, EN.fundsPasswordGuessable);
    }
    expectRefusal(await post(app, '/api/register_next', registration(account, { password: 'password1', password_repeat: 'password1' }), { lang: 'de_DE' }), 400, MESSAGES.de_DE.passwordGuessable);
    expectRefusal(await post(app, '/api/register_next', registration(account, { funds_password: STRONG, funds_password_repeat: STRONG })), 400, EN.fundsPasswordSameAsLogin);
    expect(await db.query('select 1 from app_user where account = $1', [account])).toEqual([]);
    // The code was not used up by the refusals: a good pair registers.
    expectOk(await post(app, '/api/register_next', registration(account)));
  });

  it('refuses a weak password, or the fund password, at reset, keeping the code and the old password', async () => {
    const account = 'policy-reset@example.org';
    await signUp(account);
    expectOk(await post(app, '/api/send_code', { account, purpose: 'reset' }).then((a) => ({ ...a, body: { ...a.body, data: {} } })));
    const code = lastCode(account, 'reset');
    expectRefusal(await post(app, '/api/forget_pass', { account, code, password: 'password1', password_repeat: 'password1' }), 400, EN.passwordGuessable);
    expectRefusal(await post(app, '/api/forget_pass', { account, code, password: FUNDS, password_repeat: FUNDS }), 400, EN.fundsPasswordSameAsLogin);
    expectOk(await post(app, '/api/login', { account, password: STRONG }));
    expect((await post(app, '/api/forget_pass', { account, code, password: 'Renewed-Kite-2026', password_repeat: 'Renewed-Kite-2026' })).body.code).toBe(200);
  });

  it('refuses weak passwords at change (login and fund), and a fund password equal to the login one either way', async () => {
    const account = 'policy-change@example.org';
    const { headers } = await signUp(account);
    expectOk(await post(app, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'current' }, headers).then((a) => ({ ...a, body: { ...a.body, data: {} } })));
    const fundsCode = lastCode(account, 'change_funds_pwd');
    expectRefusal(await post(app, '/api/user/funds_pwd', { code: fundsCode, password: 'Funds2026', password_repeat: 'Funds2026' }, headers), 400, EN.fundsPasswordGuessable);
    expectRefusal(await post(app, '/api/user/funds_pwd', { code: fundsCode, password: STRONG, password_repeat: STRONG }, headers), 400, EN.fundsPasswordSameAsLogin);
    expectRefusal(await post(app, '/api/user/funds_pwd', { code: fundsCode, password: STRONG, password_repeat: STRONG }, { ...headers, lang: 'ja_JP' }), 400, MESSAGES.ja_JP.fundsPasswordSameAsLogin);
    expectOk(await post(app, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' }, headers).then((a) => ({ ...a, body: { ...a.body, data: {} } })));
    const loginCode = lastCode(account, 'change_login_pwd');
    expectRefusal(await post(app, '/api/user/login_pwd', { code: loginCode, password: 'abc12345', password_repeat: 'abc12345' }, headers), 400, EN.passwordGuessable);
    expectRefusal(await post(app, '/api/user/login_pwd', { code: loginCode, password: FUNDS, password_repeat: FUNDS }, headers), 400, EN.fundsPasswordSameAsLogin);
    // Nothing changed, and both codes still work for a good password.
    expectOk(await post(app, '/api/login', { account, password: STRONG }));
    expect((await post(app, '/api/user/funds_pwd', { code: fundsCode, password: 'Vault-Otter-2026', password_repeat: 'Vault-Otter-2026' }, headers)).body.code).toBe(200);
  });
});

describe('no enumeration', () => {
  it('answers a registration code request the same for a taken and a free account; the taken one gets a notice, no code', async () => {
    const taken = 'enum-taken@example.org';
    await signUp(taken);
    await ageCodes(taken);
    const before = outbox.length;
    const forTaken = await post(app, '/api/send_code', { account: taken, purpose: 'register' }, { lang: 'fr_FR' });
    const forFree = await post(app, '/api/send_code', { account: 'enum-free@example.org', purpose: 'register' }, { lang: 'fr_FR' });
    sameAnswer(forTaken, forFree);
    expect(forTaken.body).toEqual({ code: 200, msg: MESSAGES.fr_FR.codeSent, data: null });
    expect(outbox.slice(before).map((m) => [m.to, m.purpose, m.code])).toEqual([
      [taken, 'register_existing', ''],
      ['enum-free@example.org', 'register', expect.stringMatching(/^\d{6}$/)],
    ]);
    // The resend limit answers alike too.
    sameAnswer(await post(app, '/api/send_code', { account: taken, purpose: 'register' }), await post(app, '/api/send_code', { account: 'enum-free@example.org', purpose: 'register' }));
    // Step one with a guessed code: the same refusal.
    sameAnswer(await post(app, '/api/register', { account: taken, code: '123456' }), await post(app, '/api/register', { account: 'enum-free2@example.org', code: '123456' }));
  });

  it('answers a reset code request the same for a known and an unknown account, sending nothing to the unknown one', async () => {
    const known = 'enum-known@example.org';
    await signUp(known);
    const before = outbox.length;
    const forKnown = await post(app, '/api/send_code', { account: known, purpose: 'reset' });
    const forUnknown = await post(app, '/api/send_code', { account: 'enum-ghost@example.org', purpose: 'reset' });
    sameAnswer(forKnown, forUnknown);
    expect(forKnown.body).toEqual({ code: 200, msg: EN.codeSent, data: null });
    expect(outbox.slice(before).map((m) => [m.to, m.purpose])).toEqual([[known, 'reset']]);
    const againKnown = await post(app, '/api/send_code', { account: known, purpose: 'reset' });
    sameAnswer(againKnown, await post(app, '/api/send_code', { account: 'enum-ghost@example.org', purpose: 'reset' }));
    expectRefusal(againKnown, 400, EN.codeTooSoon);
  });

  it('answers login the same for an unknown account and a wrong password', async () => {
    await signUp('enum-login@example.org');
    sameAnswer(
      await post(app, '/api/login', { account: 'enum-login@example.org', password: 'Wrong-Pass-2026' }, { lang: 'ko_KR' }),
      await post(app, '/api/login', { account: 'enum-nobody@example.org', password: 'Wrong-Pass-2026' }, { lang: 'ko_KR' }),
    );
  });
});

describe('withdrawal lock after a security change', () => {
  it('locks withdrawals for 24 h after a login password change, saying until when in the user language', async () => {
    const account = 'lock-login@example.org';
    const user = await signUp(account);
    await fund(user.headers, '100');
    expectOk(await post(app, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' }, user.headers).then((a) => ({ ...a, body: { ...a.body, data: {} } })));
    const started = Date.now();
    const changed = await post(app, '/api/user/login_pwd', { code: lastCode(account, 'change_login_pwd'), password: 'Fresh-Heron-2026', password_repeat: 'Fresh-Heron-2026' }, user.headers);
    expect(changed.body.code).toBe(200);
    const [row] = await db.query<{ until: string; reason: string }>('select withdrawals_locked_until_ms as until, withdrawals_lock_reason as reason from app_user where id = $1', [user.id]);
    const until = Number(row!.until);
    expect(until).toBeGreaterThanOrEqual(started + WITHDRAWAL_LOCK_MS);
    expect(row!.reason).toBe('login_password');
    const login = expectOk(await post<{ token: string }>(app, '/api/login', { account, password: 'Fresh-Heron-2026' }));
    const headers = { token: login.token };
    expectRefusal(await withdraw(headers), 400, translate('en_US', 'withdrawalsLocked', { until: formatUtc(until) }));
    const inSpanish = await withdraw(headers, {}, 'es_ES');
    expectRefusal(inSpanish, 400, translate('es_ES', 'withdrawalsLocked', { until: formatUtc(until) }));
    expect(inSpanish.body.msg).toContain(formatUtc(until));
    expect(await db.query('select 1 from withdrawal where user_id = $1', [user.id])).toEqual([]);
    // A day later (the wallet's clock), the withdrawal goes.
    clock = until + 1;
    expectOk(await withdraw(headers));
  });

  it('locks after a fund password change too, and a later, shorter lock never shortens it (the kernel helper)', async () => {
    const account = 'lock-fp@example.org';
    const user = await signUp(account);
    await fund(user.headers, '100');
    expectOk(await post(app, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'current' }, user.headers).then((a) => ({ ...a, body: { ...a.body, data: {} } })));
    const changed = await post(app, '/api/user/funds_pwd', { code: lastCode(account, 'change_funds_pwd'), password: 'Vault-Otter-2026', password_repeat: 'Vault-Otter-2026' }, user.headers);
    expect(changed.body.msg).toBe(EN.fundsPasswordChanged);
    await lockWithdrawals(db, user.id, Date.now() + 1000, 'two_factor');
    const [row] = await db.query<{ until: string; reason: string }>('select withdrawals_locked_until_ms as until, withdrawals_lock_reason as reason from app_user where id = $1', [user.id]);
    expect(Number(row!.until)).toBeGreaterThan(Date.now() + WITHDRAWAL_LOCK_MS - 60_000);
    expect(row!.reason).toBe('funds_password');
    expectRefusal(await withdraw(user.headers, { funds_password: 'Vault-Otter-2026' }), 400, /^For your safety, withdrawals are locked until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });
});

describe('allowlist mode', () => {
  it('sends withdrawals only to saved addresses, each usable 24 h after it was saved', async () => {
    const account = 'allow@example.org';
    const user = await signUp(account);
    await fund(user.headers, '100');
    const on = await post<SecurityLevel>(app, SAFETY_PATHS.allowlist, { enabled: true }, user.headers);
    expect(on.body.msg).toBe(EN.allowlistTurnedOn);
    expect(on.body.data).toMatchObject({ allowlist: true, withdrawals_locked_until: 0 });
    expectRefusal(await withdraw(user.headers), 400, EN.withdrawalAddressNotSaved);
    const saved = expectOk(await post<WithdrawalAddress>(app, '/api/user/address_add', { currency: 'USDT', network: 'TRC20', address: ADDRESS, note: 'cold wallet' }, user.headers));
    expect(saved.usable_from).toBeGreaterThan(Date.now() + WITHDRAWAL_LOCK_MS - 60_000);
    expectRefusal(await withdraw(user.headers), 400, translate('en_US', 'withdrawalAddressNotYetUsable', { from: formatUtc(saved.usable_from!) }));
    // The client names its time zone: the moment reads in the reader's language and local time, as
    // the address book shows it (issue 50 M5), not "2026-11-28 10:29 UTC".
    const local = await withdraw({ ...user.headers, 'time-zone': 'Asia/Tokyo' } as { token: string }, {}, 'de_DE');
    expectRefusal(local, 400, translate('de_DE', 'withdrawalAddressNotYetUsable', { from: formatDateTime(saved.usable_from!, 'de_DE', 'Asia/Tokyo') }));
    expect(local.body.msg).not.toContain('UTC');
    // A name Intl does not know is ignored: UTC, marked.
    const unknownZone = await withdraw({ ...user.headers, 'time-zone': 'Mars/Olympus' } as { token: string });
    expect(unknownZone.body.msg).toContain(formatUtc(saved.usable_from!));
    // Saved for another network: still not on the list.
    expectRefusal(await withdraw(user.headers, { address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }), 400, EN.withdrawalAddressNotSaved);
    expect(await db.query('select 1 from withdrawal where user_id = $1', [user.id])).toEqual([]);
    clock = saved.usable_from! + 1;
    expectOk(await withdraw(user.headers));
  });

  it('turning allowlist mode off locks withdrawals for 24 h; bad input changes nothing', async () => {
    const user = await signUp('allow-off@example.org');
    expectRefusal(await post(app, SAFETY_PATHS.allowlist, { enabled: 'no' }, user.headers), 400);
    expectRefusal(await post(app, SAFETY_PATHS.allowlist, {}, user.headers), 400);
    expectRefusal(await post(app, SAFETY_PATHS.allowlist, { enabled: true }), 403);
    // Off while off: nothing to lock.
    expect(expectOk(await post<SecurityLevel>(app, SAFETY_PATHS.allowlist, { enabled: false }, user.headers)).withdrawals_locked_until).toBe(0);
    expectOk(await post(app, SAFETY_PATHS.allowlist, { enabled: true }, user.headers));
    const off = await post<SecurityLevel>(app, SAFETY_PATHS.allowlist, { enabled: false }, user.headers);
    expect(off.body.msg).toBe(EN.allowlistTurnedOff);
    expect(off.body.data!.withdrawals_locked_until).toBeGreaterThan(Date.now() + WITHDRAWAL_LOCK_MS - 60_000);
  });
});

describe('security level', () => {
  it('counts what is really on and says what to do next', async () => {
    const user = await signUp('level@example.org');
    const level = expectOk(await post<SecurityLevel>(app, SAFETY_PATHS.securityLevel, {}, user.headers));
    expect(level).toMatchObject({ score: 0, level: 'low', next: 'two_factor', allowlist: false });
    await db.query(`update app_user set name_status = 3, anti_phishing = 'blue heron' where id = $1`, [user.id]);
    await post(app, SAFETY_PATHS.allowlist, { enabled: true }, user.headers);
    const raised = expectOk(await post<SecurityLevel>(app, SAFETY_PATHS.securityLevel, {}, user.headers));
    expect(raised).toMatchObject({ score: 3, level: 'medium', next: 'two_factor' });
    expect(raised.items).toEqual([
      { id: 'two_factor', on: false },
      { id: 'identity', on: true },
      { id: 'anti_phishing', on: true },
      { id: 'allowlist', on: true },
    ]);
    await db.query(`insert into user_two_factor (user_id, secret, enabled) values ($1, 'JBSWY3DPEHPK3PXP', true)`, [user.id]);
    expect(expectOk(await post<SecurityLevel>(app, SAFETY_PATHS.securityLevel, {}, user.headers))).toMatchObject({ score: 4, level: 'high', next: null });
    expectRefusal(await post(app, SAFETY_PATHS.securityLevel, {}), 403);
  });
});
