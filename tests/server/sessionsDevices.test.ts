import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordingTransport } from './support/mail.js';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginHistoryPage, SessionItem } from '../../domain/sessions.js';
import { USER_CHANNEL } from '../../domain/spotOrders.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../server/kernel/platform/http/app.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { accounts } from '../../server/products/accounts/accounts.js';
import { outboxDelivery, type CodeMessage } from '../../server/products/accounts/delivery.js';
import { accountRoutes } from '../../server/products/accounts/routes.js';
import { withAntiPhishing } from '../../server/products/accounts/sessions/antiPhishing.js';
import { DEVICE_COOKIE, networkOf } from '../../server/products/accounts/sessions/devices.js';
import { renderEmail } from '../../server/products/accounts/sessions/emails.js';
import { sessionRoutes } from '../../server/products/accounts/sessions/routes.js';
import { smtpDelivery } from '../../server/products/accounts/smtpDelivery.js';
import { userCentre } from '../../server/products/accounts/userCentre.js';
import { userRoutes } from '../../server/products/accounts/userRoutes.js';
import { call, expectOk, post } from './http.js';
import { startQuietServer } from './quietServer.js';
import { recordSocket } from './socketRecorder.js';
import { openTestDatabase } from './testDb.js';

/** Issue 35: sessions and devices, login history, the new-device email and the anti-phishing code. */
let db: Database;
let app: FastifyInstance;
const sent: CodeMessage[] = [];
const EN = MESSAGES.en_US;
const strong = 'Trader2026!';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

