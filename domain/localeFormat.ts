/**
 * Dates and numbers by the reader's language (issue 12, issue 50 M5 and M6): one date-and-time
 * format for every table and the chart, and one number style per language, read from Intl:
 * German, Spanish and Turkish "1.363.000,00", French and Russian "1 363 000,00" (a no-break
 * space), English, Japanese, Korean and Chinese "1,363,000.00", and percentages where each puts
 * the sign (Turkish "%12,50", German "12,50 %", English "12.50%"). Prices, quantities, amounts and
 * fiat figures all take the same style, so a price and its fiat value beside it never read in two.
 * Amounts stay exact: they are rounded to their places as decimal strings and only their
 * separators are written by the language, never formatted through a float.
 *
 * The current style: views do not pass a language to every figure (some 60 files, hundreds of
 * calls, and pure selectors that build figures). The client sets the style here when its
 * language changes (src/services/i18n.ts, before react-i18next re-renders the views), and every
 * figure reads it. The server never sets it (one process serves every language): what it
 * writes for a reader passes that reader's style explicitly (notifications).
 */
import { groupThousands, PLAIN_STYLE, toFixedDecimal, type NumberStyle } from './decimal';

/** The BCP 47 tag of an app language code: de_DE → de-DE. */
export const intlLocale = (lang: string) => lang.replace('_', '-');

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

const styles = new Map<string, NumberStyle>();

/** How `lang` writes numbers, from Intl's own parts ("1.234.567,5" in German); the plain style for a language Intl does not know. */
export function numberStyleOf(lang: string): NumberStyle {
  let style = styles.get(lang);
  if (!style) {
    style = PLAIN_STYLE;
    try {
      const format = new Intl.NumberFormat(intlLocale(lang));
      const part = (n: number, type: string) => format.formatToParts(n).find((p) => p.type === type)?.value;
      // Digits other than 0-9 (an Arabic locale) would not paste back: such a language keeps the plain style.
      if (/^[\d.,\s\u00a0\u202f']+$/.test(format.format(1234567.5))) {
        style = { group: part(1234567.5, 'group') ?? ',', decimal: part(1.5, 'decimal') ?? '.', minGrouping: part(1000, 'group') === undefined ? 2 : 1, percent: percentPattern(lang) };
      }
    } catch {
      // An unknown tag: the plain style.
    }
    styles.set(lang, style);
  }
  return style;
}

/** Where `lang` writes the percent sign, from Intl's percent parts: before the number in Turkish ("%50"), after a no-break space in German ("50 %"). */
function percentPattern(lang: string): NonNullable<NumberStyle['percent']> {
  const parts = new Intl.NumberFormat(intlLocale(lang), { style: 'percent' }).formatToParts(0.5);
  const at = parts.findIndex((p) => p.type === 'integer');
  const text = (side: Intl.NumberFormatPart[]) => side.map((p) => p.value).join('');
  return { before: text(parts.slice(0, at)), after: text(parts.slice(at + 1)) };
}

let current: NumberStyle = PLAIN_STYLE;

/** The client's language changed: figures are written in its style from now on. */
export function setNumberLanguage(lang: string): void {
  current = numberStyleOf(lang);
}

/** The style figures are written in now (the plain style until the client sets a language). */
export const currentNumberStyle = (): NumberStyle => current;

/** A decimal string grouped and separated in the current style, digits unchanged: "1234.5" → "1.234,5" in German. */
export const localDigits = (value: string): string => groupThousands(value, current);

/**
 * Date and time, 24-hour, to the second, in the language's order and separators (2026-05-01
 * 14:03:09 style in Swedish, 01.05.2026, 14:03:09 in German), in the reader's time zone: the
 * browser's own, or `timeZone` where the server writes for a caller (a refusal's moment).
 */
export function formatDateTime(at: number | string | Date, lang: string, timeZone?: string): string {
  const locale = intlLocale(lang);
  const format = cached(`date:${locale}:${timeZone ?? ''}`, () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone }));
  return format.format(at instanceof Date ? at : new Date(at));
}

/** The time of day, 24-hour, to the minute ("14:05"), in the language's separators and the reader's time zone. */
export function formatTime(at: number | Date, lang: string): string {
  const locale = intlLocale(lang);
  return cached(`time:${locale}`, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false })).format(at);
}

/**
 * A whole number of thousands (1000 to 999999) in the language's words for thousands, exactly:
 * "65 Tausend", "1,5 mil", "123,456 bin" (Intl's long compact notation, up to three places, so
 * nothing is rounded). Names the number a grouped figure means without grouping it ("65.000").
 * One figure: its space does not break, so a line never ends between "65" and "Tausend".
 */
export function inThousands(digits: string, lang: string): string {
  const locale = intlLocale(lang);
  const format = cached(`thousands:${locale}`, () => new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 3 }));
  return format.format(Number(digits)).replace(/ /g, '\u00a0');
}

/** A currency's minor units as ISO 4217 has them (USD 2, JPY 0, KRW 0). */
export function fiatDigits(code: string): number {
  return cached(`fiat:${code}`, () => new Intl.NumberFormat('en', { style: 'currency', currency: code })).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A fiat amount: the currency's mark, then the amount rounded half up to the currency's minor units
 * and written in `style` (the current language's unless given), a minus sign before the mark
 * ("$96,250.50", "¥14,437,575", "€96.250,50" in German, "-$2.49"). The mark stays before the
 * amount in every language, as the prices beside it have their unit in the same place.
 */
export function formatFiat(amount: string, code: string, mark: string, style: NumberStyle = current): string {
  const fixed = toFixedDecimal(amount, fiatDigits(code));
  return fixed.startsWith('-') ? `-${mark}${groupThousands(fixed.slice(1), style)}` : `${mark}${groupThousands(fixed, style)}`;
}
