import type { LocaleCode } from '../../../../domain/languages.js';
import { LOCALE_CODES } from '../../../../domain/languages.js';
import { loadCatalogues } from './catalogues.js';
import { shownVar } from './messageVars.js';
import type en_US from './locales/en_US.json';

/**
 * Every `msg` the server sends, in all 9 display languages. Keys are the only thing code names.
 *
 * The texts are JSON: the kernel's own in `./locales/<locale>.json` (success, bad request, login
 * required, rate limits, socket refusals …), each product's in `server/products/<p>/locales/`.
 * A product adds its keys in its `messages.ts`, which registers the folder and widens
 * `MessageCatalogue` (declaration merging), so a misspelt key stays a type error:
 *
 *   import type en_US from './locales/en_US.json';
 *   type SpotMessages = typeof en_US;
 *   declare module '../../kernel/platform/i18n/messages.js' { interface MessageCatalogue extends SpotMessages {} }
 *   registerMessages(new URL('./locales/', import.meta.url));
 *
 * The product's code imports its messages.ts, so its texts are there wherever that code runs
 * (the server, or a test app built from a few products).
 */
export interface MessageCatalogue extends KernelMessages {}
type KernelMessages = typeof en_US;

export type MessageKey = keyof MessageCatalogue & string;

/** Every registered text by language; filled as the kernel and the products load. */
export const MESSAGES = Object.fromEntries(LOCALE_CODES.map((code) => [code, {}])) as Record<LocaleCode, Record<MessageKey, string>>;

/** Adds a catalogue folder (`<locale>.json` × 9). A key another catalogue already defines is an error. */
export function registerMessages(folder: URL): void {
  const catalogues = loadCatalogues<Record<string, string>>(folder);
  for (const code of LOCALE_CODES) {
    const target: Record<string, string> = MESSAGES[code];
    for (const [key, text] of Object.entries(catalogues[code])) {
      if (key in target && target[key] !== text) throw new Error(`Message key ${key} is defined twice (again in ${folder.pathname})`);
      target[key] = text;
    }
  }
}

registerMessages(new URL('./locales/', import.meta.url));

// A refusal's moments and amounts: marked where it is made, written by translate in the reader's style.
export { formatUtc, momentVar, numberVar } from './messageVars.js';

export function translate(lang: LocaleCode, key: MessageKey, vars: Record<string, string> = {}, timeZone?: string): string {
  const template = MESSAGES[lang][key] ?? MESSAGES.en_US[key];
  if (template === undefined) throw new Error(`Message key ${key} has no text: is its product's messages.ts imported?`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => shownVar(vars[name], lang, timeZone));
}
