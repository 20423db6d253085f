import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from '../../../domain/languages.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { auditBooks } from '../../../server/products/audit.js';
import { contentHashes, differences, tableNames, useFuzzApp, watchWrites, writesNoted, type SeenRoute } from './fuzzApp.js';
import { bodyValueVariants, bodyVariants, hasControl, oddTexts, textValueVariants } from './generate.js';
import { seeded } from './rng.js';
import { sampleObject } from './samples.js';
import { accepts, admitsText, objectSchemaOf, typeOf, type Schema } from './schema.js';

/**
 * Issue 11, item 9: every route fastify has — read from its route table, not a list — gets
 * malformed values generated from its own schema, field by field and as whole bodies, signed in
 * as whoever the route admits, in a language chosen per request. Each must be answered HTTP 200
 * with body code 400 and a message from that language's catalogue, and change nothing: row counts
 * of every table after each route, whole table contents and the ledger audit at the end. A route
 * added tomorrow is fuzzed without touching this file. FUZZ_SEED replays another choice of
 * control characters, languages and principals.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 911);
const rng = seeded(SEED);
const t = useFuzzApp();

/** Requests in flight at once: enough to keep the app busy, few enough for a busy 2-core machine. */
const IN_FLIGHT = 8;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Probe {
  route: SeenRoute;
  label: string;
  request: InjectOptions;
  lang: LocaleCode;
}

/** Every text of a language's catalogue as a pattern ({placeholders} match anything). */
const catalogue = Object.fromEntries(
  LOCALE_CODES.map((lang) => [
    lang,
    Object.values(MESSAGES[lang] as Record<string, string>).map(
      (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[\\s\\S]*')}$`),
    ),
  ]),
) as Record<LocaleCode, RegExp[]>;

const translated = (msg: string, lang: LocaleCode) => catalogue[lang].some((pattern) => pattern.test(msg));

/** What is wrong with an answer to malformed input, or undefined when it is the refusal it should be. */
function refusalProblem(response: LightMyRequestResponse, lang: LocaleCode, acceptAnyCode = false): string | undefined {
  if (response.statusCode >= 500) return `HTTP ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode !== 200) return `HTTP ${response.statusCode} (not an envelope answer): ${response.body.slice(0, 200)}`;
  if (!String(response.headers['content-type']).startsWith('application/json')) return `content-type ${response.headers['content-type']}`;
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) return `not an envelope: ${response.body.slice(0, 200)}`;
  if (body.code === 500) return `body code 500: ${body.msg}`;
  if (!acceptAnyCode && body.code !== 400) return `body code ${body.code}: ${body.msg}`;
  if (!acceptAnyCode && body.data !== null) return `data ${JSON.stringify(body.data).slice(0, 100)}`;
  if (!translated(body.msg, lang)) return `message not in ${lang}: ${body.msg}`;
  return undefined;
}

/**
 * The Binance dialect (server/products/binance) answers in Binance's shapes, not our envelope: a
 * refusal is HTTP 4xx with `{code: <negative>, msg}` (issue 36). Never a 500 either way.
 */
const BINANCE_DIALECT = /^\/(api\/v3|fapi|sapi)\//;
function binanceRefusalProblem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode < 400 || response.statusCode >= 500) return `HTTP ${response.statusCode}: ${response.body.slice(0, 200)}`;
  let body: { code?: unknown; msg?: unknown };
  try {
    body = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof body.code !== 'number' || body.code >= 0 || typeof body.msg !== 'string' || body.msg === '') return `not a Binance refusal: ${response.body.slice(0, 200)}`;
  return undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function principal(route: SeenRoute): Record<string, string> {
  switch (route.auth) {
    case 'user':
      return t.user;
    case 'operator':
      return t.operator;
    case 'userOrOperator':
      return rng.next() < 0.5 ? t.user : t.operator;
    default:
      return {};
  }
}

function probe(route: SeenRoute, label: string, request: Omit<InjectOptions, 'method'>): Probe {
  const lang = rng.pick(LOCALE_CODES);
  return {
    route,
    label,
    lang,
    request: { method: route.method as InjectOptions['method'], ...request, headers: { ...principal(route), lang, ...(request.headers ?? {}) } },
  };
}

/** Sends probes, a few at a time, and returns "METHOD url [label] (lang): problem" for each bad answer. */
async function sendAll(
  probes: Probe[],
  check: (response: LightMyRequestResponse, p: Probe) => string | undefined,
  /** Probes a schema admits: the Binance dialect may answer them (2xx JSON) as well as refuse them its way. */
  binanceMayAnswer = false,
): Promise<{ problems: string[]; sent: number }> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const p = probes[next++]!;
      const response = await t.app.inject(p.request);
      const answered = binanceMayAnswer && response.statusCode >= 200 && response.statusCode < 300 && isJson(response.body);
      const problem = BINANCE_DIALECT.test(p.route.url) ? (answered ? undefined : binanceRefusalProblem(response)) : check(response, p);
      if (problem) problems.push(`${p.route.method} ${p.route.url} [${p.label}] (${p.lang}): ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, probes.length) }, worker));
  return { problems, sent: probes.length };
}

