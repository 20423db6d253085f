import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../domain/api.js';
import { accounts } from '../../server/products/accounts/accounts.js';
import type { CodeMessage } from '../../server/products/accounts/delivery.js';
import { userCentre } from '../../server/products/accounts/userCentre.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildApp } from './buildApp.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { databaseFiatRates } from '../../server/products/markets/fiatRates.js';
import { expectOk, expectRefusal, post } from './http.js';
import { openTestDatabase } from './testDb.js';

let db: Database;
let app: FastifyInstance;
const outbox: CodeMessage[] = [];
const lastCode = (to: string, purpose: string) => [...outbox].reverse().find((m) => m.to === to && m.purpose === purpose)?.code ?? '';
const EN = MESSAGES.en_US;
const strong = 'Trader2026!';
const PNG = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]).toString('base64')}`;

beforeAll(async () => {
  db = await openTestDatabase();
  const delivery = { deliver: async (m: CodeMessage) => void outbox.push(m) };
  app = await buildApp({
    db,
    rates: databaseFiatRates(db),
    accounts: accounts({ db, delivery, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true }),
    userCentre: userCentre({ db, delivery, dataDir: mkdtempSync(join(tmpdir(), 'openex-user-')) }),
  });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

/** Registers an account and returns its token header. */
async function signUp(account: string, area_code?: string): Promise<{ token: string }> {
  const area = area_code ? { area_code } : {};
  await post(app, '/api/send_code', { account, purpose: 'register', ...area });
  const target = area_code ? `+${area_code}-${account}` : account;
  const grant = expectOk(
    await post<{ token: string }>(app, '/api/register_next', {
      account, ...area, code: lastCode(target, 'register'), password: strong, password_repeat: strong,
      funds_password: 'Funds2026!', funds_password_repeat: 'Funds2026!', invitation_code: 'OPENEX', agree: true,
    }),
  );
  return { token: grant.token };
}
const me = async (h: { token: string }) => (await post<UserInfo>(app, '/api/center/index', {}, h)).body;
/** Lets the next code for a target be sent at once (the one-a-minute limit is tested in accounts). */
const ageCodes = (target: string) => db.query(`update verification_code set created_at = now() - interval '2 minutes' where target = $1`, [target]);

const ENDPOINTS: Array<[string, object]> = [
  ['/api/user/nickname', { nickname: 'x' }],
  ['/api/user/avatar', { image: PNG }],
  ['/api/user/avatar_image', {}],
  ['/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' }],
  ['/api/user/login_pwd', { code: '123456', password: strong, password_repeat: strong }],
  ['/api/user/funds_pwd', { code: '123456', password: strong, password_repeat: strong }],
  ['/api/user/email', { code: '123456', account: 'a@b.org', new_code: '123456' }],
  ['/api/user/phone', { code: '123456', account: '13800138000', new_code: '123456' }],
  ['/api/user/addresses', {}],
  ['/api/user/address_add', { currency: 'USDT', network: 'TRC20', address: 'T1', note: 'mine' }],
  ['/api/user/address_delete', { id: 1 }],
  ['/api/user/coll_methods', {}],
  ['/api/user/coll_method_add', { real_name: 'A', card_number: '1', bank_name: 'B' }],
  ['/api/user/coll_method_edit', { id: 1, real_name: 'A', card_number: '1', bank_name: 'B' }],
  ['/api/user/coll_method_delete', { id: 1 }],
];

describe('user centre: login required', () => {
  it.each(ENDPOINTS)('%s answers body code 403 without a token or with a dead one', async (url, body) => {
    expectRefusal(await post(app, url, body), 403, EN.notLoggedIn);
    expectRefusal(await post(app, url, body, { token: 'nope' }), 403, EN.notLoggedIn);
  });

  it('answers bad input with a translated 400, never a 500', async () => {
    const h = await signUp('bad@example.org');
    expectRefusal(await post(app, '/api/user/nickname', {}, h), 400, 'Invalid value: Nickname (nickname)');
    expectRefusal(await post(app, '/api/user/address_delete', { id: 'x' }, h), 400);
    expectRefusal(await post(app, '/api/user/coll_method_edit', { id: -1, real_name: 'a', card_number: '1', bank_name: 'b' }, h), 400);
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'register', to: 'current' }, h), 400);
    expectRefusal(await post(app, '/api/user/address_add', '{"currency":', { ...h, 'content-type': 'application/json' }), 400);
  });
});

describe('personal info and general settings (/user/user, /user/c-set)', () => {
  it('trims and saves the nickname, with its validation messages', async () => {
    const h = await signUp('nick@example.org');
    const saved = await post<UserInfo>(app, '/api/user/nickname', { nickname: '  Ada  ' }, h);
    expect(saved.body.msg).toBe(EN.profileSaved);
    expect(expectOk(saved).nickname).toBe('Ada');
    expect((await me(h)).data?.nickname).toBe('Ada');
    expectRefusal(await post(app, '/api/user/nickname', { nickname: '   ' }, h), 400, EN.nicknameRequired);
    expectRefusal(await post(app, '/api/user/nickname', { nickname: 'x'.repeat(25) }, h), 400, EN.nicknameTooLong);
    expect(expectOk(await post<UserInfo>(app, '/api/user/nickname', { nickname: 'x'.repeat(24) }, h)).nickname).toHaveLength(24);
    expectRefusal(await post(app, '/api/user/nickname', { nickname: '' }, { ...h, lang: 'ja_JP' }), 400, MESSAGES.ja_JP.nicknameRequired);
  });

  it('stores an avatar and serves it back only to its owner', async () => {
    const a = await signUp('avatar-a@example.org');
    const b = await signUp('avatar-b@example.org');
    expect(expectOk(await post<{ data_url: string }>(app, '/api/user/avatar_image', {}, a)).data_url).toBe('');
    const user = expectOk(await post<UserInfo>(app, '/api/user/avatar', { image: PNG }, a));
    expect(user.avatar).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(expectOk(await post<{ data_url: string }>(app, '/api/user/avatar_image', {}, a)).data_url).toBe(PNG);
    expect(expectOk(await post<{ data_url: string }>(app, '/api/user/avatar_image', {}, b)).data_url).toBe('');
    expectRefusal(await post(app, '/api/user/avatar', { image: 'data:image/png;base64,AAAA' }, a), 400, EN.avatarInvalid);
    expectRefusal(await post(app, '/api/user/avatar', { image: PNG.replace('image/png', 'image/jpeg') }, a), 400, EN.avatarInvalid);
    const big = `data:image/png;base64,${Buffer.alloc(210 * 1024, 1).toString('base64')}`;
    expectRefusal(await post(app, '/api/user/avatar', { image: big }, a), 400, EN.avatarTooLarge);
  });
});

describe('security changes (s-loginpwd, s-securitypwd, s-emailset, s-phoneset)', () => {
  it('changes the login password with a code, ends every session, and the new password logs in', async () => {
    const h = await signUp('lpwd@example.org');
    const other = expectOk(await post<{ token: string }>(app, '/api/login', { account: 'lpwd@example.org', password: strong }));
    const sent = await post(app, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' }, h);
    expect(sent.body).toEqual({ code: 200, msg: EN.codeSent, data: null });
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'current' }, h), 400, EN.codeTooSoon);
    const code = lastCode('lpwd@example.org', 'change_login_pwd');
    expectRefusal(await post(app, '/api/user/login_pwd', { code, password: 'short1', password_repeat: 'short1' }, h), 400, EN.passwordWeak);
    expectRefusal(await post(app, '/api/user/login_pwd', { code, password: 'Fresh2026x', password_repeat: 'Fresh2026y' }, h), 400, EN.passwordsDiffer);
    expectRefusal(await post(app, '/api/user/login_pwd', { code: code === '000000' ? '111111' : '000000', password: 'Fresh2026x', password_repeat: 'Fresh2026x' }, h), 400, EN.codeInvalid);
    const changed = await post(app, '/api/user/login_pwd', { code, password: 'Fresh2026x', password_repeat: 'Fresh2026x' }, h);
    expect(changed.body).toEqual({ code: 200, msg: EN.loginAgain, data: null });
    expectRefusal(await post(app, '/api/center/index', {}, h), 403);
    expectRefusal(await post(app, '/api/center/index', {}, { token: other.token }), 403);
    expectRefusal(await post(app, '/api/login', { account: 'lpwd@example.org', password: strong }), 400, EN.loginFailed);
    const again = expectOk(await post<{ token: string }>(app, '/api/login', { account: 'lpwd@example.org', password: 'Fresh2026x' }));
    // A replayed code is refused.
    expectRefusal(await post(app, '/api/user/login_pwd', { code, password: 'Other-Lamp-2026', password_repeat: 'Other-Lamp-2026' }, { token: again.token }), 400, EN.codeInvalid);
  });

  it('changes the fund password and keeps the session; an expired code is refused', async () => {
    const h = await signUp('fpwd@example.org');
    await post(app, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'current' }, h);
    const code = lastCode('fpwd@example.org', 'change_funds_pwd');
    expectRefusal(await post(app, '/api/user/funds_pwd', { code, password: 'Funds2026a', password_repeat: 'Funds2026b' }, h), 400, EN.fundsPasswordsDiffer);
    await db.query(`update verification_code set expires_at = now() - interval '1 second' where target = 'fpwd@example.org'`);
    expectRefusal(await post(app, '/api/user/funds_pwd', { code, password: 'Funds2026a', password_repeat: 'Funds2026a' }, h), 400, EN.codeInvalid);
    await ageCodes('fpwd@example.org');
    await post(app, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'current' }, h);
    const fresh = lastCode('fpwd@example.org', 'change_funds_pwd');
    const done = await post(app, '/api/user/funds_pwd', { code: fresh, password: 'Funds2026a', password_repeat: 'Funds2026a' }, h);
    expect(done.body).toEqual({ code: 200, msg: EN.fundsPasswordChanged, data: null });
    expect((await me(h)).code).toBe(200);
  });

  it('sends a code to a new address only for an email or phone change: other purposes are refused in their own words, sending nothing', async () => {
    const h = await signUp('newonly@example.org');
    const sent = outbox.length;
    const codes = async () => (await db.query(`select 1 from verification_code where target in ('newonly@example.org', 'fresh@example.org')`)).length;
    const before = await codes();
    for (const purpose of ['change_login_pwd', 'change_funds_pwd', 'anti_phishing']) {
      expectRefusal(await post(app, '/api/user/send_code', { purpose, to: 'new', account: 'fresh@example.org' }, h), 400, EN.codeNewAddressPurpose);
    }
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'change_funds_pwd', to: 'new' }, { ...h, lang: 'fr_FR' }), 400, MESSAGES.fr_FR.codeNewAddressPurpose);
    expect(EN.codeNewAddressPurpose).toBe('Only an email or phone change sends a code to a new address: send this code to your current account');
    expect(outbox.length).toBe(sent);
    expect(await codes()).toBe(before);
  });

  it('changes the email with a code to the old and to the new address; the new one must be free', async () => {
    const h = await signUp('old@example.org');
    await signUp('taken@example.org');
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'change_email', to: 'new', account: 'taken@example.org' }, h), 400, EN.accountExists);
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'change_email', to: 'new', account: 'OLD@example.org' }, h), 400, EN.accountUnchanged);
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'change_email', to: 'new', account: '13800138000' }, h), 400, EN.accountInvalid);
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'change_login_pwd', to: 'new', account: 'x@example.org' }, h), 400, EN.codeNewAddressPurpose);
    expect((await post(app, '/api/user/send_code', { purpose: 'change_email', to: 'current' }, h)).body.code).toBe(200);
    expect((await post(app, '/api/user/send_code', { purpose: 'change_email', to: 'new', account: 'New@Example.org' }, h)).body.code).toBe(200);
    const oldCode = lastCode('old@example.org', 'change_email');
    const newCode = lastCode('new@example.org', 'change_email');
    const wrong = newCode === '000000' ? '111111' : '000000';
    expectRefusal(await post(app, '/api/user/email', { code: oldCode, account: 'new@example.org', new_code: wrong }, h), 400, EN.codeInvalid);
    expectRefusal(await post(app, '/api/user/email', { code: oldCode, account: 'taken@example.org', new_code: newCode }, h), 400, EN.codeInvalid);
    const done = await post(app, '/api/user/email', { code: oldCode, account: 'new@example.org', new_code: newCode }, h);
    expect(done.body).toEqual({ code: 200, msg: EN.loginAgain, data: null });
    expectRefusal(await post(app, '/api/center/index', {}, h), 403);
    const again = expectOk(await post<{ token: string; user_info: UserInfo }>(app, '/api/login', { account: 'new@example.org', password: strong }));
    expect(again.user_info).toMatchObject({ account: 'new@example.org', email: 'new@example.org' });
    expectRefusal(await post(app, '/api/user/email', { code: oldCode, account: 'newer@example.org', new_code: newCode }, { token: again.token }), 400, EN.codeInvalid);
  });

  it('changes the phone the same way, keeping the kind of account', async () => {
    const h = await signUp('13900000001', '86');
    expectRefusal(await post(app, '/api/user/send_code', { purpose: 'change_phone', to: 'new', account: 'me@example.org' }, h), 400, EN.accountInvalid);
    await post(app, '/api/user/send_code', { purpose: 'change_phone', to: 'current' }, h);
    await post(app, '/api/user/send_code', { purpose: 'change_phone', to: 'new', account: '13900000002', area_code: '86' }, h);
    const body = { code: lastCode('+86-13900000001', 'change_phone'), account: '13900000002', area_code: '86', new_code: lastCode('+86-13900000002', 'change_phone') };
    expect((await post(app, '/api/user/phone', body, h)).body).toEqual({ code: 200, msg: EN.loginAgain, data: null });
    const again = expectOk(await post<{ user_info: UserInfo }>(app, '/api/login', { account: '13900000002', area_code: '86', password: strong }));
    expect(again.user_info).toMatchObject({ account: '+86-13900000002', phone: '+86-13900000002' });
  });
});

describe('withdrawal addresses (c-symAddr)', () => {
  it('adds, lists and deletes, with the note rule of 4 to 20 characters', async () => {
    const a = await signUp('addr-a@example.org');
    const b = await signUp('addr-b@example.org');
    const base = { currency: 'usdt', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', note: 'abc' };
    expectRefusal(await post(app, '/api/user/address_add', base, a), 400, EN.noteLength);
    expectRefusal(await post(app, '/api/user/address_add', { ...base, note: 'x'.repeat(21) }, a), 400, EN.noteLength);
    expectRefusal(await post(app, '/api/user/address_add', { ...base, address: '  ', note: 'abcd' }, a), 400, EN.addressRequired);
    expectRefusal(await post(app, '/api/user/address_add', { ...base, network: '', note: 'abcd' }, a), 400, EN.networkRequired);
    expectRefusal(await post(app, '/api/user/address_add', { ...base, currency: ' ', note: 'abcd' }, a), 400, EN.currencyRequired);
    expectRefusal(await post(app, '/api/user/address_add', base, { ...a, lang: 'de_DE' }), 400, MESSAGES.de_DE.noteLength);
    const added = await post<{ id: number }>(app, '/api/user/address_add', { ...base, note: ' abcd ' }, a);
    expect(added.body.msg).toBe(EN.addressAdded);
    const row = expectOk(added);
    expect(row).toMatchObject({ currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', note: 'abcd' });
    expect(expectOk(await post<unknown[]>(app, '/api/user/addresses', {}, a))).toEqual([row]);
    expect(expectOk(await post<unknown[]>(app, '/api/user/addresses', {}, b))).toEqual([]);
    expectRefusal(await post(app, '/api/user/address_delete', { id: row.id }, b), 404, EN.notFound);
    expect((await post(app, '/api/user/address_delete', { id: row.id }, a)).body).toEqual({ code: 200, msg: EN.addressDeleted, data: null });
    expectRefusal(await post(app, '/api/user/address_delete', { id: row.id }, a), 404);
  });
});

describe('collection methods (c-collAddr, addCollAddr, editCollAddr)', () => {
  it('adds, edits and deletes its own methods only', async () => {
    const a = await signUp('coll-a@example.org');
    const b = await signUp('coll-b@example.org');
    const base = { real_name: 'Ada Lovelace', card_number: '6222 0000 1111', bank_name: 'Bank of Tests', currency: 'USD' };
    expectRefusal(await post(app, '/api/user/coll_method_add', { ...base, real_name: ' ' }, a), 400, EN.realNameRequired);
    expectRefusal(await post(app, '/api/user/coll_method_add', { ...base, card_number: '' }, a), 400, EN.cardNumberRequired);
    expectRefusal(await post(app, '/api/user/coll_method_add', { ...base, bank_name: '' }, a), 400, EN.bankNameRequired);
    const added = await post<{ id: number }>(app, '/api/user/coll_method_add', base, a);
    expect(added.body.msg).toBe(EN.collMethodAdded);
    const row = expectOk(added);
    expect(row).toMatchObject({ ...base, branch: '' });
    const edit = { id: row.id, ...base, bank_name: 'Second Bank', branch: 'Main St' };
    expectRefusal(await post(app, '/api/user/coll_method_edit', edit, b), 404, EN.notFound);
    expectRefusal(await post(app, '/api/user/coll_method_edit', { ...edit, bank_name: ' ' }, a), 400, EN.bankNameRequired);
    const edited = await post(app, '/api/user/coll_method_edit', edit, a);
    expect(edited.body).toEqual({ code: 200, msg: EN.collMethodEdited, data: { ...edit } });
    expect(expectOk(await post<unknown[]>(app, '/api/user/coll_methods', {}, b))).toEqual([]);
    expectRefusal(await post(app, '/api/user/coll_method_delete', { id: row.id }, b), 404);
    expect(expectOk(await post<unknown[]>(app, '/api/user/coll_methods', {}, a))).toHaveLength(1);
    expect((await post(app, '/api/user/coll_method_delete', { id: row.id }, a)).body).toEqual({ code: 200, msg: EN.collMethodDeleted, data: null });
    expect(expectOk(await post<unknown[]>(app, '/api/user/coll_methods', {}, a))).toEqual([]);
  });
});
