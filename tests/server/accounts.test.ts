import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeMessage } from '../../server/products/accounts/delivery.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, post } from './http.js';
import { openAccountsApp } from './support/accountsApp.js';

let db: Database;
let app: FastifyInstance;
const outbox: CodeMessage[] = [];
const lastCode = (to: string) => [...outbox].reverse().find((m) => m.to === to)?.code ?? '';

beforeAll(async () => {
  ({ db, app } = await openAccountsApp(outbox));
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const EN = MESSAGES.en_US;
/** Success for calls whose answer carries no data (code sent, logged out). */
const expectDone = (answer: { status: number; body: { code: number } }) => {
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(200);
};
const strong = 'Trader2026!';
const registration = (account: string, code: string, over: Record<string, unknown> = {}) => ({
  account,
  code,
  password: strong,
  password_repeat: strong,
  funds_password: 'Funds2026!',
  funds_password_repeat: 'Funds2026!',
  invitation_code: 'openex',
  agree: true,
  ...over,
});

async function registered(account: string): Promise<{ token: string; user_info: { id: number; account: string; info: { name_status: number } } }> {
  expectDone(await post(app, '/api/send_code', { account, purpose: 'register' }));
  return expectOk(await post(app, '/api/register_next', registration(account, lastCode(account.toLowerCase())))) as never;
}

describe('registration (spec §2 /reg then /reg-next)', () => {
  it('sends a 6-digit code, checks it in step one without using it up, and creates the account in step two', async () => {
    const sent = await post(app, '/api/send_code', { account: 'Ada@Example.org', purpose: 'register' });
    expect(sent.body).toEqual({ code: 200, msg: EN.codeSent, data: null });
    const code = lastCode('ada@example.org');
    expect(code).toMatch(/^\d{6}$/);
    expectRefusal(await post(app, '/api/register', { account: 'ada@example.org', code: code === '000000' ? '111111' : '000000' }), 400, EN.codeInvalid);
    expect(expectOk(await post(app, '/api/register', { account: 'ada@example.org', code }))).toEqual({ account: 'ada@example.org' });
    const grant = expectOk(await post(app, '/api/register_next', registration('ada@example.org', code))) as { token: string; user_info: { account: string; info: { name_status: number } } };
    expect(grant.user_info).toMatchObject({ account: 'ada@example.org', info: { name_status: 1 } });
    expect(expectOk(await post(app, '/api/center/index', {}, { token: grant.token }))).toMatchObject({ account: 'ada@example.org' });
    // The code worked once; replaying it is refused.
    expectRefusal(await post(app, '/api/register_next', registration('ada@example.org', code)), 400);
  });

  it('refuses each invalid step-two field with its own translated message and creates nothing', async () => {
    expectDone(await post(app, '/api/send_code', { account: 'bob@example.org', purpose: 'register' }));
    const code = lastCode('bob@example.org');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'short1', password_repeat: 'short1' }, EN.passwordWeak],
      [{ password_repeat: 'Other2026!' }, EN.passwordsDiffer],
      [{ funds_password_repeat: 'Other2026!' }, EN.fundsPasswordsDiffer],
      [{ agree: false }, EN.agreementRequired],
      [{ code: '999999' === code ? '999998' : '999999' }, EN.codeInvalid],
    ];
    for (const [over, msg] of cases) expectRefusal(await post(app, '/api/register_next', registration('bob@example.org', code, over)), 400, msg);
    // A wrong invitation code names its field, so the form says it under that field (translated), not in a toast alone.
    const invitation = await post(app, '/api/register_next', registration('bob@example.org', code, { invitation_code: 'NOPE' }), { lang: 'de_DE' });
    expect(invitation.body).toEqual({ code: 400, msg: MESSAGES.de_DE.invitationInvalid, data: { field: 'invitation_code' } });
    expect(await db.query(`select 1 from app_user where account = 'bob@example.org'`)).toEqual([]);
    // None of the refusals used the code up: the valid submission still goes through.
    expectOk(await post(app, '/api/register_next', registration('bob@example.org', code)));
  });

  it('translates refusals, limits resends, answers taken accounts as free ones, refuses malformed ones', async () => {
    await registered('carol@example.org');
    // A taken account answers as a free one (no enumeration: accountSafety.test.ts), in the caller's language.
    await db.query(`delete from verification_code where target = 'carol@example.org'`);
    expect((await post(app, '/api/send_code', { account: 'carol@example.org', purpose: 'register' }, { lang: 'ja_JP' })).body).toEqual({ code: 200, msg: MESSAGES.ja_JP.codeSent, data: null });
    expectRefusal(await post(app, '/api/send_code', { account: 'not-an-email@', purpose: 'register' }), 400, EN.accountInvalid);
    expectDone(await post(app, '/api/send_code', { account: 'dave@example.org', purpose: 'register' }));
    expectRefusal(await post(app, '/api/send_code', { account: 'dave@example.org', purpose: 'register' }), 400, EN.codeTooSoon);
    expectRefusal(await post(app, '/api/send_code', { account: 'x@example.org', purpose: 'steal' }), 400);
    expectRefusal(await post(app, '/api/register_next', { account: 'x@example.org' }), 400);
  });

  it('kills a code after five wrong guesses and refuses an expired one', async () => {
    expectDone(await post(app, '/api/send_code', { account: 'erin@example.org', purpose: 'register' }));
    const code = lastCode('erin@example.org');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expectRefusal(await post(app, '/api/register', { account: 'erin@example.org', code: wrong }), 400, EN.codeInvalid);
    expectRefusal(await post(app, '/api/register', { account: 'erin@example.org', code }), 400, EN.codeInvalid);
    await db.query(`update verification_code set attempts = 0, expires_at = now() - interval '1 second' where target = 'erin@example.org'`);
    expectRefusal(await post(app, '/api/register', { account: 'erin@example.org', code }), 400, EN.codeInvalid);
  });

  it('registers phone accounts with their area code', async () => {
    expectDone(await post(app, '/api/send_code', { account: '138 0013 8000', area_code: '86', purpose: 'register' }));
    const grant = expectOk(await post(app, '/api/register_next', registration('13800138000', lastCode('+86-13800138000'), { area_code: '+86' }))) as { user_info: { account: string; phone: string } };
    expect(grant.user_info.account).toBe('+86-13800138000');
  });
});

