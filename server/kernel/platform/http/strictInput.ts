import { Ajv, type ErrorObject, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import { IDEMPOTENCY_HEADER } from '../../../../domain/walletAccounts.js';
import { wellFormedKey } from '../idempotency.js';
import { ApiFailure } from './envelope.js';
import fp from './plugin.js';

/**
 * What the routes' schemas mean, strictly. Bodies are JSON and are taken as sent: no coercion, so
 * `{"id": true}` is not id 1, `{"quantity": [1]}` is not 1, and a number is not a money string
 * (Fastify's default would coerce all three), and a number literal JSON.parse would change (1e309,
 * 40 decimals, 2^53 + 1, -0) is refused by the JSON parser (`hasInexactNumber`, app.ts). Query
 * strings and path parameters are text by nature, so there a plain decimal may become the integer
 * its schema asks for — and nothing else: "1e309", "Infinity", "-0", "0x10", "1e3", " 1" or 40
 * decimals stay strings and fail an integer schema. A member a schema does not name is refused, not
 * dropped (every route's objects say `additionalProperties: false`, tests/server/fuzz/strictSchemas):
 * a client that sends `{"x": 1}` learns "Unknown field: x" instead of being told its settings were
 * saved.
 */
const COMMON: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false };
const bodies = new Ajv({ ...COMMON, coerceTypes: false });
const text = new Ajv({ ...COMMON, coerceTypes: true });

export function strictValidatorCompiler({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) {
  if (httpPart === 'body') return bodies.compile(schema as object);
  const validate = text.compile(schema as object);
  const numeric = numericProperties(schema as TextSchema);
  if (numeric.length === 0) return validate;
  // Ajv would coerce any text `+x` reads as a number ("0x10", " 1", "1e3", "-0", 40 decimals);
  // only a plain decimal that is exactly its number may become one.
  const checked = Object.assign(
    (data: unknown) => {
      const values = (data ?? {}) as Record<string, unknown>;
      const wrong = numeric.find(({ name }) => typeof values[name] === 'string' && !plainNumber(values[name] as string));
      if (wrong) {
        checked.errors = [{ instancePath: `/${wrong.name}`, schemaPath: `#/properties/${wrong.name}/type`, keyword: 'type', params: { type: wrong.type }, message: `must be ${wrong.type}` }];
        return false;
      }
      const valid = validate(data);
      checked.errors = validate.errors;
      return valid;
    },
    { errors: null as ErrorObject[] | null | undefined },
  );
  return checked;
}

interface TextSchema {
  properties?: Record<string, { type?: string | string[] }>;
}

/** The query or path fields typed integer or number. */
function numericProperties(schema: TextSchema): Array<{ name: string; type: 'integer' | 'number' }> {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]): Array<{ name: string; type: 'integer' | 'number' }> => {
    const types = [property.type ?? []].flat();
    if (types.includes('integer')) return [{ name, type: 'integer' as const }];
    if (types.includes('number')) return [{ name, type: 'number' as const }];
    return [];
  });
}

/** A decimal with no sign but "-", no exponent, padding or leading zeros, that a double holds exactly (so never -0). */
function plainNumber(value: string): boolean {
  return /^-?(0|[1-9]\d*)(\.\d+)?$/.test(value) && exactNumber(value);
}

/** Whether a JSON number literal means exactly the double it parses to (-0, 1e309 and 40 decimals do not). */
export function exactNumber(literal: string): boolean {
  // Up to 15 significant digits and no exponent always round-trip (the common case, kept cheap).
  if (literal.length <= 15 && !/[eE]/.test(literal)) return !/^-0(\.0*)?$/.test(literal);
  const n = Number(literal);
  if (!Number.isFinite(n) || Object.is(n, -0)) return false;
  return decimalForm(literal) === decimalForm(String(n));
}

/** A number literal as sign, significant digits and exponent: "1.50" and "15e-1" are both "15e-1". */
function decimalForm(literal: string): string | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) return undefined;
  const fraction = m[3] ?? '';
  const digits = `${m[2]}${fraction}`.replace(/^0+/, '');
  if (digits === '') return '0';
  const significant = digits.replace(/0+$/, '');
  return `${m[1]}${significant}e${Number(m[4] ?? 0) - fraction.length + (digits.length - significant.length)}`;
}

const NUMBER_LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Whether JSON text holds a number literal that is not exactly the double JSON.parse makes of it:
 * 1e309 (Infinity), 1.0000000000000000000000000000000000000001 (1), 9007199254740993 (…992), or
 * -0. Such a body is refused rather than read as some other number. Strings are skipped whole.
 */
export function hasInexactNumber(json: string): boolean {
  let i = 0;
  while (i < json.length) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      i = afterString(json, i + 1);
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER_LITERAL.lastIndex = i;
      const literal = NUMBER_LITERAL.exec(json)?.[0];
      if (literal === undefined) i += 1;
      else if (!exactNumber(literal)) return true;
      else i += literal.length;
    } else {
      i += 1;
    }
  }
  return false;
}

/** The index after the closing quote of a string whose text starts at `from`. */
function afterString(json: string, from: number): number {
  for (let i = from; ; ) {
    const quote = json.indexOf('"', i);
    if (quote < 0) return json.length;
    let backslashes = 0;
    while (json.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** PostgreSQL text cannot hold NUL, and no field here has a use for control characters but tab and newline. */
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasControlCharacter(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (CONTROL.test(key) || hasControlCharacter(v, depth + 1)) return true;
  return false;
}

const firstKey = (value: unknown): string | undefined => (value !== null && typeof value === 'object' ? Object.keys(value)[0] : undefined);

/**
 * Refuses, before any route runs, input no route can use: control characters (NUL above all, which
 * PostgreSQL refuses with an error) in the body, query or path, numbers that are not finite, an
 * Idempotency-Key header not of the key's form, and a query string on a submission whose route reads none. A translated body code 400, nothing changed.
 */
export const strictInput = fp((app: FastifyInstance) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  app.addHook('preValidation', async (request) => {
    if (hasControlCharacter(request.body) || hasControlCharacter(request.query) || hasControlCharacter(request.params)) {
      throw new ApiFailure(ResultCode.badRequest, 'badRequest');
    }
    if (!wellFormedKey(request.headers[IDEMPOTENCY_HEADER])) throw new ApiFailure(ResultCode.badRequest, 'idempotencyKeyMalformed');
    // A submission's fields are its body: a query string on a route that names none is an unknown
    // field like any other (`?account=contract` beside a body was read as nothing, silently).
    const stray = request.method !== 'GET' && request.method !== 'HEAD' && !request.routeOptions.schema?.querystring ? firstKey(request.query) : undefined;
    if (stray !== undefined) throw new ApiFailure(ResultCode.badRequest, 'unknownField', { field: stray.slice(0, 64) });
  });
});
