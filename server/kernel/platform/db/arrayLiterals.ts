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
 * An array whose elements need no quotes in a literal — numbers, bigints, booleans, nulls, and text of
 * letters, digits and `. _ : + -` (decimals, currencies, kinds, ISO times) other than the word NULL —
 * is joined in one step instead: the same literal but for the quotes, which PostgreSQL reads as the
 * same values. Anything else (empty or spaced text, quotes, braces, dates, buffers, objects, nested
 * arrays) is left to node-postgres, which quotes it.
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

function plain(value: unknown): boolean {
  switch (typeof value) {
    case 'number':
    case 'bigint':
    case 'boolean':
      return true;
    case 'string':
      return plainText(value);
    default:
      return value === null || value === undefined;
  }
}

/** The array's literal, or undefined where node-postgres must quote an element. */
export function arrayLiteral(array: readonly unknown[]): string | undefined {
  let nulls = false;
  // Indexed, not for…of: an iterator's results are allocations of their own until the loop is optimised.
  for (let i = 0; i < array.length; i++) {
    const value = array[i];
    if (!plain(value)) return undefined;
    if (value === null || value === undefined) nulls = true;
  }
  // join writes null and undefined as empty text; a literal needs the word.
  const elements = nulls ? array.map((value) => (value === null || value === undefined ? 'NULL' : value)) : array;
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