const fuzzed = (routes: readonly SeenRoute[]) => routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');

/** A valid base for each part of a route: required fields, each sampled from its schema. */
function bases(route: SeenRoute) {
  const bodyObject = objectSchemaOf(route.body);
  return {
    body: bodyObject ? sampleObject(bodyObject) : {},
    query: route.querystring ? sampleObject(route.querystring) : {},
    params: route.params ? sampleObject(route.params) : {},
  };
}

function urlOf(route: SeenRoute, params: Record<string, unknown>, query: Record<string, unknown>, override?: { part: 'params' | 'query'; name: string; value: string | string[]; rawPath?: string }): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (override?.part === 'params' && override.name === name) return override.rawPath ?? encodeURIComponent(String(override.value));
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (!(override?.part === 'query' && override.name === name)) search.append(name, String(value));
  if (override?.part === 'query') for (const v of [override.value].flat()) search.append(override.name, v);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The body's JSON text with one member's value written as raw JSON text. */
function bodyWith(base: Record<string, unknown>, field: string, raw: string): string {
  const members = Object.entries(base).filter(([name]) => name !== field).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  members.push(`${JSON.stringify(field)}:${raw}`);
  return `{${members.join(',')}}`;
}

const json = { 'content-type': 'application/json' };

/** Probes for one route, how many generated values its schema admits (left out), and how many inputs it has. */
interface Generated {
  probes: Probe[];
  admitted: number;
  inputs: number;
}

/** Field-level probes the schema (or the strict-input rules) must refuse. */
function fieldProbes(route: SeenRoute): Generated {
  const base = bases(route);
  const probes: Probe[] = [];
  let admitted = 0;
  let inputs = 0;
  const bodyObject = objectSchemaOf(route.body);
  if (route.body && BODY_METHODS.has(route.method)) {
    for (const [field, schema] of Object.entries(bodyObject?.properties ?? {})) {
      inputs++;
      const sample = base.body[field] ?? sampleObject({ required: [field], properties: { [field]: schema } })[field];
      for (const variant of bodyValueVariants(schema, sample, rng)) {
        let malformed = Boolean(variant.always);
        if (!malformed) {
          const value: unknown = JSON.parse(variant.raw);
          malformed = hasControl(value) || !accepts(route.body, { ...base.body, [field]: value });
        }
        if (!malformed) {
          admitted++;
          continue;
        }
        probes.push(probe(route, `body.${field}: ${variant.label}`, { url: urlOf(route, base.params, base.query), payload: bodyWith(base.body, field, variant.raw), headers: json }));
      }
    }
  }
  for (const part of ['query', 'params'] as const) {
    const schema = part === 'query' ? route.querystring : route.params;
    for (const [field, fieldSchema] of Object.entries(schema?.properties ?? {})) {
      inputs++;
      const sample = (part === 'query' ? base.query : base.params)[field] ?? 1;
      for (const variant of textValueVariants(fieldSchema, sample, rng)) {
        if (part === 'query' && variant.rawPath) continue;
        const malformed = Boolean(variant.always) || hasControl(variant.value) || variant.rawPath !== undefined || !admitsText(fieldSchema, variant.value);
        if (!malformed) {
          admitted++;
          continue;
        }
        const url = urlOf(route, base.params, base.query, { part, name: field, value: variant.value, rawPath: variant.rawPath });
        probes.push(probe(route, `${part}.${field}: ${variant.label}`, { url, ...(BODY_METHODS.has(route.method) ? { payload: JSON.stringify(base.body), headers: json } : {}) }));
      }
    }
  }
  return { probes, admitted, inputs };
}

