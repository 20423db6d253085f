import { accepts, type Schema } from './schema.js';
import type { Rng } from './rng.js';

/**
 * Malformed input generated from a route's own JSON schema (issue 11, item 9). Nothing here names
 * a route: the suite hands in the schemas fastify registered; samples.ts derives a valid base
 * request from each, and this module, field by field and for the body as a whole, the values the
 * route must refuse — with a label saying what each is.
 */

/** Characters no route may receive (tab, newline and carriage return are text). */
export const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, i) => i), 0x7f]
  .filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d)
  .map((c) => String.fromCharCode(c));

export const FORTY_DECIMALS = `1.${'0'.repeat(39)}1`;
export const FORTY_DECIMALS_BELOW_ONE = `0.${'0'.repeat(39)}1`;
/** Big enough to be absurd for any field, small enough to fit the default body limit. */
export const HUGE = 300_000;

/**
 * Why a value is malformed whatever a schema says: text that is not JSON, a number literal a
 * double cannot hold exactly (or -0), a control character, or a prototype-poisoning key.
 */
export type Always = 'not JSON' | 'inexact number' | 'control character' | 'prototype key';

/** A value to put in one field, as JSON text (so it can be Infinity, 1e309 or 40 decimals). */
export interface ValueVariant {
  label: string;
  raw: string;
  always?: Always;
}

const str = (s: string) => JSON.stringify(s);

/** Body values named by their JSON text, each sent as it is; `always`: what each must be refused for. */
const asIs = (always: Always | undefined, ...raws: string[]): ValueVariant[] => raws.map((raw) => ({ label: raw, raw, ...(always ? { always } : {}) }));
/** Query or path texts named by themselves. */
const asText = (...values: string[]): TextVariant[] => values.map((value) => ({ label: value, value }));

/** Control characters for one field: NUL, ESC and DEL always, two more chosen by the seed. */
function controlSamples(rng: Rng): string[] {
  const chosen = new Set(['\u0000', '\u001b', '\u007f', rng.pick(CONTROL_CHARACTERS), rng.pick(CONTROL_CHARACTERS)]);
  return [...chosen];
}

const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Malformed values for a body field, from the field's schema and its valid sample. */
export function bodyValueVariants(schema: Schema, sample: unknown, rng: Rng): ValueVariant[] {
  const sampleText = typeof sample === 'string' ? sample : 'a';
  const variants: ValueVariant[] = [
    ...asIs('not JSON', 'Infinity', '-Infinity', 'NaN', 'undefined'),
    ...asIs('inexact number', '1e309', '-1e309', '-0'),
    { label: '40 decimals', raw: FORTY_DECIMALS, always: 'inexact number' },
    { label: '40 decimals below one', raw: FORTY_DECIMALS_BELOW_ONE, always: 'inexact number' },
    { label: '2^53 + 1', raw: '9007199254740993', always: 'inexact number' },
    ...asIs(undefined, 'true', 'false', 'null', '0', '-1', '2.5'),
    { label: '2^53', raw: '9007199254740992' },
    ...asIs(undefined, '1e21'),
    { label: 'empty array', raw: '[]' },
    { label: 'array of the sample', raw: `[${JSON.stringify(sample ?? 1)}]` },
    { label: 'empty object', raw: '{}' },
    { label: 'nested objects', raw: `${'{"a":'.repeat(40)}1${'}'.repeat(40)}` },
    { label: 'nested arrays', raw: `${'['.repeat(40)}${']'.repeat(40)}` },
    { label: '__proto__ object', raw: '{"__proto__":{"polluted":true}}', always: 'prototype key' },
    { label: 'constructor.prototype object', raw: '{"constructor":{"prototype":{"polluted":true}}}', always: 'prototype key' },
    { label: 'string "Infinity"', raw: str('Infinity') },
    { label: 'string "NaN"', raw: str('NaN') },
    { label: 'string "1e309"', raw: str('1e309') },
    { label: 'string "-0"', raw: str('-0') },
    { label: 'string of 40 decimals', raw: str(FORTY_DECIMALS) },
    { label: 'string "1"', raw: str('1') },
    { label: 'empty string', raw: str('') },
    { label: '400 digits', raw: str('9'.repeat(400)) },
    { label: `huge string (${HUGE})`, raw: str('x'.repeat(HUGE)) },
    { label: 'array of NUL', raw: `[${str('\u0000')}]`, always: 'control character' },
    { label: 'object with NUL', raw: `{"a":${str('\u0000')}}`, always: 'control character' },
    ...controlSamples(rng).flatMap((c) => [
      { label: `${hex(c)} alone`, raw: str(c), always: 'control character' as const },
      { label: `${hex(c)} inside the sample`, raw: str(`${sampleText}${c}${sampleText}`), always: 'control character' as const },
    ]),
  ];
  if (schema.maxLength !== undefined) variants.push({ label: `maxLength + 1 (${schema.maxLength + 1})`, raw: str('x'.repeat(schema.maxLength + 1)) });
  if (schema.minimum !== undefined) variants.push({ label: 'minimum - 1', raw: String(schema.minimum - 1) });
  if (schema.maximum !== undefined) variants.push({ label: 'maximum + 1', raw: String(schema.maximum + 1) });
  if (schema.enum?.length) {
    const first = String(schema.enum[0]);
    variants.push({ label: 'not in the enum', raw: str(`${first}-not`) }, { label: 'enum value upper-cased', raw: str(first.toUpperCase()) });
    variants.push({ label: 'enum value padded', raw: str(` ${first} `) });
  }
  if (schema.pattern) variants.push({ label: 'sample padded (pattern)', raw: str(` ${sampleText} `) }, { label: 'punctuation (pattern)', raw: str('!@#$%') });
  return dedupe(variants);
}

