import { expect, it } from 'vitest';
import { useFuzzApp, type SeenRoute } from '../../fuzz/fuzzApp.js';
import { CASES, NOT_OWNED, PROBED_APART } from './cases.js';

/**
 * The ownership table stays whole: every route a user reaches (a session, or a signed Binance call)
 * that names something by an id-like field — read from fastify's own route table, as the fuzz suite
 * reads it — is in cases.ts: probed by routes.test.ts, or said to name nothing a user owns. A route
 * added tomorrow with an `order_id` fails here until it is audited.
 */
const t = useFuzzApp();

/** A field that names an existing thing (not a new order's client id). */
const ID_FIELD = /^(id|message|api_key|orderId|origClientOrderId|[a-z]+_ids?)$/;

const fieldsOf = (route: SeenRoute) =>
  [route.body, route.querystring, route.params].flatMap((schema) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}));

const reachedByUser = (route: SeenRoute) => route.auth === 'user' || route.auth === 'userOrOperator' || fieldsOf(route).includes('signature');

it('every route a user reaches with an id-like field is audited', () => {
  const named = t.routes.filter((r) => r.method !== 'HEAD' && reachedByUser(r) && fieldsOf(r).some((f) => ID_FIELD.test(f))).map((r) => `${r.method} ${r.url}`);
  const audited = new Set([...CASES.map((c) => `POST ${c.path}`), ...PROBED_APART, ...Object.keys(NOT_OWNED)]);
  expect(named.filter((r) => !audited.has(r))).toEqual([]);
  // And the table names no route that is gone.
  expect([...audited].filter((r) => !named.includes(r))).toEqual([]);
});