beforeAll(async () => {
  db = await openTestDatabase();
  // As product.ts composes it: every message goes through withAntiPhishing.
  const delivery = withAntiPhishing(db, { deliver: async (m: CodeMessage) => void sent.push(m) });
  const service = accounts({ db, delivery, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true });
  const centre = userCentre({ db, delivery, dataDir: mkdtempSync(join(tmpdir(), 'openex-sessions-')) });
  app = await buildHttp({ db, routes: [accountRoutes(db, service, { login: 1000, sendCode: 1000 }), userRoutes(db, centre), sessionRoutes(db)] });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const lastCode = (to: string, purpose: string) => [...sent].reverse().find((m) => m.to === to && m.purpose === purpose)?.code ?? '';
/** A browser (its user agent, and the device cookie it keeps; none: a browser the server has not met) at an address. */
const from = (userAgent: string, ip: string, lang = 'en_US', device?: string) => ({ 'user-agent': userAgent, lang, ip, device });
const OWN_CHROME = 'own-chrome-device-id-0123456789abcdef';
const OWN_FIREFOX = 'own-firefox-device-id-0123456789abcdef';

/** A request from a given browser and address. */
function ask<T>(url: string, body: object, who: { 'user-agent': string; lang: string; ip: string; device?: string }, token?: string) {
  const cookie = who.device ? { cookie: `${DEVICE_COOKIE}=${who.device}` } : {};
  return call<T>(app, { method: 'POST', url, payload: body, remoteAddress: who.ip, headers: { 'user-agent': who['user-agent'], lang: who.lang, ...cookie, ...(token ? { token } : {}) } });
}

let accountsMade = 0;
async function signUp(): Promise<{ account: string; token: string }> {
  const account = `sessions${++accountsMade}-${Date.now()}@example.org`;
  await post(app, '/api/send_code', { account, purpose: 'register' });
  const grant = expectOk(
    await ask<{ token: string }>('/api/register_next', {
      account, code: lastCode(account, 'register'), password: strong, password_repeat: strong,
      funds_password: 'Funds2026!', funds_password_repeat: 'Funds2026!', invitation_code: 'OPENEX', agree: true,
    }, from(CHROME, '10.0.0.1', 'en_US', OWN_CHROME)),
  );
  return { account, token: grant.token };
}
const login = async (account: string, who: ReturnType<typeof from>, password = strong) => ask<{ token: string }>('/api/login', { account, password }, who);
const sessions = async (token: string) => expectOk(await ask<SessionItem[]>('/api/user/sessions', {}, from(CHROME, '10.0.0.1'), token));
const ageCodes = (target: string) => db.query(`update verification_code set created_at = now() - interval '2 minutes' where target = $1`, [target]);

describe('sessions', () => {
  it('lists the live sessions with device, address, first and last seen, this one marked', async () => {
    const me = await signUp();
    const other = expectOk(await login(me.account, from(FIREFOX, '10.0.0.2'))).token;
    const list = await sessions(me.token);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: 'Chrome / Windows', ip: '10.0.0.1', current: true });
    expect(list[1]).toMatchObject({ device: 'Firefox / Linux', ip: '10.0.0.2', current: false });
    for (const s of list) expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    // Another token's view marks its own.
    expect((await sessions(other)).find((s) => s.current)?.ip).toBe('10.0.0.2');
  });

  it('revokes one session: its token is refused after; an unknown or someone else\'s id changes nothing', async () => {
    const me = await signUp();
    const stranger = await signUp();
    const other = expectOk(await login(me.account, from(FIREFOX, '10.0.0.3'))).token;
    const target = (await sessions(me.token)).find((s) => !s.current)!;
    const strangers = await sessions(stranger.token);

    const refused = await ask('/api/user/session_revoke', { id: strangers[0]!.id }, from(CHROME, '10.0.0.1', 'de_DE'), me.token);
    expect(refused.body).toMatchObject({ code: 404, msg: MESSAGES.de_DE.sessionNotFound });
    expect(await sessions(stranger.token)).toHaveLength(1);
    const bad = await ask('/api/user/session_revoke', { id: 'x' }, from(CHROME, '10.0.0.1'), me.token);
    expect(bad.body.code).toBe(400);

    const done = await ask('/api/user/session_revoke', { id: target.id }, from(CHROME, '10.0.0.1'), me.token);
    expect(done.body).toMatchObject({ code: 200, msg: EN.sessionRevoked });
    expect((await ask('/api/user/sessions', {}, from(FIREFOX, '10.0.0.3'), other)).body.code).toBe(403);
    expect((await sessions(me.token)).map((s) => s.current)).toEqual([true]);
    // Twice: already ended.
    expect((await ask('/api/user/session_revoke', { id: target.id }, from(CHROME, '10.0.0.1'), me.token)).body.code).toBe(404);
  });

  it('signs out every other session; this one still works', async () => {
    const me = await signUp();
    const a = expectOk(await login(me.account, from(FIREFOX, '10.0.0.4'))).token;
    const b = expectOk(await login(me.account, from(FIREFOX, '10.0.0.5'))).token;
    const answer = await ask<{ count: number }>('/api/user/sessions_revoke_others', {}, from(CHROME, '10.0.0.1', 'ja_JP'), me.token);
    expect(answer.body).toMatchObject({ code: 200, msg: MESSAGES.ja_JP.sessionsRevoked.replace('{count}', '2'), data: { count: 2 } });
    for (const token of [a, b]) expect((await ask('/api/user/sessions', {}, from(FIREFOX, '10.0.0.4'), token)).body.code).toBe(403);
    expect(await sessions(me.token)).toHaveLength(1);
  });
});