describe('login, lockout and logout', () => {
  it('logs in with the right password and out again, which ends the session', async () => {
    await registered('frank@example.org');
    const grant = expectOk(await post(app, '/api/login', { account: 'FRANK@example.org', password: strong })) as { token: string };
    expectOk(await post(app, '/api/center/index', {}, { token: grant.token }));
    expectDone(await post(app, '/api/logout', {}, { token: grant.token }));
    expectRefusal(await post(app, '/api/center/index', {}, { token: grant.token }), 403);
  });

  it('says the same for an unknown account and a wrong password, and locks this client out after five wrong passwords', async () => {
    await registered('grace@example.org');
    expectRefusal(await post(app, '/api/login', { account: 'nobody@example.org', password: strong }), 400, EN.loginFailed);
    for (let i = 0; i < 4; i++) expectRefusal(await post(app, '/api/login', { account: 'grace@example.org', password: 'Wrong2026!' }), 400, EN.loginFailed);
    expectRefusal(await post(app, '/api/login', { account: 'grace@example.org', password: 'Wrong2026!' }), 400, EN.loginLockedHere.replace('{minutes}', '15'));
    // Locked on this client: even the right password waits (other clients do not: loginBackoff.test.ts).
    expectRefusal(await post(app, '/api/login', { account: 'grace@example.org', password: strong }, { lang: 'de_DE' }), 400, MESSAGES.de_DE.loginLockedHere.replace('{minutes}', '15'));
  });
});

describe('password reset (spec /forget-pass, /set-pass)', () => {
  it('resets with a code, ends every session, and the new password works', async () => {
    const { token } = await registered('heidi@example.org');
    expectDone(await post(app, '/api/send_code', { account: 'heidi@example.org', purpose: 'reset' }));
    const code = lastCode('heidi@example.org');
    const done = await post(app, '/api/forget_pass', { account: 'heidi@example.org', code, password: 'Fresh2026!', password_repeat: 'Fresh2026!' });
    expect(done.body).toEqual({ code: 200, msg: EN.passwordReset, data: null });
    expectRefusal(await post(app, '/api/center/index', {}, { token }), 403);
    expectRefusal(await post(app, '/api/login', { account: 'heidi@example.org', password: strong }), 400, EN.loginFailed);
    expectOk(await post(app, '/api/login', { account: 'heidi@example.org', password: 'Fresh2026!' }));
  });

  it('does not reveal whether an account exists', async () => {
    const before = outbox.length;
    const answer = await post(app, '/api/send_code', { account: 'ghost@example.org', purpose: 'reset' });
    expect(answer.body).toEqual({ code: 200, msg: EN.codeSent, data: null });
    expect(outbox.length).toBe(before);
  });

  it('stores passwords only as scrypt hashes', async () => {
    const [row] = await db.query<{ password_hash: string; funds_password_hash: string }>(`select password_hash, funds_password_hash from app_user where account = 'frank@example.org'`);
    expect(row!.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{43}$/); // at full cost in a server: passwords.test.ts
    expect(row!.password_hash).not.toContain(strong);
    expect(row!.funds_password_hash).not.toBe(row!.password_hash);
  });
});
