import type { LocaleCode } from '../../../../domain/languages.js';
import { LOCALE_CODES } from '../../../../domain/languages.js';
import { formatDateTime, numberStyleOf } from '../../../../domain/localeFormat.js';
import { groupThousands } from '../../../../domain/decimal.js';
import { loadCatalogues } from './catalogues.js';
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

export function translate(lang: LocaleCode, key: MessageKey, vars: Record<string, string> = {}, timeZone?: string): string {
  const template = MESSAGES[lang][key] ?? MESSAGES.en_US[key];
  if (template === undefined) throw new Error(`Message key ${key} has no text: is its product's messages.ts imported?`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => shownVar(vars[name], lang, timeZone));
}

/** A time in refusals when the reader's time zone is not known: the same digits in every language, in UTC ("2026-11-26 18:20 UTC"). */
export const formatUtc = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Marks a refusal's variable as a moment; no text a user types starts with the control character. */
const MOMENT = '\u0001moment:';

/**
 * A moment in a refusal ("withdrawals are locked until {until}"), written when the message is:
 * in the reader's language and time zone as every date on the pages (issue 50 M5: the address
 * book shows local time, the refusal said "2026-11-28 10:29 UTC"), in UTC with its mark when the
 * caller sent no time zone (an API client, a test).
 */
export const momentVar = (ms: number): string => `${MOMENT}${Math.trunc(ms)}`;

/** Marks a refusal's variable as a decimal (a price, a range's edge), written when the message is. */
const NUMBER = '\u0001number:';

/**
 * A decimal in a refusal ("between {low} and {high}"), written in the reader's number style as the
 * pages write it (German "19.250,00", English "19,250.00"); an API client reads it the same way.
 */
export const numberVar = (decimal: string): string => `${NUMBER}${decimal}`;

function shownVar(value: string | undefined, lang: LocaleCode, timeZone: string | undefined): string {
  if (value === undefined) return '';
  if (value.startsWith(NUMBER)) return groupThousands(value.slice(NUMBER.length), numberStyleOf(lang));
  if (!value.startsWith(MOMENT)) return value;
  const ms = Number(value.slice(MOMENT.length));
  return timeZone ? formatDateTime(ms, lang, timeZone) : formatUtc(ms);
}
