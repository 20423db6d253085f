import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PlatConfig, PlatNote } from '../../domain/api.js';
import { LOCALE_CODES } from '../../domain/languages.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { cacheChanged, forgetCache } from '../../server/kernel/platform/caches.js';
import { PLATFORM_CONFIG_CACHE } from '../../server/kernel/platform/catalogue.js';
import { expectOk, expectRefusal, post } from './http.js';
import { useTestApp } from './testDb.js';

const NOTES_DIR = fileURLToPath(new URL('../../server/kernel/platform/db/seed/notes/', import.meta.url));
const readNotes = (lang: string): Record<string, { title: string; content: string }> =>
  JSON.parse(readFileSync(`${NOTES_DIR}${lang}.json`, 'utf8'));

const t = useTestApp();

describe('POST /api/plat_config', () => {
  it('answers the envelope with the spec §9 defaults', async () => {
    const answer = await post<PlatConfig>(t.app, '/api/plat_config');
    expect(answer.body.msg).toBe('Success');
    const data = expectOk(answer);
    expect(data.config.legal_trade).toEqual({ confirm_time: 60, max_unpaid_num: 5, pay_time: 120 });
    expect(data.config.name_check).toEqual({
      draw_check: 10000,
      draw_uncheck: 100,
      trust_single: 1000,
      trust_total: 10000,
      trust_uncheck: 1000,
    });
    expect(data.config.sys.enable_phone_register).toBe(1);
    expect(data.config.sys.site_name).toEqual(expect.any(String));
    expect(data.config.download).toEqual({ android_download_url: expect.any(String), ios_download_url: expect.any(String) });
    expect(data.config.service_info.email).toMatch(/@/);
  });

  it('lists communities, each with name, logo and link', async () => {
    const data = expectOk(await post<PlatConfig>(t.app, '/api/plat_config'));
    expect(data.communities.length).toBeGreaterThan(0);
    for (const c of data.communities) {
      expect(c).toEqual({ name: expect.any(String), logo: expect.any(String), link: expect.stringMatching(/^https:\/\//) });
    }
  });

  it('accepts an empty JSON object, and an empty body sent as JSON', async () => {
    expectOk(await post(t.app, '/api/plat_config', {}));
    expectOk(await post(t.app, '/api/plat_config', '', { 'content-type': 'application/json' }));
  });

  it('translates msg by the lang header', async () => {
    const answer = await post(t.app, '/api/plat_config', {}, { lang: 'ja_JP' });
    expect(answer.body.msg).toBe(MESSAGES.ja_JP.ok);
  });

  it('reflects an operator edit of platform_config, announced as every writer announces it', async () => {
    // Answered from memory (kernel/platform/caches.ts): an edit counts once announced in its transaction.
    const edit = (payTime: number) =>
      t.db.transaction(async (tx) => {
        await tx.query(`update platform_config set value = jsonb_set(value, '{pay_time}', $1::text::jsonb) where key = 'legal_trade'`, [String(payTime)]);
        await cacheChanged(tx, PLATFORM_CONFIG_CACHE);
      });
    expectOk(await post<PlatConfig>(t.app, '/api/plat_config'));
    await edit(90);
    try {
      forgetCache(t.db, PLATFORM_CONFIG_CACHE);
      const data = expectOk(await post<PlatConfig>(t.app, '/api/plat_config'));
      expect(data.config.legal_trade.pay_time).toBe(90);
    } finally {
      await edit(120);
      forgetCache(t.db, PLATFORM_CONFIG_CACHE);
    }
  });
});

describe('POST /api/plat_note', () => {
  const en = readNotes('en_US');

  it.each([1, 2, 3, 4, 5])('type %i answers a title and content in en_US', async (type) => {
    const { detail } = expectOk(await post<PlatNote>(t.app, '/api/plat_note', { type }, { lang: 'en_US' }));
    expect(detail.title.trim().length).toBeGreaterThan(0);
    expect(detail.content.trim().length).toBeGreaterThan(0);
    expect(detail).toEqual(en[String(type)]);
  });

  it.each([1, 2, 3, 4, 5])('type %i answers a Japanese title and content in ja_JP', async (type) => {
    // server/kernel/platform/db/seed/notes/ja_JP.json is written separately; without it the server falls back to English.
    expect(existsSync(`${NOTES_DIR}ja_JP.json`), 'server/kernel/platform/db/seed/notes/ja_JP.json is missing').toBe(true);
    const { detail } = expectOk(await post<PlatNote>(t.app, '/api/plat_note', { type }, { lang: 'ja_JP' }));
    expect(detail.title.trim().length).toBeGreaterThan(0);
    expect(detail.content.trim().length).toBeGreaterThan(0);
    expect(detail.title).not.toBe(en[String(type)]!.title);
  });

  it('every display language has all five notes seeded', async () => {
    const rows = await t.db.query<{ lang: string; types: number[] }>(
      `select lang, array_agg(type order by type)::int[] as types from plat_note
       where length(trim(title)) > 0 and length(trim(content)) > 0 group by lang`,
    );
    const byLang = Object.fromEntries(rows.map((r) => [r.lang, r.types]));
    for (const lang of LOCALE_CODES) expect(byLang[lang], lang).toEqual([1, 2, 3, 4, 5]);
  });

  it('falls back to the English note when the asked language has none', async () => {
    await t.db.query(`delete from plat_note where type = 5 and lang = 'ko_KR'`);
    const { detail } = expectOk(await post<PlatNote>(t.app, '/api/plat_note', { type: 5 }, { lang: 'ko_KR' }));
    expect(detail.title).toBe(en['5']!.title);
  });

  it('without a lang header answers in English', async () => {
    const { detail } = expectOk(await post<PlatNote>(t.app, '/api/plat_note', { type: 1 }));
    expect(detail.title).toBe(en['1']!.title);
  });

  it('takes the type as the number it is, not a numeric string (bodies are never coerced)', async () => {
    expectRefusal(await post(t.app, '/api/plat_note', { type: '2' }), 400);
    const { detail } = expectOk(await post<PlatNote>(t.app, '/api/plat_note', { type: 2 }));
    expect(detail.title).toBe(en['2']!.title);
  });

  it.each([
    ['type 0', { type: 0 }],
    ['type 6', { type: 6 }],
    ['type -1', { type: -1 }],
    ['type 1.5', { type: 1.5 }],
    ['type "x"', { type: 'x' }],
    ['type null', { type: null }],
    ['type [1, 2]', { type: [1, 2] }],
    ['no type', {}],
  ])('%s → code 400 naming the field', async (_name, payload) => {
    expectRefusal(await post(t.app, '/api/plat_note', payload), 400, 'Invalid value: Type (type)');
  });

  it('translates the refusal: ja_JP', async () => {
    expectRefusal(await post(t.app, '/api/plat_note', { type: 6 }, { lang: 'ja_JP' }), 400, '不正な値です：種類（type）');
    expectRefusal(await post(t.app, '/api/plat_note', {}, { lang: 'ja_JP' }), 400, '不正な値です：種類（type）');
  });

  it('no body at all, JSON null, an array or a string → code 400', async () => {
    expectRefusal(await post(t.app, '/api/plat_note'), 400, 'Invalid request');
    for (const raw of ['null', '[1]', '"1"', '1']) {
      expectRefusal(await post(t.app, '/api/plat_note', raw, { 'content-type': 'application/json' }), 400);
    }
  });
});
