import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeMessage } from '../../server/products/accounts/delivery.js';
import { notify } from '../../server/kernel/platform/notifications/notify.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { seed } from '../../server/kernel/platform/db/seed/index.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { NOTIFICATION_TEXTS } from '../../server/kernel/platform/notifications/render.js';
import { expectOk, expectRefusal, post } from './http.js';
import { openAccountsApp } from './support/accountsApp.js';

let db: Database;
let app: FastifyInstance;
const outbox: CodeMessage[] = [];
const lastCode = (to: string) => [...outbox].reverse().find((m) => m.to === to)?.code ?? '';
const strong = 'Trader2026!';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
// Each browser keeps its device cookie, which (with the address's network) is what makes a device known (issue 49 §4).
const browser = (agent: string) => ({ 'user-agent': agent, cookie: `openex_device=${agent === CHROME ? 'chrome' : 'firefox'}-inform-test-device-0123456789` });

beforeAll(async () => {
  ({ db, app } = await openAccountsApp(outbox));
});
afterAll(async () => {
  await app.close();
  await db.close();
});

interface Page {
  list: { id: number; kind: string; title: string; body: string; created_at: string; read: boolean }[];
  total: number;
  unread: number;
}

async function register(account: string, agent = CHROME): Promise<{ token: string; id: number }> {
  await post(app, '/api/send_code', { account, purpose: 'register' });
  const grant = expectOk(
    await app
      .inject({
        method: 'POST',
        url: '/api/register_next',
        headers: browser(agent),
        payload: { account, code: lastCode(account), password: strong, password_repeat: strong, funds_password: 'Funds2026!', funds_password_repeat: 'Funds2026!', invitation_code: 'OPENEX', agree: true },
      })
      .then((r) => ({ status: r.statusCode, body: r.json() })),
  ) as { token: string; user_info: { id: number } };
  return { token: grant.token, id: Number(grant.user_info.id) };
}

const login = async (account: string, agent: string) =>
  expectOk(await post<{ token: string }>(app, '/api/login', { account, password: strong }, browser(agent)));
const list = async (token: string, lang = 'en_US', body: object = {}) => expectOk(await post<Page>(app, '/api/inform/list', body, { token, lang }));

describe('notifications (spec §2 /inform)', () => {
  it('answers body code 403 without a valid token on every call', async () => {
    for (const url of ['/api/inform/list', '/api/inform/unread', '/api/inform/read_all']) {
      expectRefusal(await post(app, url, {}), 403, MESSAGES.en_US.notLoggedIn);
      expectRefusal(await post(app, url, {}, { token: 'forged' }), 403);
    }
    expectRefusal(await post(app, '/api/inform/read', { id: 1 }), 403);
  });

  it('greets a new account, rendered in the reader’s language', async () => {
    const ada = await register('ada-inform@example.org');
    const page = await list(ada.token);
    expect(page.unread).toBe(1);
    expect(page.list).toEqual([expect.objectContaining({ kind: 'welcome', read: false, title: NOTIFICATION_TEXTS.en_US.welcome.title })]);
    const ja = await list(ada.token, 'ja_JP');
    expect(ja.list[0]!.title).toBe(NOTIFICATION_TEXTS.ja_JP.welcome.title);
  });

  it('reports a login from a new browser once, and not one from the registering browser', async () => {
    const { token } = await register('bob-inform@example.org', CHROME);
    await login('bob-inform@example.org', CHROME);
    expect((await list(token)).list.map((n) => n.kind)).toEqual(['welcome']);
    const { token: fresh } = await login('bob-inform@example.org', FIREFOX);
    await login('bob-inform@example.org', FIREFOX);
    const page = await list(fresh);
    expect(page.list.map((n) => n.kind)).toEqual(['login_new_device', 'welcome']);
    expect(page.list[0]!.body).toContain('Firefox / Windows');
    expect(page.list[0]!.body).not.toMatch(/[{}]/);
  });

  it('tells the user after a password reset, and renders parameters in the reader’s language', async () => {
    const account = 'cy-inform@example.org';
    const { id } = await register(account);
    // The registration code was sent just now; age it past the one-a-minute resend limit.
    await db.query(`update verification_code set created_at = created_at - interval '2 minutes' where target = $1`, [account]);
    await post(app, '/api/send_code', { account, purpose: 'reset' });
    const reset = await post(app, '/api/forget_pass', { account, code: lastCode(account), password: 'Fresh2026!', password_repeat: 'Fresh2026!' });
    expect(reset.body.code).toBe(200);
    await notify(db, id, { kind: 'kyc_rejected', params: { reason: 'Blurred photo.' } });
    const relogin = expectOk(await post<{ token: string }>(app, '/api/login', { account, password: 'Fresh2026!' }, browser(CHROME)));
    const page = await list(relogin.token, 'de_DE');
    expect(page.list.map((n) => n.kind)).toEqual(['kyc_rejected', 'password_changed', 'welcome']);
    expect(page.list[0]!.body).toBe(NOTIFICATION_TEXTS.de_DE.kyc_rejected.body.replace('{reason}', 'Blurred photo.'));
    expect(page.list[1]!.title).toBe(NOTIFICATION_TEXTS.de_DE.password_changed.title);
  });

  it('marks one and all read, pages newest first, and keeps users apart', async () => {
    const dee = await register('dee-inform@example.org');
    const eve = await register('eve-inform@example.org');
    for (const kind of ['kyc_submitted', 'kyc_approved'] as const) await notify(db, dee.id, { kind });
    const all = await list(dee.token);
    expect(all.list.map((n) => n.kind)).toEqual(['kyc_approved', 'kyc_submitted', 'welcome']);
    const second = await list(dee.token, 'en_US', { page: 2, size: 2 });
    expect(second).toMatchObject({ total: 3, unread: 3, list: [expect.objectContaining({ kind: 'welcome' })] });

    // Eve can neither mark nor see Dee's notifications.
    const target = all.list[0]!.id;
    expectRefusal(await post(app, '/api/inform/read', { id: target }, { token: eve.token }), 404, MESSAGES.en_US.notificationNotFound);
    expectRefusal(await post(app, '/api/inform/read', { id: target }, { token: eve.token, lang: 'ja_JP' }), 404, MESSAGES.ja_JP.notificationNotFound);
    expect((await list(eve.token)).list.every((n) => !all.list.some((d) => d.id === n.id))).toBe(true);
    expect(expectOk(await post(app, '/api/inform/read_all', {}, { token: eve.token }))).toEqual({ unread: 0 });
    expect((await list(dee.token)).unread).toBe(3);

    expect(expectOk(await post(app, '/api/inform/read', { id: target }, { token: dee.token }))).toEqual({ unread: 2 });
    expect(expectOk(await post(app, '/api/inform/unread', {}, { token: dee.token }))).toEqual({ unread: 2 });
    expect(expectOk(await post(app, '/api/inform/read_all', {}, { token: dee.token }))).toEqual({ unread: 0 });
    expect((await list(dee.token)).list.every((n) => n.read)).toBe(true);
  });

  it('refuses bad input with a translated 400', async () => {
    const { token } = await register('fay-inform@example.org');
    expectRefusal(await post(app, '/api/inform/read', { id: 'x' }, { token }), 400);
    expectRefusal(await post(app, '/api/inform/read', {}, { token, lang: 'ja_JP' }), 400, /id/);
    expectRefusal(await post(app, '/api/inform/list', { size: 500 }, { token }), 400);
  });
});