/** Values for a query-string or path field: always text, so the malformed ones are texts too. */
export interface TextVariant {
  label: string;
  value: string | string[];
  /** Sent raw in a path (not percent-encoded), for bad encodings. */
  rawPath?: string;
  always?: Always;
}

export function textValueVariants(schema: Schema, sample: unknown, rng: Rng): TextVariant[] {
  const sampleText = String(sample ?? 'a');
  const variants: TextVariant[] = [
    ...asText('Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '-0'),
    { label: '40 decimals', value: FORTY_DECIMALS },
    ...asText('2.5', '1e3'),
    { label: 'hexadecimal', value: '0x10' },
    { label: 'plus sign', value: '+1' },
    { label: 'padded', value: ` ${sampleText} ` },
    { label: 'empty', value: '' },
    ...asText('true'),
    { label: '2^53 + 1', value: '9007199254740993' },
    { label: '400 digits', value: '9'.repeat(400) },
    { label: 'huge (20000)', value: 'x'.repeat(20_000) },
    { label: 'repeated (an array)', value: [sampleText, sampleText] },
    { label: 'punctuation', value: '!@#$%' },
    ...controlSamples(rng).flatMap((c) => [
      { label: `${hex(c)} alone`, value: c, always: 'control character' as const },
      { label: `${hex(c)} inside the sample`, value: `${sampleText}${c}`, always: 'control character' as const },
    ]),
  ];
  if (schema.maxLength !== undefined) variants.push({ label: 'maxLength + 1', value: 'x'.repeat(schema.maxLength + 1) });
  if (schema.minimum !== undefined) variants.push({ label: 'minimum - 1', value: String(schema.minimum - 1) });
  if (schema.maximum !== undefined) variants.push({ label: 'maximum + 1', value: String(schema.maximum + 1) });
  if (schema.enum?.length) variants.push({ label: 'not in the enum', value: `${String(schema.enum[0])}-not` });
  variants.push({ label: 'bad percent-encoding', value: '%E0%A4%A', rawPath: '%E0%A4%A' });
  return variants;
}

export function hasControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTERS.some((c) => value.includes(c));
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasControl(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasControl(k) || hasControl(v, depth + 1));
}

/** A whole request body: JSON text (or bytes) with the content type it is sent with. */
export interface BodyVariant {
  label: string;
  payload: string | Buffer;
  /** Omitted: no content-type header at all. */
  contentType?: string;
  always?: Always | 'wrong content type' | 'over the body limit';
}

const withExtra = (baseJson: string, member: string) => (baseJson === '{}' ? `{${member}}` : `${baseJson.slice(0, -1)},${member}}`);

