import { describe, expect, it } from 'vitest';
import { useFuzzApp } from './fuzzApp.js';
import type { Schema } from './schema.js';

/**
 * Issue 34, item 6 "unknown fields refused": a member a route does not name is refused with a
 * translated 400, never dropped in silence (an operator's `{"x":1}` was "Trade settings saved").
 * The route table is read from fastify, so a route added tomorrow is held to it too: every object
 * its body, query string or path takes — nested ones, array items and anyOf branches included —
 * says `additionalProperties: false`.
 */
const t = useFuzzApp();

/** Where in `schema` an object may take members it does not name, as JSON-pointer-like paths. */
function openObjects(schema: Schema | undefined, at: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const types = [schema.type ?? []].flat();
  const isObject = types.includes('object') || schema.properties !== undefined;
  const own = isObject && schema.additionalProperties !== false ? [at || '/'] : [];
  return [
    ...own,
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) => openObjects(property, `${at}/${name}`)),
    ...(schema.items ? openObjects(schema.items, `${at}/items`) : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((branch, i) => openObjects(branch, `${at}/anyOf${i}`)),
  ];
}

describe('route schemas refuse unknown members', () => {
  it('every object of every route’s body, query string and path has additionalProperties: false', () => {
    expect(t.routes.length).toBeGreaterThanOrEqual(60);
    const open = t.routes.flatMap((route) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => openObjects(route[part], '').map((path) => `${route.method} ${route.url} ${part}${path}`)),
    );
    expect(open).toEqual([]);
  });

  it('an unknown member in a body is refused with a translated message naming it', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/plat_note', payload: { type: 1, extra: true }, headers: { lang: 'de_DE' } });
    const body = answer.json<{ code: number; msg: string; data: unknown }>();
    expect(body.code).toBe(400);
    expect(body.msg).toContain('extra');
    expect(body.data).toBeNull();
  });

  it('an unknown query parameter too', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/market/pairPrice?pair=btc_usdt&debug=1' });
    expect(answer.json<{ code: number; msg: string }>()).toMatchObject({ code: 400, msg: 'Unknown field: debug' });
  });
});