/** Whole-body probes a route with a body must refuse (the ones its schema admits, such as null, are left out). */
function wholeBodyProbes(route: SeenRoute): Generated {
  if (!route.body || !BODY_METHODS.has(route.method)) return { probes: [], admitted: 0, inputs: 0 };
  const base = bases(route);
  const probes: Probe[] = [];
  let admitted = 0;
  for (const variant of bodyVariants(base.body, route.bodyLimit)) {
    if (!variant.always) {
      const value: unknown = JSON.parse(variant.payload.toString());
      if (!hasControl(value) && accepts(route.body, value)) {
        admitted++;
        continue;
      }
    }
    probes.push(
      probe(route, `whole body: ${variant.label}`, {
        url: urlOf(route, base.params, base.query),
        payload: variant.payload,
        headers: variant.contentType ? { 'content-type': variant.contentType } : {},
      }),
    );
  }
  return { probes, admitted, inputs: 1 };
}

/** Per route: its probes, then the writes they made (watchWrites: none may be). */
async function fuzzEachRoute(make: (route: SeenRoute) => Generated) {
  const problems: string[] = [];
  let sent = 0;
  let admitted = 0;
  for (const route of fuzzed(t.routes)) {
    const made = make(route);
    admitted += made.admitted;
    if (made.inputs > 0 && made.probes.length === 0) problems.push(`${route.method} ${route.url}: no malformed request could be generated`);
    await writesNoted(t.db);
    const result = await sendAll(made.probes, (response, p) => refusalProblem(response, p.lang));
    sent += result.sent;
    problems.push(...result.problems);
    const written = await writesNoted(t.db);
    if (written.length) problems.push(`${route.method} ${route.url}: rows written: ${written.join('; ')}`);
  }
  return { problems, sent, admitted };
}

const report = (problems: string[]) => (problems.length > 40 ? [...problems.slice(0, 40), `… and ${problems.length - 40} more`] : problems);

