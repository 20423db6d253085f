import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatNote } from '../../domain/api.js';
import { LOCALE_CODES } from '../../domain/languages.js';
import { NOTICE_BODY_MAX, NOTICE_CHANNEL, NOTICE_PATHS, NOTICE_TITLE_MAX, type NoticeDetail, type NoticeList, type OperatorNotice, type OperatorPlatNote } from '../../domain/notices.js';
import { listPairs } from '../../server/kernel/platform/catalogue.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { ChannelRegistry } from '../../server/kernel/platform/realtime/channels.js';
import { attachRealtime, type Realtime } from '../../server/kernel/platform/realtime/gateway.js';
import { productChannels } from '../../server/products/channels.js';
import { platformRoutes } from '../../server/products/platform/routes.js';
import { noticesDeskRoutes } from '../../server/products/support/noticesDesk/routes.js';
import { expectOk, expectRefusal, post } from './http.js';
import { productTestbed } from './support/productTestbed.js';
import { auditMark, auditRowsAfter } from './support/operators.js';

/**
 * Issue 51 §5: the console's notices desk. Each action writes exactly one audit row in its
 * transaction; roles without notices.write (or .read) are refused 403 naming the permission; a
 * published notice is in the public list in every language, the default's text marked where a
 * language has none, and leaves it when unpublished; bad input is refused translated and changes
 * nothing; a socket on the notice channel hears each publish and unpublish.
 */
let realtime: Realtime | undefined;
const t = productTestbed({
  products: ({ now }) => ({ now }),
  parts: ({ now }, db) => ({
    routes: [noticesDeskRoutes(db, { publish: (channel, payload) => realtime?.publish(channel, payload), now }), platformRoutes(db, { secondsContracts: true })],
  }),
  operator: 'notices-desk@openex.test',
});

let http: HttpServer;
let socket: Socket;
const pushes: Array<Record<string, unknown>> = [];
const byRole = t.deskOperators({ compliance: ['compliance'], finance: ['finance'], risk: ['risk'], support: ['support'], auditor: ['auditor'] });

beforeAll(async () => {
  http = createServer();
  realtime = attachRealtime(http, new ChannelRegistry(await listPairs(t.db), productChannels));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  socket = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  socket.on('data', (...payloads: Array<Record<string, unknown>>) => pushes.push(...payloads));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const reply = (await socket.timeout(5000).emitWithAck('subscribe', NOTICE_CHANNEL)) as { code: number };
  expect(reply.code).toBe(200);
});

afterAll(async () => {
  socket?.close();
  await realtime?.close();
  await new Promise((resolve) => http?.close(resolve));
});

const admin = () => t.operator;
const save = (body: object, who = admin(), lang = 'en_US') => post<OperatorNotice>(t.app, NOTICE_PATHS.operatorSave, body, { ...who, lang });
const publicList = async (lang: string) => expectOk(await post<NoticeList>(t.app, NOTICE_PATHS.list, {}, { lang }));
const noticeRow = async (id: number) => (await t.db.query(`select titles, bodies, published, published_ms, updated_ms from notice where id = $1`, [id]))[0];

/** Runs `act` and answers the audit rows it wrote. */
async function audited(act: () => Promise<unknown>) {
  const mark = await auditMark(t.db);
  await act();
  return auditRowsAfter(t.db, mark);
}