describe('login history', () => {
  it('records successes, wrong passwords and locks with time, address and device, newest first, paged', async () => {
    const me = await signUp();
    expect((await login(me.account, from(FIREFOX, '10.0.1.1'), 'Wrong2026!')).body.msg).toBe(EN.loginFailed);
    for (let i = 0; i < 4; i++) await login(me.account, from(FIREFOX, '10.0.1.1'), 'Wrong2026!');
    // The fifth wrong password locked this client: the next try is refused as locked.
    await login(me.account, from(FIREFOX, '10.0.1.1'));
    expectOk(await login(me.account, from(CHROME, '10.0.1.2')));
    // The refusals are written without waiting; a read after them on the same database sees them.
    const page = expectOk(await ask<LoginHistoryPage>('/api/user/login_history', { page: 1, size: 3 }, from(CHROME, '10.0.0.1'), me.token));
    expect(page.total).toBe(7);
    expect(page.list.map((r) => r.result)).toEqual(['success', 'locked', 'locked']);
    expect(page.list[0]).toMatchObject({ ip: '10.0.1.2', device: 'Chrome / Windows' });
    const last = expectOk(await ask<LoginHistoryPage>('/api/user/login_history', { page: 3, size: 3 }, from(CHROME, '10.0.0.1'), me.token));
    expect(last.list.map((r) => [r.result, r.ip, r.device])).toEqual([['wrong_password', '10.0.1.1', 'Firefox / Linux']]);
    expect(Date.parse(last.list[0]!.at)).toBeGreaterThan(0);
    // Bad paging is a translated 400.
    const bad = await ask('/api/user/login_history', { page: 0 }, from(CHROME, '10.0.0.1', 'fr_FR'), me.token);
    expect(bad.body.code).toBe(400);
  });
});

