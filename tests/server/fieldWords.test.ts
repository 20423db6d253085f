import { describe, expect, it } from 'vitest';
import { isLocaleCode, LOCALE_CODES } from '../../domain/languages.js';
import { loadCatalogues } from '../../server/kernel/platform/i18n/catalogues.js';
import { FIELD_WORDS, fieldWord, ROUTE_FIELD_WORDS } from '../../server/kernel/platform/http/fieldWords.js';
import { useFuzzApp, type SeenRoute } from './fuzz/fuzzApp.js';
import type { Schema } from './fuzz/schema.js';
import { expectRefusal, post } from './http.js';

/**
 * A refused field is named in the reader's language, its API name after it ("Ungültiger Wert:
 * Preis (price)"), on every route a form or the console calls: only 11 fields had a word and a bad
 * `price` was "Invalid value: price" in every language. The route table is read from fastify (the
 * server's own composition, fuzzApp.ts), so a field a route takes tomorrow needs its word too.
 */
const t = useFuzzApp();

/** Binance's dialect answers its own error codes (server/products/binance), not these words. */
const binance = (route: SeenRoute) => /^\/(api\/v3|fapi|sapi)\//.test(route.url);

/**
 * Every member name a schema takes, nested objects, array items and anyOf branches included; a
 * localized text's languages (`titles.de_DE`) are named by the text (fieldWords.ts ownName).
 */
function memberNames(schema: Schema | undefined): string[] {
  if (!schema || typeof schema !== 'object') return [];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [...(isLocaleCode(name) ? [] : [name]), ...memberNames(property)]),
    ...memberNames(schema.items),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(memberNames),
  ];
}

/** Each (route, member) of the routes a browser calls: body and query string. */
function routeMembers(): Array<{ route: SeenRoute; name: string }> {
  return t.routes.filter((route) => !binance(route)).flatMap((route) => [...new Set([...memberNames(route.body), ...memberNames(route.querystring)])].map((name) => ({ route, name })));
}

const KERNEL_TEXTS = loadCatalogues<Record<string, string>>(new URL('../../server/kernel/platform/i18n/locales/', import.meta.url));

describe('every field a form or the console sends has a word in every language', () => {
  it('each body and query member of every route but the Binance dialect’s has a word', () => {
    expect(t.routes.filter(binance).length).toBeGreaterThan(50);
    const members = routeMembers();
    const names = new Set(members.map((m) => m.name));
    // The walk reached the forms' fields, nested ones included: not a vacuous pass.
    expect(names.size).toBeGreaterThanOrEqual(150);
    for (const name of ['price', 'side', 'symbol', 'leverage', 'network', 'funds_password', 'time_in_force', 'withdraw_fee', 'trigger_value']) expect(names).toContain(name);
    const unnamed = members.filter(({ route, name }) => fieldWord(route.url, name) === undefined).map(({ route, name }) => `${route.method} ${route.url}: ${name}`);
    expect(unnamed).toEqual([]);
  });

  it('each word has a text in all 9 languages (its own catalogue, no fallback to English)', () => {
    const keys = new Set([...Object.values(FIELD_WORDS), ...Object.values(ROUTE_FIELD_WORDS).flatMap((words) => Object.values(words))]);
    expect(keys.size).toBeGreaterThan(140);
    const missing = LOCALE_CODES.flatMap((code) => [...keys].filter((key) => !KERNEL_TEXTS[code][key]?.trim()).map((key) => `${code}: ${key}`));
    expect(missing).toEqual([]);
  });

  it('the table names only fields some route takes, and each route-specific word a field its route takes', () => {
    const members = routeMembers();
    const taken = new Set(members.map((m) => m.name));
    expect(Object.keys(FIELD_WORDS).filter((name) => !taken.has(name))).toEqual([]);
    const stale = Object.entries(ROUTE_FIELD_WORDS).flatMap(([url, words]) =>
      Object.keys(words).filter((name) => !members.some((m) => m.route.url === url && m.name === name)).map((name) => `${url}: ${name}`),
    );
    expect(stale).toEqual([]);
  });
});

describe('a bad field is named in the reader’s language', () => {
  const order = { symbol: 'btc_usdt', side: 'buy', type: 'limit', quantity: '1' };

  it('a bad price: German and Japanese', async () => {
    expectRefusal(await post(t.app, '/api/spot/order_place', { ...order, price: 12 }, { ...t.user, lang: 'de_DE' }), 400, 'Ungültiger Wert: Preis (price)');
    expectRefusal(await post(t.app, '/api/spot/order_place', { ...order, price: 'x'.repeat(41) }, { ...t.user, lang: 'ja_JP' }), 400, '不正な値です：価格（price）');
    expectRefusal(await post(t.app, '/api/futures/order', { symbol: 'btc_usdt', action: 'open_long', type: 'limit', quantity: '1', price: 5 }, { ...t.user, lang: 'ko_KR' }), 400, '잘못된 값: 가격 (price)');
  });

  it('a nested member by its own name, with its path after it', async () => {
    const listing = { symbol: 'NEW', name: 'New coin', precision: 8, networks: [{ network: 'NEW', deposit_min: '1', withdraw_min: '1', withdraw_fee: 2, confirmations: 6 }] };
    expectRefusal(await post(t.app, '/api/operator/currency_listing', listing, { ...t.operator, lang: 'de_DE' }), 400, 'Ungültiger Wert: Auszahlungsgebühr (networks.0.withdraw_fee)');
  });

  it('a member whose meaning depends on its route: an emailed code, a transfer’s account', async () => {
    expectRefusal(await post(t.app, '/api/register', { account: 'a@example.org', code: '12' }, { lang: 'ja_JP' }), 400, '不正な値です：認証コード（code）');
    expectRefusal(await post(t.app, '/api/operator/kyc/approve', { id: 1, code: 'not a code!' }, { ...t.operator, lang: 'ja_JP' }), 400, '不正な値です：2FAコード（code）');
    expectRefusal(await post(t.app, '/api/wallet/transfer', { currency: 'USDT', from: 'spot', to: 'savings', quantity: '1' }, { ...t.user, lang: 'de_DE', 'idempotency-key': 'field-words-1' }), 400, 'Ungültiger Wert: Auf Konto (to)');
  });
});
