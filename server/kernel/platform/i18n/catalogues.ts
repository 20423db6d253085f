import { readFileSync } from 'node:fs';
import { LOCALE_CODES, type LocaleCode } from '../../../../domain/languages.js';

/**
 * Reads a catalogue folder: one `<locale>.json` for each of the 9 display languages, e.g.
 * `loadCatalogues<T>(new URL('./locales/', import.meta.url))`. A missing file is an error at load
 * time; a missing key is `npm run i18n:check`'s to report (translate falls back to English).
 */
export function loadCatalogues<T>(folder: URL): Record<LocaleCode, T> {
  const read = (code: LocaleCode): T => JSON.parse(readFileSync(new URL(`${code}.json`, folder), 'utf8')) as T;
  return Object.fromEntries(LOCALE_CODES.map((code) => [code, read(code)])) as Record<LocaleCode, T>;
}