describe('new-device email', () => {
  it('is sent once per browser (its device cookie) and network (/24, /48), in the sign-in language, beside the in-app notice', async () => {
    const me = await signUp();
    const mails = () => sent.filter((m) => m.to === me.account && m.purpose === 'login_new_device');
    // The registering browser is known, on its network too (another address of the same /24).
    expectOk(await login(me.account, from(CHROME, '10.0.0.1', 'en_US', OWN_CHROME)));
    expectOk(await login(me.account, from(CHROME, '10.0.0.77', 'en_US', OWN_CHROME)));
    expect(mails()).toHaveLength(0);
    expectOk(await login(me.account, from(FIREFOX, '10.0.2.1', 'ko_KR', OWN_FIREFOX)));
    expectOk(await login(me.account, from(FIREFOX, '10.0.2.1', 'ko_KR', OWN_FIREFOX)));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({ lang: 'ko_KR', params: { device: 'Firefox / Linux', ip: '10.0.2.1' } });
    expect(renderEmail(mails()[0]!, 'OpenEx').subject).toBe('OpenEx: Firefox / Linux에서 새 로그인');
    // The same browser from another network is reported.
    expectOk(await login(me.account, from(FIREFOX, '10.0.3.2', 'en_US', OWN_FIREFOX)));
    expect(mails()).toHaveLength(2);
    // Issue 49 §4: another browser with the owner's very user agent, from the owner's own address,
    // is no longer taken for the owner's: without the owner's device cookie it is new.
    expectOk(await login(me.account, from(CHROME, '10.0.0.1')));
    expect(mails()).toHaveLength(3);
    // IPv6: one /48 is one network.
    expectOk(await login(me.account, from(FIREFOX, '2001:db8:1:2::5', 'en_US', OWN_FIREFOX)));
    expectOk(await login(me.account, from(FIREFOX, '2001:db8:1:ff::9', 'en_US', OWN_FIREFOX)));
    expect(mails()).toHaveLength(4);
    expectOk(await login(me.account, from(FIREFOX, '2001:db8:2::1', 'en_US', OWN_FIREFOX)));
    expect(mails()).toHaveLength(5);
    const [notices] = await db.query<{ n: number }>(
      `select count(*)::int as n from notification n join app_user u on u.id = n.user_id where u.account = $1 and n.kind = 'login_new_device'`,
      [me.account],
    );
    expect(notices!.n).toBe(5);
  });

  it('gives a browser without one a device cookie at sign-in, and takes it back as that device', async () => {
    const me = await signUp();
    const first = await app.inject({ method: 'POST', url: '/api/login', payload: { account: me.account, password: strong }, remoteAddress: '10.0.5.1', headers: { 'user-agent': FIREFOX } });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{32}; Path=/api; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
    const device = cookie.split(';')[0]!.split('=')[1]!;
    const mails = () => sent.filter((m) => m.to === me.account && m.purpose === 'login_new_device');
    expect(mails()).toHaveLength(1);
    const again = await app.inject({ method: 'POST', url: '/api/login', payload: { account: me.account, password: strong }, remoteAddress: '10.0.5.9', headers: { 'user-agent': FIREFOX, cookie: `${DEVICE_COOKIE}=${device}` } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(mails()).toHaveLength(1);
    // A forged cookie that is no id at all is replaced, never stored as given.
    const forged = await app.inject({ method: 'POST', url: '/api/login', payload: { account: me.account, password: strong }, remoteAddress: '10.0.5.1', headers: { cookie: `${DEVICE_COOKIE}=<script>` } });
    expect(String(forged.headers['set-cookie'])).not.toContain('<script>');
  });

  it('names networks: IPv4 /24, IPv6 /48, an IPv4-mapped address as IPv4', () => {
    const networks = {
      '203.0.113.7': '203.0.113.0/24',
      '::ffff:203.0.113.7': '203.0.113.0/24',
      '2001:db8:1:2::5': '2001:db8:1::/48',
      '2001:0db8:0001:ffff:0:0:0:1': '2001:db8:1::/48',
      '2001:db8::1': '2001:db8:0::/48',
      '::1': '0:0:0::/48',
    };
    expect(Object.fromEntries(Object.keys(networks).map((address) => [address, networkOf(address)]))).toEqual(networks);
  });
});

describe('anti-phishing code', () => {
  /** With 2FA off a change takes the code emailed to the account (issue 49 §4): asked for, then typed. */
  async function emailedCode(me: { account: string; token: string }, who = from(CHROME, '10.0.0.1')): Promise<string> {
    await ageCodes(me.account);
    expect((await ask('/api/user/send_code', { purpose: 'anti_phishing', to: 'current' }, who, me.token)).body.code).toBe(200);
    return lastCode(me.account, 'anti_phishing');
  }

  it('refuses bad phrases, translated, changing nothing; saves and clears a good one with the emailed code', async () => {
    const me = await signUp();
    const who = from(CHROME, '10.0.0.1', 'es_ES');
    for (const code of ['abc', 'x'.repeat(21), 'Atlas\u202eCTO', 'ab\u200bcd']) {
      const answer = await ask('/api/user/anti_phishing_set', { code }, who, me.token);
      expect(answer.body.code).toBe(400);
      expect([MESSAGES.es_ES.antiPhishingLength.replace('{min}', '4').replace('{max}', '20'), MESSAGES.es_ES.antiPhishingHidden]).toContain(answer.body.msg);
      expect(expectOk(await ask<{ code: string }>('/api/user/anti_phishing', {}, who, me.token))).toEqual({ code: '', two_factor: false });
    }
    expect((await ask('/api/user/anti_phishing_set', { code: 7 }, who, me.token)).body.code).toBe(400);
    // The session alone is not enough: no code, a wrong one, a malformed one.
    expect((await ask('/api/user/anti_phishing_set', { code: 'Blue Otter 42' }, who, me.token)).body).toMatchObject({ code: 400, msg: MESSAGES.es_ES.codeInvalid });
    const code = await emailedCode(me);
    expect((await ask('/api/user/anti_phishing_set', { code: 'Blue Otter 42', email_code: code === '000000' ? '111111' : '000000' }, who, me.token)).body.msg).toBe(MESSAGES.es_ES.codeInvalid);
    expect((await ask('/api/user/anti_phishing_set', { code: 'Blue Otter 42', email_code: 'abc' }, who, me.token)).body.code).toBe(400);
    expect(expectOk(await ask<{ code: string }>('/api/user/anti_phishing', {}, who, me.token)).code).toBe('');
    expect((await ask('/api/user/anti_phishing_set', { code: '  Blue Otter 42 ', email_code: code }, who, me.token)).body).toMatchObject({ code: 200, msg: MESSAGES.es_ES.antiPhishingSaved, data: { code: 'Blue Otter 42' } });
    expect(expectOk(await ask<{ code: string }>('/api/user/anti_phishing', {}, who, me.token))).toEqual({ code: 'Blue Otter 42', two_factor: false });
    // The code works once.
    expect((await ask('/api/user/anti_phishing_set', { code: '', email_code: code }, who, me.token)).body.msg).toBe(MESSAGES.es_ES.codeInvalid);
    expect((await ask('/api/user/anti_phishing_set', { code: '', email_code: await emailedCode(me) }, who, me.token)).body.msg).toBe(MESSAGES.es_ES.antiPhishingCleared);
    expect((await ask('/api/user/anti_phishing', {}, who)).body.code).toBe(403);
  });

  it('is in every kind of email the exchange sends: every code purpose and the new-device email, first line and HTML header', async () => {
    const me = await signUp();
    const phrase = 'Otter<&>42';
    expectOk(await ask('/api/user/anti_phishing_set', { code: phrase, email_code: await emailedCode(me) }, from(CHROME, '10.0.0.1'), me.token));
    const before = sent.length;
    await post(app, '/api/send_code', { account: me.account, purpose: 'reset' });
    for (const purpose of ['change_login_pwd', 'change_funds_pwd', 'change_email']) {
      expect((await ask('/api/user/send_code', { purpose, to: 'current' }, from(CHROME, '10.0.0.1'), me.token)).body.code).toBe(200);
    }
    await ageCodes(me.account);
    expectOk(await login(me.account, from(FIREFOX, '10.0.3.1', 'zh_TW')));
    const mine = sent.slice(before).filter((m) => m.to === me.account);
    expect(mine.map((m) => m.purpose).sort()).toEqual(['change_email', 'change_funds_pwd', 'change_login_pwd', 'login_new_device', 'reset']);
    for (const message of mine) {
      expect(message.anti_phishing).toBe(phrase);
      const email = renderEmail(message, 'OpenEx');
      const line = MESSAGES[message.lang === 'zh_TW' ? 'zh_TW' : 'en_US'].antiPhishingEmailLine.replace('{code}', phrase);
      expect(email.text.split('\n')[0]).toBe(line);
      expect(email.html).toContain('<div data-anti-phishing');
      expect(email.html).toContain('Otter&lt;&amp;&gt;42');
      expect(email.html).not.toContain(phrase);
    }
    // The new address of an email change belongs to no account: no code there.
    const fresh = `fresh-${Date.now()}@example.org`;
    expect((await ask('/api/user/send_code', { purpose: 'change_email', to: 'new', account: fresh }, from(CHROME, '10.0.0.1'), me.token)).body.code).toBe(200);
    expect(sent.at(-1)).toMatchObject({ to: fresh });
    expect(sent.at(-1)!.anti_phishing).toBeUndefined();
  });

  it('SMTP and the outbox print it in the same place', async () => {
    const mails: Array<{ subject: string; text: string; html: string }> = [];
    const transport = recordingTransport(mails);
    const file = join(mkdtempSync(join(tmpdir(), 'openex-outbox-')), 'outbox.jsonl');
    const outbox = outboxDelivery(file, () => undefined);
    const smtp = smtpDelivery({ transport, from: 'OpenEx <no-reply@example.org>', siteName: 'OpenEx' }, outbox);
    const message = { to: 'ada@example.org', purpose: 'register', code: '123456', lang: 'fr_FR', time: '', anti_phishing: 'Blue Otter' };
    await smtp.deliver(message);
    await smtp.deliver({ ...message, to: '+86-13800138000', purpose: 'login_new_device', code: '', params: { device: 'Chrome / Windows', ip: '1.2.3.4', time: '2026-01-01 10:00' } });
    expect(mails[0]!.text.split('\n')[0]).toBe('Code anti-hameçonnage : Blue Otter');
    expect(mails[0]!.html).toMatch(/<body[^>]*><div[^>]*><div data-anti-phishing[^>]*>Code anti-hameçonnage : Blue Otter<\/div>/);
    const line = JSON.parse(readFileSync(file, 'utf8').trim()) as { subject: string; text: string };
    expect(line.text.split('\n')[0]).toBe('Code anti-hameçonnage : Blue Otter');
    expect(line.subject).toBe('OpenEx : nouvelle connexion depuis Chrome / Windows');
    expect(line.text).toContain('1.2.3.4');
  });
});

describe('a revoked session\'s sockets end at once', () => {
  let running: Awaited<ReturnType<typeof startQuietServer>> | undefined;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
    await running?.stop();
  });

  it('revoking a session from the list unsubscribes its socket; the other session keeps its own', async () => {
    running = await startQuietServer('sessions-devices');
    const { server } = running;
    const [row] = await server.db.query<{ id: number }>(`insert into app_user (account, kind) values ('sockets-${Date.now()}@example.org', 'user') returning id`);
    const userId = Number(row!.id);
    const { openSession } = await import('../../server/kernel/platform/auth/sessions.js');
    const mine = await openSession(server.db, userId, undefined, { userAgent: CHROME, ip: '10.0.4.1' });
    const theirs = await openSession(server.db, userId, undefined, { userAgent: FIREFOX, ip: '10.0.4.2' });
    const listen = async (token: string) => {
      const c = await recordSocket<{ channel: string }>(server.url, { lang: 'en_US', opened: sockets });
      const refusals: unknown[] = [];
      c.socket.on('refused', (r: unknown) => refusals.push(r));
      expect((await c.subscribe({ channel: USER_CHANNEL, token })).code).toBe(200);
      return Object.assign(c, { refusals });
    };
    const a = await listen(mine);
    const b = await listen(theirs);
    const api = async <T>(url: string, token: string, body: object = {}) =>
      (await (await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) })).json()) as { code: number; data: T };
    const list = (await api<SessionItem[]>('/api/user/sessions', mine)).data;
    const target = list.find((s) => !s.current)!;
    expect(target).toMatchObject({ ip: '10.0.4.2', device: 'Firefox / Linux' });
    const told = new Promise((resolve) => b.socket.once('refused', resolve));
    expect((await api('/api/user/session_revoke', mine, { id: target.id })).code).toBe(200);
    expect(await told).toEqual({ code: 403, msg: EN.notLoggedIn, channel: USER_CHANNEL });
    // A push to the user after it, then a public marker: the revoked socket gets nothing, the other its push.
    for (const c of [a, b]) expect((await c.subscribe('btc_usdt_tick')).code).toBe(200);
    server.realtime.publishToUser(userId, { channel: USER_CHANNEL, kind: 'balance', balances: [{ currency: 'USDT', account: 'spot', available: '9', frozen: '0' }] });
    server.realtime.publish('btc_usdt_tick', { marker: 1 });
    await Promise.all([a, b].map((c) => c.next((m) => (m as { marker?: number }).marker === 1)));
    expect(a.messages.some((m) => m.channel === USER_CHANNEL)).toBe(true);
    expect(b.messages.some((m) => m.channel === USER_CHANNEL)).toBe(false);
    expect(a.refusals).toEqual([]);
    expect((await api('/api/user/sessions', theirs)).code).toBe(403);
    // A whole server starts inside this test (its markets, makers and sockets): on a busy CI
    // machine that alone took more than the suite's 30 s.
  }, 90_000);
});

describe('the register-attempt notice (no enumeration) is framed like every email', () => {
  it('names the site and carries the anti-phishing code first', () => {
    const email = renderEmail({ to: 'ada@example.org', purpose: 'register_existing', code: '', lang: 'en_US', time: '', anti_phishing: 'Blue Otter' }, 'OpenEx');
    expect(email.text.split('\n')[0]).toBe('Anti-phishing code: Blue Otter');
    expect(email.subject).toContain('OpenEx');
    expect(email.html).toContain('<div data-anti-phishing');
  });
});
