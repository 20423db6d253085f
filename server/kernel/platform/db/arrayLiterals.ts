/**
 * A statement's array parameters as PostgreSQL array literals, joined once.
 *
 * node-postgres sends a JavaScript array as the text of an array literal that it builds element by
 * element (pg/lib/utils.js `arrayString`): every element through two regular-expression replaces
 * and into quotes, and the literal grown one concatenation at a time. The pipelines pass their rows
 * as column arrays (`unnest`), and under bench:pipeline that building was 16 % of every byte the
 * server allocated, ~15 KB an order, all of it garbage the young generation collects (bench/README.md,
 * "What the server allocates an order").
 *
 * An array of numbers, bigints, booleans, nulls and text is joined in one step instead: text of
 * letters, digits and `. _ : + -` (decimals, currencies, kinds, ISO times) other than the word NULL
 * as it is, other text (JSON answers, keys, names) quoted and escaped as node-postgres would —
 * a literal PostgreSQL reads as the same values. Arrays of anything else (dates, buffers, objects,
 * nested arrays) are left to node-postgres.
 */

/**
 * Text an array literal may carry unquoted: letters, digits and `. _ : + -` (no delimiter, quote,
 * brace, backslash or space), not empty, and not NULL in any case (unquoted, that is the null
 * value). Read char by char: a regular expression per element cost more than the quoting it saves.
 */
function plainText(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // 0-9, A-Z, a-z, '_', '.', ':', '+', '-'
    if (!((c >= 48 && c <= 58) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 43 || c === 45)) return false;
  }
  return !(text.length === 4 && text.toUpperCase() === 'NULL');
}

/** How an element goes into a literal: as it is, as NULL, quoted, or not at all (left to node-postgres). */
function kindOf(value: unknown): 'as is' | 'null' | 'quoted' | undefined {
  switch (typeof value) {
    case 'number':
    case 'bigint':
    case 'boolean':
      return 'as is';
    case 'string':
      return plainText(value) ? 'as is' : 'quoted';
    default:
      return value === null || value === undefined ? 'null' : undefined;
  }
}

/** Text in quotes, its quotes and backslashes escaped (what node-postgres' escapeElement writes, in one pass). */
const QUOTE_OR_BACKSLASH = /["\\]/g;
const quoted = (text: string): string => `"${text.replace(QUOTE_OR_BACKSLASH, '\\$&')}"`;

/** An element as a literal writes it (kindOf said it can be written). */
function element(value: unknown): unknown {
  const kind = kindOf(value);
  return kind === 'null' ? 'NULL' : kind === 'quoted' ? quoted(value as string) : value;
}

/** The array's literal, or undefined where an element is not a number, bigint, boolean, text or null. */
export function arrayLiteral(array: readonly unknown[]): string | undefined {
  let plainOnly = true;
  // Indexed, not for…of: an iterator's results are allocations of their own until the loop is optimised.
  for (let i = 0; i < array.length; i++) {
    const kind = kindOf(array[i]);
    if (kind === undefined) return undefined;
    if (kind !== 'as is') plainOnly = false;
  }
  // join writes null and undefined as empty text; a literal needs the word, and other text its quotes.
  const elements = plainOnly ? array : array.map(element);
  return `{${elements.join(',')}}`;
}

/** The values as node-postgres is given them: the same array unless one of them is an array to join. */
export function withArrayLiterals(values: readonly unknown[]): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (!Array.isArray(value)) continue;
    const literal = arrayLiteral(value);
    if (literal === undefined) continue;
    out ??= values.slice();
    out[i] = literal;
  }
  return out ?? (values as unknown[]);
}
