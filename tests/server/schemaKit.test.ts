import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { decimal, page, PAGE_MAX, pairSymbol, paging, recordDays, rowId } from '../../server/kernel/platform/http/schemas.js';
import { useFuzzApp } from './fuzz/fuzzApp.js';
import type { Schema } from './fuzz/schema.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { RECORD_DAYS, WALLET_PATHS } from '../../domain/wallet.js';
import { STATEMENT_DAYS, STATEMENT_PATHS } from '../../domain/statements.js';
import { expectRefusal, post } from './http.js';
import { OPERATOR_ROUTE_PERMISSIONS } from '../../server/products/operator/permissions.js';

/**
 * Issue 39: "JSON-schema helpers copied into 6 route files with different id bounds". Every route
 * schema is made of one kit, server/kernel/platform/http/schemas.ts. Two guards keep it so:
 * - the route files' source declares none of the kit's shapes again (fast, names file and line);
 * - fastify's route table, read as the fuzz suite reads it, has every id, page, size, record
 *   window, money string and pair symbol in the kit's one shape, and every text bounded — so a
 *   shape copied into a file that is not named like a route file is caught too.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KIT = 'server/kernel/platform/http/schemas.ts';

/** server/**\/routes.ts and server/**\/*Routes.ts: where routes and their schemas are declared. */
function routeFiles(dir = join(ROOT, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : routeFiles(path);
    return /(^r|R)outes\w*\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** What a route file may not write itself, and the kit's name for it. */
const COPIES: ReadonlyArray<{ rule: string; pattern: RegExp }> = [
  { rule: 'an id bound of its own (use rowId)', pattern: /maximum:\s*(Number\.MAX_SAFE_INTEGER|9_?007_?199_?254_?740_?991|2\s*\*\*\s*53)/ },
  { rule: 'an id, page or size shape of its own (use rowId or paging())', pattern: /\b(id|\w+_id|page|size)\s*:\s*\{\s*type:\s*'integer'/ },
  { rule: 'an integer from 1 to a huge bound, i.e. an id or a page (use rowId or paging())', pattern: /type:\s*'integer',\s*minimum:\s*1,\s*maximum:\s*(\d[\d_]{5,}|[A-Za-z])/ },
  { rule: 'a bounded string of its own (use text(), decimal, currency or password)', pattern: /type:\s*'string',\s*(minLength:\s*[^,}]+,\s*)?maxLength:/ },
  { rule: 'a schema helper of its own (use text(), decimal or paging())', pattern: /const\s+\w+\s*=\s*\([^)]*\)\s*=>\s*\(\s*\{\s*type:\s*'(string|integer)'/ },
  { rule: 'an object schema of its own (use strictObject())', pattern: /additionalProperties:\s*false/ },
  { rule: 'the record window of its own (use recordDays(RECORD_DAYS))', pattern: /enum:\s*(\[\s*\.\.\.)?RECORD_DAYS/ },
  { rule: 'a pair symbol pattern of its own (use pairSymbol)', pattern: /pattern:\s*'\^\[A-Za-z0-9\]\{\d+,\d+\}_/ },
  { rule: 'a six-digit code of its own (use sixDigitCode)', pattern: /pattern:\s*'\^\\\\d\{6\}\$'/ },
  { rule: 'a second-factor code of its own (use secondFactorCode)', pattern: /pattern:\s*SECOND_FACTOR_PATTERN/ },
];

/** Every copy of a kit shape in `source`, as "file:line: rule — text". */
function kitCopies(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => COPIES.filter((c) => c.pattern.test(line)).map((c) => `${file}:${i + 1}: ${c.rule} — ${line.trim().slice(0, 160)}`));
}

describe('route files build their schemas from the kit (source)', () => {
  const files = routeFiles();

  it('finds the route files', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files).toContain('server/products/wallet/routes.ts');
    expect(files).toContain('server/products/accounts/userRoutes.ts');
    expect(files).not.toContain(KIT);
  });

  it('no route file declares an id bound, a page, a money string, a bounded text or an object schema of its own', () => {
    expect(files.flatMap((file) => kitCopies(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('the kit holds the one id bound, once', () => {
    const kit = readFileSync(join(ROOT, KIT), 'utf8');
    expect(kit.match(/Number\.MAX_SAFE_INTEGER/g)).toHaveLength(1);
    expect(rowId).toEqual({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
  });

  it('the scan catches what it is for', () => {
    const copied = [
      "const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;",
      "const paging = { page: { type: 'integer', minimum: 1, maximum: 100_000 }, size: { type: 'integer', minimum: 1, maximum: 50 } } as const;",
      "const decimal = { type: 'string', maxLength: 40 } as const;",
      "const text = (min: number, max: number) => ({ type: 'string', minLength: min, maxLength: max }) as const;",
      "  body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: rowId } },",
      "const symbol = { type: 'string', pattern: '^[A-Za-z0-9]{1,12}_[A-Za-z0-9]{1,12}$' } as const;",
      "  days: { type: 'integer', enum: [...RECORD_DAYS] },",
    ];
    for (const line of copied) expect(kitCopies('x/routes.ts', line), line).not.toEqual([]);
    const fine = ["const period = { type: 'integer', minimum: 1, maximum: 3600 } as const;", 'const pages = paging(MAX_PAGE_SIZE);', "leverage: { type: 'integer', minimum: 1, maximum: 125 },"];
    for (const line of fine) expect(kitCopies('x/routes.ts', line), line).toEqual([]);
  });
});

/** The Binance dialect validates its own parameters (strings, its own error codes): not this kit's. */
const DIALECT = /^\/(api\/v3|fapi|sapi)\//;
/** Data URLs (images), bounded by their route's body limit rather than a length. */
const BODY_LIMITED = new Set(['image', 'front', 'back']);
/** Money strings from outside, by name. */
const MONEY = /^(price|quantity|amount|total|value)$|_(price|quantity|amount|value|rate|stake|exposure)$/;

interface Field {
  where: string;
  name: string;
  schema: Schema;
}

/** Every named member of a schema, nested objects, array items and anyOf branches included. */
function fields(schema: Schema | undefined, where: string, name = ''): Field[] {
  if (!schema || typeof schema !== 'object') return [];
  return [
    ...(name ? [{ where, name, schema }] : []),
    ...Object.entries(schema.properties ?? {}).flatMap(([member, property]) => fields(property, `${where}.${member}`, member)),
    ...(schema.items ? fields(schema.items, `${where}[]`, name.replace(/s$/, '')) : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((branch) => fields(branch, where, '')),
  ];
}

const STATEMENT_PATHS_SET = new Set<string>(Object.values(STATEMENT_PATHS));
const isString = (s: Schema) => [s.type ?? []].flat().includes('string');
const isInteger = (s: Schema) => [s.type ?? []].flat().includes('integer');
/** An anchored pattern with no open-ended repeat bounds its text's length by itself. */
const boundedPattern = (pattern: string | undefined) => pattern !== undefined && pattern.startsWith('^') && pattern.endsWith('$') && !/[+*]|\{\d+,\}/.test(pattern);

describe('route schemas use the kit’s shapes (fastify’s route table)', () => {
  const t = useFuzzApp();
  const all = () =>
    t.routes
      .filter((route) => !DIALECT.test(route.url))
      .flatMap((route) => (['body', 'querystring', 'params'] as const).flatMap((part) => fields(route[part], `${route.method} ${route.url} ${part}`)));

  it('every id is rowId, every page the one page, every size a paging() size', () => {
    const fieldsSeen = all();
    expect(fieldsSeen.length).toBeGreaterThan(200);
    const wrong = fieldsSeen.flatMap(({ where, name, schema }) => {
      if ((name === 'id' || name.endsWith('_id')) && isInteger(schema) && JSON.stringify(schema) !== JSON.stringify(rowId)) return [`${where}: ${JSON.stringify(schema)} is not rowId`];
      if (name === 'page' && JSON.stringify(schema) !== JSON.stringify(page)) return [`${where}: ${JSON.stringify(schema)} is not the kit's page`];
      if (name === 'size' && JSON.stringify(schema) !== JSON.stringify(paging(schema.maximum).size)) return [`${where}: ${JSON.stringify(schema)} is not a paging() size`];
      if (name === 'size' && schema.maximum! > 100) return [`${where}: a page of ${schema.maximum} rows`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('every record window is recordDays, every money string decimal, every pair symbol pairSymbol', () => {
    const wrong = all().flatMap(({ where, name, schema }) => {
      const shape = JSON.stringify(schema);
      // A statement (a CSV file) has its own longer windows; every on-screen record list has RECORD_DAYS.
      const window = STATEMENT_PATHS_SET.has(where.split(' ')[1] ?? '') ? STATEMENT_DAYS : RECORD_DAYS;
      if (name === 'days' && shape !== JSON.stringify(recordDays(window))) return [`${where}: ${shape} is not recordDays(${window === RECORD_DAYS ? 'RECORD_DAYS' : 'STATEMENT_DAYS'})`];
      if (MONEY.test(name) && isString(schema) && shape !== JSON.stringify(decimal)) return [`${where}: ${shape} is not decimal`];
      if (schema.pattern?.includes('}_[') && shape !== JSON.stringify(pairSymbol)) return [`${where}: ${shape} is not pairSymbol`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('every text is bounded: a length, an enum, or an anchored pattern that bounds it', () => {
    const open = all().filter(({ name, schema }) => isString(schema) && schema.maxLength === undefined && !schema.enum && !boundedPattern(schema.pattern) && !BODY_LIMITED.has(name));
    expect(open.map((f) => `${f.where}: ${JSON.stringify(f.schema)}`)).toEqual([]);
  });

  it('ids, pages and texts past the kit’s bounds are a translated 400, never a 500', async () => {
    const de = { ...t.user, lang: 'de_DE' };
    // A field the forms show is named in the reader's language, its API name after it (fieldWords.ts).
    const named = (field: string, words: string) => MESSAGES.de_DE.invalidFieldNamed.replace('{label}', words).replace('{field}', field);
    expectRefusal(await post(t.app, SPOT_PATHS.cancel, { id: Number.MAX_SAFE_INTEGER + 1 }, de), 400);
    expectRefusal(await post(t.app, SPOT_PATHS.cancel, { id: 0 }, de), 400, named('id', 'Kennung'));
    expectRefusal(await post(t.app, WALLET_PATHS.deposits, { days: 7, page: PAGE_MAX + 1 }, de), 400, named('page', 'Seite'));
    expectRefusal(await post(t.app, WALLET_PATHS.deposits, { days: 5, page: 1 }, de), 400, named('days', 'Zeitraum (Tage)'));
    expectRefusal(await post(t.app, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'legal', quantity: '1'.repeat(41) }, de), 400, named('quantity', 'Menge'));
    expectRefusal(await post(t.app, '/api/user/login_history', { page: 1, size: 51 }, de), 400, named('size', 'Seitengröße'));
  });
});

describe("an operator's own 2FA code is `code` on every operator call", () => {
  const t = useFuzzApp();
  const operatorRoutes = () => t.routes.filter((route) => OPERATOR_ROUTE_PERMISSIONS[`${route.method} ${route.url}`] !== undefined);

  it('every operator route that takes a code takes it as `code` (`totp_code`, its former name on the money desks, still accepted beside it)', () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const asking = routes.filter((route) => route.body?.properties?.code !== undefined || route.body?.properties?.totp_code !== undefined);
    expect(asking.length).toBeGreaterThan(25);
    const named = asking.flatMap((route) => {
      const props = route.body!.properties!;
      if (props.code === undefined) return [`${route.method} ${route.url}: no \`code\``];
      if (props.totp_code !== undefined && JSON.stringify(props.totp_code) !== JSON.stringify(props.code)) return [`${route.method} ${route.url}: totp_code unlike code`];
      return [];
    });
    expect(named).toEqual([]);
  });

  it('a bad field of an operator call is named in the operator’s language, its API name after it', async () => {
    const de = { ...t.operator, lang: 'de_DE' };
    const named = (field: string, words: string) => MESSAGES.de_DE.invalidFieldNamed.replace('{label}', words).replace('{field}', field);
    expectRefusal(await post(t.app, '/api/operator/kyc/list', { size: 51 }, de), 400, named('size', 'Seitengröße'));
    expectRefusal(await post(t.app, '/api/operator/kyc/list', { search: 'x'.repeat(300) }, de), 400, named('search', 'Suche'));
    expectRefusal(await post(t.app, '/api/operator/kyc/approve', { id: 1, code: 'not a code!' }, { ...t.operator, lang: 'ja_JP' }), 400, MESSAGES.ja_JP.invalidFieldNamed.replace('{label}', MESSAGES.ja_JP.fieldCode).replace('{field}', 'code'));
    expectRefusal(await post(t.app, '/api/operator/corrections/reject', { id: 1, reason: 'x'.repeat(201) }, de), 400, named('reason', 'Grund'));
  });
});