/** The next push on the notice channel for notice `id`. */
async function pushFor(id: number, published: boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = pushes.find((p) => (p.notice as { id?: number } | undefined)?.id === id && (p.notice as { published?: boolean }).published === published);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no push for notice ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first push about notice `id` on the notice channel after the `seen` first ones. */
async function pushAfter(seen: number, id: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = pushes.slice(seen).find((p) => (p.notice as { id?: number } | undefined)?.id === id);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no push for notice ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('notices desk: create, edit, publish, unpublish', () => {
  it('each action writes exactly one audit row with its before and after', async () => {
    let notice!: OperatorNotice;
    const created = await audited(async () => {
      notice = expectOk(await save({ titles: { en_US: 'Maintenance', ja_JP: 'メンテナンス' }, bodies: { en_US: 'Sunday 02:00 UTC.', ja_JP: '日曜 02:00 UTC。' } }));
    });
    expect(created.map((r) => [r.kind, r.object_type, r.object_id, r.outcome])).toEqual([['notice.create', 'notice', String(notice.id), 'done']]);
    expect(created[0]!.after).toEqual({ titles: { en_US: 'Maintenance', ja_JP: 'メンテナンス' }, bodies: { en_US: 'Sunday 02:00 UTC.', ja_JP: '日曜 02:00 UTC。' } });
    expect(notice.published).toBe(false);

    const edited = await audited(async () => expectOk(await save({ id: notice.id, titles: { en_US: 'Scheduled maintenance' } })));
    expect(edited.map((r) => r.kind)).toEqual(['notice.edit']);
    expect(edited[0]!.before).toEqual({ titles: { en_US: 'Maintenance', ja_JP: 'メンテナンス' } });
    expect(edited[0]!.after).toEqual({ titles: { en_US: 'Scheduled maintenance', ja_JP: 'メンテナンス' } });

    const published = await audited(async () => expectOk(await post(t.app, NOTICE_PATHS.operatorPublish, { id: notice.id }, admin())));
    expect(published.map((r) => [r.kind, r.outcome, r.before, (r.after as { published: boolean }).published])).toEqual([['notice.publish', 'done', { published: false }, true]]);

    const unpublished = await audited(async () => expectOk(await post(t.app, NOTICE_PATHS.operatorUnpublish, { id: notice.id }, admin())));
    expect(unpublished.map((r) => [r.kind, r.outcome, r.before])).toEqual([['notice.unpublish', 'done', { published: true }]]);

    // Unpublishing again is a refusal of the notice's state: translated, audited as refused, nothing changed.
    const before = await noticeRow(notice.id);
    let answer!: Awaited<ReturnType<typeof post>>;
    const refused = await audited(async () => (answer = await post(t.app, NOTICE_PATHS.operatorUnpublish, { id: notice.id }, { ...admin(), lang: 'de_DE' })));
    expectRefusal(answer, 400, MESSAGES.de_DE.noticeNotPublished);
    expect(refused.map((r) => [r.kind, r.outcome, r.detail])).toEqual([['notice.unpublish', 'refused', 'noticeNotPublished']]);
    expect(await noticeRow(notice.id)).toEqual(before);
  });

  it('the admin edits a platform note in one language; readers of a language without it get English, marked', async () => {
    const notes = expectOk(await post<OperatorPlatNote[]>(t.app, NOTICE_PATHS.operatorNotes, {}, byRole.auditor.headers));
    expect(notes.map((n) => n.type)).toEqual([1, 2, 3, 4, 5]);
    const about = notes.find((n) => n.type === 5)!;
    expect(Object.keys(about.titles).sort()).toEqual([...LOCALE_CODES].sort());

    const rows = await audited(async () => expectOk(await post(t.app, NOTICE_PATHS.operatorNoteSave, { type: 5, titles: { de_DE: 'Über OpenEx', ko_KR: '' }, contents: { de_DE: 'Wir sind eine Börse.', ko_KR: '' } }, admin())));
    expect(rows.map((r) => [r.kind, r.object_type, r.object_id])).toEqual([['plat_note.save', 'plat_note', '5']]);
    expect(rows[0]!.before).toEqual({ titles: { ...about.titles }, contents: { ...about.contents } });

    const german = expectOk(await post<PlatNote>(t.app, '/api/plat_note', { type: 5 }, { lang: 'de_DE' }));
    expect(german.detail).toEqual({ title: 'Über OpenEx', content: 'Wir sind eine Börse.' });
    const korean = expectOk(await post<PlatNote>(t.app, '/api/plat_note', { type: 5 }, { lang: 'ko_KR' }));
    expect(korean.detail).toEqual({ title: about.titles.en_US, content: about.contents.en_US, fallback: true });
  });
});

describe('roles', () => {
  const writes = [
    [NOTICE_PATHS.operatorSave, { titles: { en_US: 'x' }, bodies: { en_US: 'y' } }],
    [NOTICE_PATHS.operatorPublish, { id: 1 }],
    [NOTICE_PATHS.operatorUnpublish, { id: 1 }],
    [NOTICE_PATHS.operatorNoteSave, { type: 1, titles: { en_US: 'x' } }],
  ] as const;

  it.each(['compliance', 'finance', 'risk', 'support', 'auditor'] as const)('%s cannot write notices or notes: 403 naming notices.write, audited as refused', async (role) => {
    for (const [path, body] of writes) {
      const before = await t.db.query(`select * from notice order by id`);
      const rows = await audited(async () => {
        const answer = await post(t.app, path, body, { ...byRole[role].headers, lang: 'fr_FR' });
        expect(answer.body.code).toBe(403);
        expect(answer.body.data).toEqual({ permission: 'notices.write' });
        expect(answer.body.msg).toBe(MESSAGES.fr_FR.operatorPermissionRefused.replace('{permission}', 'notices.write'));
      });
      expect(rows.map((r) => [r.kind, r.outcome])).toEqual([['access.refused', 'refused']]);
      expect(await t.db.query(`select * from notice order by id`)).toEqual(before);
    }
  });

  it.each(['compliance', 'finance', 'risk', 'support'] as const)('%s cannot read the desk either', async (role) => {
    for (const path of [NOTICE_PATHS.operatorList, NOTICE_PATHS.operatorNotes]) {
      const answer = await post(t.app, path, {}, byRole[role].headers);
      expect(answer.body.code).toBe(403);
      expect(answer.body.data).toEqual({ permission: 'notices.read' });
    }
  });

  it('the auditor reads the desk; a user token is no operator', async () => {
    expect(Array.isArray(expectOk(await post(t.app, NOTICE_PATHS.operatorList, {}, byRole.auditor.headers)))).toBe(true);
    const user = await t.user();
    expect((await post(t.app, NOTICE_PATHS.operatorList, {}, user.headers)).body.code).toBe(403);
  });
});

describe('the public list follows publish and unpublish, in every language', () => {
  it('a published notice is listed in each language, English marked where a language has none; unpublished it is gone', async () => {
    const notice = expectOk(await save({ titles: { en_US: 'New listing', fr_FR: 'Nouvelle cotation' }, bodies: { en_US: 'SOL is listed.', fr_FR: 'SOL est coté.' } }));
    for (const lang of LOCALE_CODES) expect((await publicList(lang)).list.map((n) => n.id)).not.toContain(notice.id);
    expectRefusal(await post(t.app, NOTICE_PATHS.detail, { id: notice.id }, { lang: 'ja_JP' }), 404, MESSAGES.ja_JP.noticeUnknown);

    t.advance(1000);
    expectOk(await post(t.app, NOTICE_PATHS.operatorPublish, { id: notice.id }, admin()));
    for (const lang of LOCALE_CODES) {
      const listed = (await publicList(lang)).list.find((n) => n.id === notice.id);
      const own = lang === 'en_US' || lang === 'fr_FR';
      expect(listed, lang).toEqual({ id: notice.id, title: lang === 'fr_FR' ? 'Nouvelle cotation' : 'New listing', fallback: !own, published_at: t.now() });
      const { detail } = expectOk(await post<NoticeDetail>(t.app, NOTICE_PATHS.detail, { id: notice.id }, { lang }));
      expect(detail.content, lang).toBe(lang === 'fr_FR' ? 'SOL est coté.' : 'SOL is listed.');
      expect(detail.fallback, lang).toBe(!own);
    }
    // Newest first.
    expect((await publicList('en_US')).list[0]!.id).toBe(notice.id);

    expectOk(await post(t.app, NOTICE_PATHS.operatorUnpublish, { id: notice.id }, admin()));
    for (const lang of LOCALE_CODES) expect((await publicList(lang)).list.map((n) => n.id)).not.toContain(notice.id);
    expectRefusal(await post(t.app, NOTICE_PATHS.detail, { id: notice.id }, {}), 404, MESSAGES.en_US.noticeUnknown);
  });

  it('a socket on the notice channel hears each publish and unpublish', async () => {
    const notice = expectOk(await save({ titles: { en_US: 'Live' }, bodies: { en_US: 'Pushed.' } }));
    expectOk(await post(t.app, NOTICE_PATHS.operatorPublish, { id: notice.id }, admin()));
    expect(await pushFor(notice.id, true)).toMatchObject({ channel: NOTICE_CHANNEL, notice: { id: notice.id, published: true } });
    // An edit of a published notice is pushed too, so open pages show the new text.
    const before = pushes.length;
    t.advance(1000);
    expectOk(await save({ id: notice.id, bodies: { en_US: 'Pushed again.' } }));
    expect(await pushAfter(before, notice.id)).toMatchObject({ notice: { id: notice.id, published: true, at: t.now() } });
    expectOk(await post(t.app, NOTICE_PATHS.operatorUnpublish, { id: notice.id }, admin()));
    expect(await pushFor(notice.id, false)).toMatchObject({ notice: { id: notice.id, published: false } });
  });
});

describe('bad input is refused translated and changes nothing', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: Array<[string, string, object, RegExp | string]> = [
    ['an empty notice', NOTICE_PATHS.operatorSave, {}, MESSAGES.es_ES.noticeDefaultRequired],
    ['a blank English title', NOTICE_PATHS.operatorSave, { titles: { en_US: '   ' }, bodies: { en_US: 'Body' } }, MESSAGES.es_ES.noticeDefaultRequired],
    ['a title without its text', NOTICE_PATHS.operatorSave, { titles: { en_US: 'T', de_DE: 'T' }, bodies: { en_US: 'B' } }, MESSAGES.es_ES.noticeLanguageIncomplete.replace('{lang}', 'de_DE')],
    ['a title too long', NOTICE_PATHS.operatorSave, { titles: { en_US: long(NOTICE_TITLE_MAX + 1) }, bodies: { en_US: 'B' } }, MESSAGES.es_ES.noticeTitleTooLong.replace('{lang}', 'en_US').replace('{max}', String(NOTICE_TITLE_MAX))],
    ['a text too long', NOTICE_PATHS.operatorSave, { titles: { en_US: 'T' }, bodies: { en_US: long(NOTICE_BODY_MAX + 1) } }, MESSAGES.es_ES.noticeBodyTooLong.replace('{lang}', 'en_US').replace('{max}', String(NOTICE_BODY_MAX))],
    ['far too long', NOTICE_PATHS.operatorSave, { titles: { en_US: long(NOTICE_TITLE_MAX * 3) }, bodies: { en_US: 'B' } }, /titles\.en_US/],
    ['an unknown language key', NOTICE_PATHS.operatorSave, { titles: { en_US: 'T', xx_XX: 'T' }, bodies: { en_US: 'B' } }, /titles\.xx_XX/],
    ['an unknown note type', NOTICE_PATHS.operatorNoteSave, { type: 6, titles: { en_US: 'T' } }, /type/],
    ['a note without its English text', NOTICE_PATHS.operatorNoteSave, { type: 1, titles: { en_US: '' }, contents: { en_US: '' } }, MESSAGES.es_ES.noticeDefaultRequired],
  ];

  it.each(cases)('%s', async (_, path, body, message) => {
    const notices = await t.db.query(`select * from notice order by id`);
    const notes = await t.db.query(`select * from plat_note order by type, lang`);
    const rows = await audited(async () => {
      const answer = await post(t.app, path, body, { ...admin(), lang: 'es_ES' });
      expect(answer.body.code).toBe(400);
      if (typeof message === 'string') expect(answer.body.msg).toBe(message);
      else expect(answer.body.msg).toMatch(message);
    });
    // Refused by the desk's own rules: one refused row; junk the schema refuses never reaches the desk.
    expect(rows.map((r) => [r.kind, r.outcome])).toEqual(typeof message === 'string' ? [[path === NOTICE_PATHS.operatorSave ? 'notice.create' : 'plat_note.save', 'refused']] : []);
    expect(await t.db.query(`select * from notice order by id`)).toEqual(notices);
    expect(await t.db.query(`select * from plat_note order by type, lang`)).toEqual(notes);
  });

  it('an unknown notice id is a translated 404 on edit, publish and unpublish, audited as refused', async () => {
    for (const [path, body] of [
      [NOTICE_PATHS.operatorSave, { id: 987654, titles: { en_US: 'T' } }],
      [NOTICE_PATHS.operatorPublish, { id: 987654 }],
      [NOTICE_PATHS.operatorUnpublish, { id: 987654 }],
    ] as const) {
      const rows = await audited(async () => expectRefusal(await post(t.app, path, body, { ...admin(), lang: 'tr_TR' }), 404, MESSAGES.tr_TR.noticeUnknown));
      expect(rows.map((r) => [r.kind, r.object_id, r.outcome, r.detail])).toEqual([[path === NOTICE_PATHS.operatorSave ? 'notice.edit' : path === NOTICE_PATHS.operatorPublish ? 'notice.publish' : 'notice.unpublish', '987654', 'refused', 'noticeUnknown']]);
    }
  });
});
