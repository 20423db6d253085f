import { accepts, typeOf, type Schema } from './schema.js';

/** Values a schema admits: the valid base request each malformed value of generate.ts is put into. */

/**
 * Realistic values to try first for a field of that name, so valid bases reach as deep as they
 * can (a real pair, a real currency); used only when the field's schema admits them, so coverage
 * never depends on this list.
 */
const HINTS: Record<string, readonly unknown[]> = {
  symbol: ['btc_usdt'],
  pair: ['btc_usdt'],
  currency: ['USDT'],
  network: ['TRC20'],
  quantity: ['1'],
  price: ['100'],
  amount: ['100'],
  account: ['fuzz-base@example.org'],
  area_code: [''],
  funds_password: ['Fuzz-pass-2026'],
  invitation_code: ['OPENEX'],
  id: [1],
  page: [1],
  days: [7],
};

/** A value the schema admits (throws when it cannot make one: the suite then says which route). */
export function sampleValue(schema: Schema, name = ''): unknown {
  for (const hint of HINTS[name] ?? []) if (accepts(schema, hint)) return hint;
  const candidates = candidatesFor(schema);
  const found = candidates.find((c) => accepts(schema, c));
  if (found === undefined && !accepts(schema, undefined)) throw new Error(`no sample for ${name || 'a value'} of schema ${JSON.stringify(schema)}`);
  return found;
}

function candidatesFor(schema: Schema): unknown[] {
  if (schema.const !== undefined) return [schema.const];
  if (schema.enum?.length) return [...schema.enum];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap(candidatesFor);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? 0;
      return [Math.max(1, low), low, schema.maximum ?? 1];
    }
    case 'boolean':
      return [true, false];
    case 'null':
      return [null];
    case 'array': {
      // At least minItems distinct items (an operator's roles: one or more, each once).
      const min = schema.minItems ?? 0;
      if (min === 0 || !schema.items) return [[]];
      const items = schema.items;
      return [candidatesFor(items).filter((c) => accepts(items, c)).slice(0, min)];
    }
    case 'object':
      return [sampleObject(schema)];
    case 'string': {
      const out: string[] = [];
      if (schema.pattern) {
        const fromPattern = sampleFromPattern(schema.pattern);
        if (fromPattern !== undefined) out.push(fromPattern);
      }
      const min = Math.max(1, schema.minLength ?? 1);
      out.push('a'.repeat(min), 'btc_usdt', 'USDT', '123456', 'abc', '1', '');
      return out;
    }
    default:
      return [{}];
  }
}

/**
 * Required properties only, each sampled: the smallest body the schema admits. A schema asking for
 * at least N properties (a patch of optional settings) gets its first optional ones as well.
 */
export function sampleObject(schema: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name];
    out[name] = property ? sampleValue(property, name) : 'a';
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
    if (!(name in out)) out[name] = sampleValue(property, name);
  }
  return out;
}

/**
 * A string matching a simple pattern: anchors, literals, \d \w, [classes] and the quantifiers
 * {n} {n,m} + * ?. Anything else answers undefined and the generic candidates are tried.
 */
export function sampleFromPattern(pattern: string): string | undefined {
  let out = '';
  let i = 0;
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  while (i < body.length) {
    let piece: string;
    const c = body[i]!;
    if (c === '\\') {
      const e = body[i + 1];
      piece = e === 'd' ? '1' : e === 'w' ? 'a' : e === 's' ? ' ' : (e ?? '');
      i += 2;
    } else if (c === '[') {
      const end = body.indexOf(']', i + 1);
      if (end < 0) return undefined;
      const inner = body.slice(i + 1, end);
      if (inner.startsWith('^')) return undefined;
      piece = inner[0] === '\\' ? (inner[1] === 'd' ? '1' : (inner[1] ?? '')) : inner[0]!;
      i = end + 1;
    } else if ('()|.^$'.includes(c)) {
      return undefined;
    } else {
      piece = c;
      i += 1;
    }
    let count = 1;
    const q = body.slice(i).match(/^(\{(\d+)(,(\d*))?\}|[+*?])/);
    if (q) {
      if (q[1] === '+') count = 1;
      else if (q[1] === '*' || q[1] === '?') count = 0;
      else count = Number(q[2]);
      i += q[0].length;
    }
    out += piece.repeat(count);
  }
  try {
    return new RegExp(pattern, 'u').test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}
