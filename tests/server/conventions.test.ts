import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../domain/languages.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { call, expectOk, expectRefusal, post } from './http.js';
import { openSession } from '../../server/kernel/platform/auth/sessions.js';
import { useTestApp } from './testDb.js';

const t = useTestApp();

const NO_PAYLOAD_CALLS = ['/api/plat_config', '/api/currency_list', '/api/pair_list', '/api/center/index'];
const json = { 'content-type': 'application/json' };
const SIGNED_IN = new Set(['/api/center/index']);

/**
 * A signed-in route checks its token before the body is read (an unsigned request answers 403
 * whatever it sends), so its body rules are tried with a live token.
 */
let token: string | undefined;
async function headersFor(url: string): Promise<Record<string, string>> {
  if (!SIGNED_IN.has(url)) return json;
  if (!token) {
    const [row] = await t.db.query<{ id: number }>(`insert into app_user (account) values ('conventions@example.com') returning id`);
    token = await openSession(t.db, Number(row!.id));
  }
  return { ...json, token };
}

describe('request bodies: bad input is code 400 on HTTP 200, never 500', () => {
  it.each(NO_PAYLOAD_CALLS)('%s: malformed JSON → 400', async (url) => {
    for (const raw of ['{', '{bad', '{"a":1,}', "{'a':1}", 'undefined', '\u0000']) {
      expectRefusal(await post(t.app, url, raw, await headersFor(url)), 400, MESSAGES.en_US.badRequest);
    }
  });

  it.each(NO_PAYLOAD_CALLS)('%s: JSON that is not an object → 400', async (url) => {
    for (const raw of ['"text"', '42', 'true', '[]']) {
      expectRefusal(await post(t.app, url, raw, await headersFor(url)), 400);
    }
  });

  it('a signed-in route refuses a request without a token before reading its body → 403', async () => {
    expectRefusal(await post(t.app, '/api/center/index', '{bad', json), 403, MESSAGES.en_US.notLoggedIn);
  });

  it('an empty body sent as JSON is no payload', async () => {
    expectOk(await post(t.app, '/api/currency_list', '', json));
    expectOk(await post(t.app, '/api/currency_list', '   ', json));
    expectOk(await post(t.app, '/api/currency_list', 'null', json));
    expectOk(await post(t.app, '/api/currency_list'));
  });

  it('a body over 1 MiB → 400, saying so', async () => {
    const huge = JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) });
    expectRefusal(await post(t.app, '/api/plat_config', huge, json), 400, 'The request is too large: at most 1 MB');
    expectRefusal(await post(t.app, '/api/plat_note', huge, { ...json, lang: 'ja_JP' }), 400, MESSAGES.ja_JP.bodyTooLarge.replace('{size}', '1'));
  });

  it('a body that is not JSON → 400', async () => {
    expectRefusal(await post(t.app, '/api/plat_config', 'type=1', { 'content-type': 'application/x-www-form-urlencoded' }), 400);
    expectRefusal(await post(t.app, '/api/plat_config', 'hello', { 'content-type': 'text/plain' }), 400);
    expectRefusal(await post(t.app, '/api/plat_note', '\u00ff\u00fe', { 'content-type': 'application/octet-stream' }), 400);
  });

  it('prototype poisoning (__proto__, constructor.prototype) → 400', async () => {
    expectRefusal(await post(t.app, '/api/plat_note', '{"type":1,"__proto__":{"admin":true}}', json), 400);
    expectRefusal(await post(t.app, '/api/plat_config', '{"constructor":{"prototype":{"admin":true}}}', json), 400);
  });

  it('an object with too many properties → 400', async () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expectRefusal(await post(t.app, '/api/plat_config', many), 400);
  });

  it('a wrong charset or a lying content-length never answers 500', async () => {
    expectOk(await post(t.app, '/api/plat_config', '{}', { 'content-type': 'application/json; charset=utf-8' }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/plat_config',
      headers: { ...json, 'content-length': '1000' },
      payload: '{}',
    });
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('unknown paths and methods', () => {
  it.each([
    ['POST', '/api/x'],
    ['GET', '/api/x'],
    ['GET', '/api'],
    ['POST', '/api/center/nope'],
    ['GET', '/api/plat_config'],
    ['POST', '/api/market/pairPrice'],
  ] as const)('%s %s → HTTP 404 envelope', async (method, url) => {
    const answer = await call(t.app, { method, url, headers: { lang: 'ja_JP' } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 404, msg: MESSAGES.ja_JP.notFound, data: null });
  });

  it('a non-API path without a built client → 404 envelope', async () => {
    const answer = await call(t.app, { method: 'GET', url: '/markets/kline/BTC_USDT' });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(404);
  });
});

describe('the lang header', () => {
  const msgFor = async (lang?: string) => {
    const headers: Record<string, string> = lang === undefined ? {} : { lang };
    return (await post(t.app, '/api/center/index', undefined, headers)).body.msg;
  };

  it('every display language has its own messages', async () => {
    for (const code of LOCALE_CODES) {
      expect(await msgFor(code)).toBe(MESSAGES[code].notLoggedIn);
    }
  });

  it('ko_KR → Korean; "ja" and "de-DE" → Japanese and German', async () => {
    expect(await msgFor('ko_KR')).toBe(MESSAGES.ko_KR.notLoggedIn);
    expect(await msgFor('ja')).toBe(MESSAGES.ja_JP.notLoggedIn);
    expect(await msgFor('ja-JP')).toBe(MESSAGES.ja_JP.notLoggedIn);
    expect(await msgFor('de-DE')).toBe(MESSAGES.de_DE.notLoggedIn);
    expect(await msgFor(' fr_FR ')).toBe(MESSAGES.fr_FR.notLoggedIn);
  });

  it.each(['garbage', 'xx_XX', 'zz', '12', '%%%', '<script>', 'x'.repeat(2000), ''])('%j falls back to English', async (lang) => {
    expect(await msgFor(lang)).toBe(MESSAGES.en_US.notLoggedIn);
  });

  it('absent → English', async () => {
    expect(await msgFor()).toBe(MESSAGES.en_US.notLoggedIn);
  });

  it('a language without its own note still answers (English fallback)', async () => {
    const answer = await post(t.app, '/api/plat_note', { type: 3 }, { lang: 'garbage' });
    expectOk(answer);
    expect(answer.body.msg).toBe(MESSAGES.en_US.ok);
  });
});
