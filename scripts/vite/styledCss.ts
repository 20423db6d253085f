import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * styled-components' CSS without its line breaks and indentation in the build: every styled
 * template's text (`styled.div`…`, `styled(X)`…`, `css`, `createGlobalStyle`, `keyframes`) is
 * written in source as indented lines, and the minifier keeps a template's text as it is. What
 * /home loads held ≈0.2 KB gzip of that whitespace (scripts/bundle/bundle.test.ts: its budget is
 * 150 KB; 153,687 → 153,536 bytes with the alerts feature listed). Only the runs of whitespace that
 * hold a line break change: to nothing beside `;`, `{` and `}`, else to one space (a value written
 * over several lines keeps its tokens apart); the interpolations (`${…}`) are left as they are.
 * Dropping the space after each property and a block's last `;` as well made gzip 10 bytes larger.
 * Source maps follow (MagicString).
 */
export function styledCssWhitespace(): Plugin {
  return {
    name: 'styled-css-whitespace',
    apply: 'build',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('node_modules') || !code.includes('`')) return undefined;
      const out = new MagicString(code);
      let changed = false;
      for (const quasi of styledQuasis(code)) {
        const text = code.slice(quasi.start, quasi.end);
        const compact = collapse(text, quasi);
        if (compact !== text) {
          out.overwrite(quasi.start, quasi.end, compact, { contentOnly: true });
          changed = true;
        }
      }
      return changed ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : undefined;
    },
  };
}

/** A styled template's tag, just before its backtick: styled.tag, styled(X), .attrs(…), css, createGlobalStyle, keyframes, with type arguments. */
const TAG = /(?:\bstyled\s*(?:\.\s*\w+|\((?:[^()]|\([^()]*\))*\))(?:\s*\.\s*attrs\s*\((?:[^()]|\([^()]*\))*\))?|\bcss|\bcreateGlobalStyle|\bkeyframes)\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*`/g;

/** A literal text part of a template: its offsets, and whether it opens or closes the template. */
export interface Quasi {
  start: number;
  end: number;
  first: boolean;
  last: boolean;
}

/** The literal text parts (between interpolations) of every styled template in `code`, as offsets. */
export function styledQuasis(code: string): Quasi[] {
  const parts: Quasi[] = [];
  for (const match of code.matchAll(TAG)) {
    let i = match.index + match[0].length;
    let start = i;
    while (i < code.length) {
      const c = code[i];
      if (c === '\\') {
        i += 2;
      } else if (c === '`') {
        parts.push({ start, end: i, first: start === match.index + match[0].length, last: true });
        break;
      } else if (c === '$' && code[i + 1] === '{') {
        parts.push({ start, end: i, first: start === match.index + match[0].length, last: false });
        i = skipExpression(code, i + 2);
        start = i;
      } else {
        i += 1;
      }
    }
  }
  // A css`` inside another template's interpolation is found after that template's parts, between them.
  return parts.sort((a, b) => a.start - b.start);
}

/** From inside `${`, the offset just past its closing `}`: braces balanced, strings and nested templates skipped. */
function skipExpression(code: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < code.length && depth > 0) {
    const c = code[i]!;
    if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (c === "'" || c === '"') i = skipString(code, i, c);
    else if (c === '`') i = skipTemplate(code, i);
    i += 1;
  }
  return i;
}

function skipString(code: string, from: number, quote: string): number {
  let i = from + 1;
  while (i < code.length && code[i] !== quote) i += code[i] === '\\' ? 2 : 1;
  return i;
}

/** From a template's opening backtick, the offset of its closing one. */
function skipTemplate(code: string, from: number): number {
  let i = from + 1;
  while (i < code.length && code[i] !== '`') {
    if (code[i] === '\\') i += 2;
    else if (code[i] === '$' && code[i + 1] === '{') i = skipExpression(code, i + 2);
    else i += 1;
  }
  return i;
}

/**
 * A template text's whitespace runs that hold a line break: nothing beside `;`, `{`, `}` or at the
 * template's own start or end; else one space (beside an interpolation too: `${a}⏎${b}` stays two values).
 */
export function collapse(text: string, at: { first: boolean; last: boolean } = { first: false, last: false }): string {
  return text.replace(/[ \t]*\r?\n\s*/g, (run: string, offset: number) => {
    const before = offset === 0 ? (at.first ? ';' : undefined) : text[offset - 1];
    const after = offset + run.length === text.length ? (at.last ? '}' : undefined) : text[offset + run.length];
    return (before !== undefined && ';{}'.includes(before)) || (after !== undefined && '{}'.includes(after)) ? '' : ' ';
  });
}