describe(`fuzz: every route refuses malformed input with a translated 400 and changes nothing (seed ${SEED})`, () => {
  let tables: string[];
  let contentBefore: Record<string, string>;
  const totals = { routes: 0, sent: 0, admitted: 0 };
  beforeAll(async () => {
    tables = await tableNames(t.db);
    contentBefore = await contentHashes(t.db, tables);
    await watchWrites(t.db, tables);
  });

  it('sees a write to any table, and a session only growing older as none', async () => {
    const before = await t.db.query<{ n: number }>(`select count(*)::int as n from session_token`);
    await t.db.query(`update session_token set last_seen_at = last_seen_at + interval '1 second'`);
    expect(await writesNoted(t.db)).toEqual([]);
    await t.db.query(`update community set name = name`);
    await t.db.query(`insert into plat_note (type, lang, title, content) values (5, 'fuzz-watch', 'fuzz-watch', 'x')`);
    await t.db.query(`update plat_note set content = 'y' where title = 'fuzz-watch'`);
    await t.db.query(`delete from plat_note where title = 'fuzz-watch'`);
    expect(await writesNoted(t.db)).toEqual(['plat_note: 1 DELETE, 1 INSERT, 1 UPDATE']);
    expect(await writesNoted(t.db)).toEqual([]);
    expect(before[0]!.n).toBeGreaterThan(0);
  });

  it('reads a non-trivial route table in which every route that takes input has a schema', async () => {
    expect(await auditBooks(t.db)).toEqual([]);
    const routes = fuzzed(t.routes);
    totals.routes = routes.length;
    expect(routes.length).toBeGreaterThanOrEqual(60);
    const missing = routes.flatMap((r) => [
      ...(BODY_METHODS.has(r.method) && !r.body ? [`${r.method} ${r.url}: no body schema`] : []),
      ...(r.url.includes(':') && !r.params ? [`${r.method} ${r.url}: no params schema`] : []),
      ...(r.method === 'GET' && !r.url.includes(':') && !r.querystring ? [`${r.method} ${r.url}: no querystring schema`] : []),
    ]);
    expect(missing).toEqual([]);
    // Every schema yields a valid base request, so each malformed field is the only thing wrong.
    const unbuildable = routes.flatMap((r) => {
      try {
        const base = bases(r);
        return [
          ...(r.body && !accepts(r.body, base.body) ? [`${r.url}: base body ${JSON.stringify(base.body)} is not valid`] : []),
          ...(['query', 'params'] as const).flatMap((part) =>
            Object.entries((part === 'query' ? r.querystring : r.params)?.properties ?? {})
              .filter(([name, s]) => name in base[part] && !admitsText(s, String(base[part][name])))
              .map(([name]) => `${r.url}: base ${part} ${name} is not valid`),
          ),
        ];
      } catch (error) {
        return [`${r.method} ${r.url}: ${(error as Error).message}`];
      }
    });
    expect(unbuildable).toEqual([]);
    // And each of those fields has a type the generator knows.
    const untyped = routes.flatMap((r) =>
      [objectSchemaOf(r.body), r.querystring, r.params].flatMap((s: Schema | undefined) =>
        Object.entries(s?.properties ?? {})
          .filter(([, f]) => typeOf(f) === undefined)
          .map(([name]) => `${r.url}: ${name}`),
      ),
    );
    expect(untyped).toEqual([]);
  });

  /** More than `atLeast` probes sent over every route, each refused as it should be; counted in the totals. */
  async function expectRefused(make: (route: SeenRoute) => Generated, atLeast: number) {
    const { problems, sent, admitted } = await fuzzEachRoute(make);
    totals.sent += sent;
    totals.admitted += admitted;
    expect(sent).toBeGreaterThan(atLeast);
    expect(report(problems)).toEqual([]);
  }

  it('refuses malformed values in every field of every body, query string and path', () => expectRefused(fieldProbes, 1000), 180_000);

  it('refuses malformed whole bodies: wrong shapes, broken JSON, poisoned keys, wrong content types, bodies over the limit', () => expectRefused(wholeBodyProbes, 500), 180_000);

  it('left every table exactly as it was and the ledger audit clean', async () => {
    expect(differences(contentBefore, await contentHashes(t.db, tables))).toEqual([]);
    expect(await auditBooks(t.db)).toEqual([]);
  });

  it('still takes every number written exactly, however it is written', async () => {
    // The refusals above cost no honest client anything: JSON.stringify never writes -0, an
    // exponent it cannot read back, or more digits than the number has.
    for (const raw of ['1', '1.0', '1e0', '10e-1', '0.1e1', '1.00000000000000000000']) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/plat_note', payload: `{"type":${raw}}`, headers: json });
      expect([raw, answer.json<{ code: number }>().code]).toEqual([raw, 200]);
    }
    for (const to of ['0', '1700000000000']) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/market/kline?pair=btc_usdt&interval=1min&limit=5&to=${to}` });
      expect([to, answer.json<{ code: number }>().code]).toEqual([to, 200]);
    }
  });

  it('answers odd texts a schema admits (numbers as text, huge, unicode, injections) without a 500 and in the language asked', async () => {
    const probes: Probe[] = [];
    for (const route of fuzzed(t.routes)) {
      const base = bases(route);
      const parts = [
        ['body', BODY_METHODS.has(route.method) ? objectSchemaOf(route.body) : undefined],
        ['query', route.querystring],
      ] as const;
      for (const [part, schema] of parts) {
        for (const [field, fieldSchema] of Object.entries(schema?.properties ?? {})) {
          if (typeOf(fieldSchema) !== 'string') continue;
          for (const text of oddTexts(fieldSchema)) {
            const label = `${part}.${field}: ${JSON.stringify(text.length > 24 ? `${text.slice(0, 12)}…(${text.length})` : text)}`;
            probes.push(
              part === 'body'
                ? probe(route, label, { url: urlOf(route, base.params, base.query), payload: JSON.stringify({ ...base.body, [field]: text }), headers: json })
                : probe(route, label, { url: urlOf(route, base.params, base.query, { part: 'query', name: field, value: text }) }),
            );
          }
        }
      }
    }
    const codes: Record<string, number> = {};
    const { problems, sent } = await sendAll(probes, (response, p) => {
      const problem = refusalProblem(response, p.lang, true);
      if (problem) return problem;
      const code = (response.json() as { code: number }).code;
      codes[code] = (codes[code] ?? 0) + 1;
      // The principal each route admits is signed in: a 403 would mean the pass never got past auth.
      return code === 403 ? `body code 403: ${response.body.slice(0, 120)}` : undefined;
    }, true);
    expect(sent).toBeGreaterThan(200);
    expect(report(problems)).toEqual([]);
    expect(await auditBooks(t.db)).toEqual([]);
    console.info(
      `fuzz (seed ${SEED}): ${totals.routes} routes; ${totals.sent} malformed requests, each refused with a translated 400 and no change ` +
        `(${totals.admitted} generated values left out as admitted by their schema); ${sent} odd texts answered ${JSON.stringify(codes)}`,
    );
  }, 180_000);
});
