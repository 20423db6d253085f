/**
 * npm run i18n:check — every key of the English catalogue is present (and non-empty) in all 9
 * locales, no locale has a key English lacks, interpolation variables match, and no key is
 * unused: each must appear as a quoted literal somewhere in src/ outside the catalogues.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCALE_CODES } from '../src/domain/languages';

const root = join(import.meta.dirname, '..');
const localesDir = join(root, 'src', 'locales');

export function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      for (const [fk, fv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(fk, fv);
    }
  }
  return out;
}

/** Share of values a locale may leave identical to English before it counts as untranslated. */
const MAX_IDENTICAL_SHARE = 0.1;

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === localesDir ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The base catalogue plus every feature catalogue (src/locales/<feature>/<code>.json), flattened; a key defined twice is a problem. */
export function catalogue(code: string, problems: string[] = []): Map<string, string> {
  const files = [join(localesDir, `${code}.json`)];
  for (const name of readdirSync(localesDir).sort()) {
    const dir = join(localesDir, name);
    if (statSync(dir).isDirectory()) files.push(join(dir, `${code}.json`));
  }
  const merged = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      problems.push(`${code}: missing catalogue ${relative(root, file)}`);
      continue;
    }
    for (const [key, value] of flatten(JSON.parse(text))) {
      if (merged.has(key)) problems.push(`${code}: key ${key} is defined twice (${relative(root, file)})`);
      merged.set(key, value);
    }
  }
  return merged;
}

export function check(): string[] {
  const problems: string[] = [];
  const catalogues = new Map(LOCALE_CODES.map((code) => [code, catalogue(code, problems)]));
  const english = catalogues.get('en_US')!;
  for (const [code, catalogue] of catalogues) {
    for (const [key, text] of english) {
      const translated = catalogue.get(key);
      if (translated === undefined) problems.push(`${code}: missing key ${key}`);
      else if (translated.trim() === '') problems.push(`${code}: empty value for ${key}`);
      else if (variables(translated) !== variables(text)) problems.push(`${code}: ${key} has variables {${variables(translated)}}, English has {${variables(text)}}`);
    }
    for (const key of catalogue.keys()) if (!english.has(key)) problems.push(`${code}: key ${key} is not in en_US`);
    if (code !== 'en_US') {
      // A copied English catalogue has every key; this catches it. Some words are the same in
      // both languages (Android, Spot, Total), so a few identical values are fine.
      const same = [...english].filter(([key, text]) => catalogue.get(key) === text).length;
      if (same > english.size * MAX_IDENTICAL_SHARE) {
        problems.push(`${code}: ${same} of ${english.size} values are identical to English; is it translated?`);
      }
    }
  }
  const sources = sourceFiles(join(root, 'src')).map((f) => readFileSync(f, 'utf8')).join('\n');
  for (const key of english.keys()) {
    if (!sources.includes(`'${key}'`) && !sources.includes(`"${key}"`)) problems.push(`unused key ${key} (no quoted use in src/)`);
  }
  return problems;
}

if (process.argv[1] && relative(process.argv[1], import.meta.filename) === '') {
  const problems = check();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`i18n:check failed: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`i18n:check ok: ${catalogue('en_US').size} keys in ${LOCALE_CODES.length} locales, all used`);
}