/** Malformed whole bodies: wrong shapes, broken JSON, poisoned keys, wrong content types, too large. */
export function bodyVariants(base: Record<string, unknown>, bodyLimit: number): BodyVariant[] {
  const baseJson = JSON.stringify(base);
  const json = 'application/json';
  return [
    { label: 'empty array', payload: '[]', contentType: json },
    { label: 'the body in an array', payload: `[${baseJson}]`, contentType: json },
    { label: 'a string', payload: str('body'), contentType: json },
    { label: 'a number', payload: '1', contentType: json },
    { label: 'true', payload: 'true', contentType: json },
    { label: 'null', payload: 'null', contentType: json },
    { label: 'empty object', payload: '{}', contentType: json },
    { label: 'an unknown member', payload: withExtra(baseJson, '"zz_unknown":1'), contentType: json },
    { label: 'an unknown member holding the body', payload: withExtra(baseJson, `"zz_unknown":${baseJson}`), contentType: json },
    { label: 'Infinity', payload: 'Infinity', contentType: json, always: 'not JSON' },
    { label: 'NaN', payload: 'NaN', contentType: json, always: 'not JSON' },
    { label: '1e309', payload: '1e309', contentType: json, always: 'inexact number' },
    { label: 'truncated', payload: baseJson.slice(0, -1), contentType: json, always: 'not JSON' },
    { label: 'single quotes', payload: "{'a':1}", contentType: json, always: 'not JSON' },
    { label: 'trailing comma', payload: withExtra(baseJson, '"a":1,'), contentType: json, always: 'not JSON' },
    { label: 'two documents', payload: `${baseJson}${baseJson}`, contentType: json, always: 'not JSON' },
    { label: 'arrays 5000 deep', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: json },
    { label: 'objects 5000 deep', payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, contentType: json },
    { label: '__proto__ key', payload: withExtra(baseJson, '"__proto__":{"polluted":true}'), contentType: json, always: 'prototype key' },
    { label: 'constructor.prototype key', payload: withExtra(baseJson, '"constructor":{"prototype":{"polluted":true}}'), contentType: json, always: 'prototype key' },
    { label: 'nested __proto__ key', payload: withExtra(baseJson, '"zz":{"a":[{"__proto__":{"polluted":true}}]}'), contentType: json, always: 'prototype key' },
    { label: 'NUL in a key', payload: withExtra(baseJson, `${str('a\u0000')}:1`), contentType: json, always: 'control character' },
    { label: 'ESC in a key', payload: withExtra(baseJson, `${str('\u001b[0m')}:1`), contentType: json, always: 'control character' },
    { label: 'NUL deep in an extra member', payload: withExtra(baseJson, `"zz":{"y":[[${str('\u0000')}]]}`), contentType: json, always: 'control character' },
    { label: 'text/plain', payload: baseJson, contentType: 'text/plain', always: 'wrong content type' },
    { label: 'form-urlencoded', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', always: 'wrong content type' },
    { label: 'multipart', payload: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n', contentType: 'multipart/form-data; boundary=fuzz', always: 'wrong content type' },
    { label: 'xml', payload: '<a>1</a>', contentType: 'application/xml', always: 'wrong content type' },
    { label: 'octet-stream', payload: Buffer.from(baseJson), contentType: 'application/octet-stream', always: 'wrong content type' },
    { label: 'application/jsonx', payload: baseJson, contentType: 'application/jsonx', always: 'wrong content type' },
    { label: 'no content type', payload: baseJson, always: 'wrong content type' },
    { label: 'UTF-16 with a byte-order mark', payload: Buffer.from(`\ufeff${baseJson}`, 'utf16le'), contentType: json, always: 'not JSON' },
    { label: `over the body limit (${bodyLimit + 1} bytes)`, payload: `{"pad":"${'x'.repeat(bodyLimit - 9)}"}`, contentType: json, always: 'over the body limit' },
  ];
}

/**
 * Odd texts a string field may well admit (so no schema refuses them): sent once every strict
 * check is done, to show no handler answers them with a 500 or an untranslated message.
 */
export function oddTexts(schema: Schema): string[] {
  const max = schema.maxLength ?? HUGE;
  return [
    'Infinity',
    '-Infinity',
    'NaN',
    '1e309',
    '-1e309',
    '-0',
    '-1',
    '0',
    FORTY_DECIMALS,
    FORTY_DECIMALS_BELOW_ONE,
    '9'.repeat(Math.min(max, 400)),
    `9${'0'.repeat(Math.min(max, 60) - 1)}.5`,
    '1e3',
    '0x10',
    ' 1 ',
    '\t\n',
    '😀'.repeat(8),
    '\u2028\u2029\u200b',
    "' or '1'='1",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(Math.min(max, HUGE)),
  ].filter((text, i, all) => all.indexOf(text) === i && accepts(schema, text));
}

function dedupe(variants: ValueVariant[]): ValueVariant[] {
  const seen = new Set<string>();
  return variants.filter((v) => (seen.has(v.raw) ? false : (seen.add(v.raw), true)));
}