interface HelpList {
  list: { id: string; category: string; common: boolean; question: string }[];
  categories: string[];
}
const help = async (body: object, lang = 'en_US') => expectOk(await post<HelpList>(app, '/api/help/list', body, { lang }));

describe('help centre (spec §2 /user/helpcenter, helpDetail)', () => {
  it('lists all 17 articles in the request language, common questions first', async () => {
    const en = await help({});
    expect(en.list).toHaveLength(17);
    const firstOther = en.list.findIndex((a) => !a.common);
    expect(firstOther).toBeGreaterThan(0);
    expect(en.list.slice(firstOther).every((a) => !a.common)).toBe(true);
    expect(en.categories).toContain('account');
    const ja = await help({}, 'ja_JP');
    expect(ja.list.map((a) => a.id).sort()).toEqual(en.list.map((a) => a.id).sort());
    expect(ja.list.find((a) => a.id === 'register-account')!.question).toBe('アカウントを登録するには？');
  });

  it('searches question and answer case-insensitively, in two languages, and by category', async () => {
    const en = await help({ search: 'FUNDS PASSWORD' });
    expect(en.list.length).toBeGreaterThan(0);
    expect(en.list.length).toBeLessThan(17);
    const ja = await help({ search: '資金パスワード' }, 'ja_JP');
    expect(ja.list.map((a) => a.id)).toContain('register-account');
    expect((await help({ search: 'funds password' }, 'ja_JP')).list.length).toBeLessThan(en.list.length + 1);
    expect((await help({ search: '100%_\\' })).list).toEqual([]);
    const account = await help({ category: 'account' });
    expect(account.list.length).toBeGreaterThan(0);
    expect(account.list.every((a) => a.category === 'account')).toBe(true);
    expect(account.categories.length).toBeGreaterThan(1);
  });

  it('falls back to English for an article missing in the language', async () => {
    await db.query(`insert into help_article (id, lang, category, common, sort, question, answer) values ('only-english', 'en_US', 'spot', false, 99, 'Zebra question', 'Zebra answer')`);
    expect((await help({ search: 'zebra' }, 'ko_KR')).list.map((a) => a.id)).toEqual(['only-english']);
    await db.query(`delete from help_article where id = 'only-english'`);
  });

  it('shows one article, and a translated 404 for an unknown one', async () => {
    const article = expectOk(await post<{ answer: string; question: string }>(app, '/api/help/detail', { id: 'register-account' }, { lang: 'ja_JP' }));
    expect(article.answer).toContain('\n\n- ');
    expectRefusal(await post(app, '/api/help/detail', { id: 'no-such-article' }), 404, MESSAGES.en_US.articleNotFound);
    expectRefusal(await post(app, '/api/help/detail', { id: 'no-such-article' }, { lang: 'fr_FR' }), 404, MESSAGES.fr_FR.articleNotFound);
    expectRefusal(await post(app, '/api/help/detail', { id: '../etc' }), 400);
    expectRefusal(await post(app, '/api/help/list', { category: 'DROP TABLE' }), 400);
  });

  it('seeds idempotently and never overwrites an edited article', async () => {
    await db.query(`update help_article set question = 'Edited' where id = 'register-account' and lang = 'en_US'`);
    await seed(db);
    const [row] = await db.query<{ question: string }>(`select question from help_article where id = 'register-account' and lang = 'en_US'`);
    expect(row!.question).toBe('Edited');
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from help_article')) as [{ n: number }];
    expect(n).toBe(17 * 9);
  });
});
