/**
 * Numbers and dates in the reader's language, with Intl (issue 12): one date-and-time format for
 * every table, fiat amounts in the currency's own minor units (JPY and KRW without cents) and the
 * language's digit grouping and decimal mark (de 1.234,56 · ru 1 234,56 · tr 1.234,56). Amounts stay
 * exact: they are rounded to their places as decimal strings first, and Intl only lays out the digits
 * (it formats a numeric string without going through a float).
 */
import { toFixedDecimal } from './decimal';

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

/** Date and time, 24-hour, to the second, in the language's order and separators (2026-05-01 14:03:09 style in Swedish, 01.05.2026, 14:03:09 in German). */
export function formatDateTime(at: number | string | Date, lang: string): string {
  const locale = intlLocale(lang);
  const format = cached(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }));
  return format.format(at instanceof Date ? at : new Date(at));
}

/** A currency's minor units as ISO 4217 has them (USD 2, JPY 0, KRW 0). */
export function fiatDigits(code: string): number {
  return cached(`fiat:${code}`, () => new Intl.NumberFormat('en', { style: 'currency', currency: code })).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An exact decimal string rounded to `digits` places (on the string), with the language's grouping and decimal mark. */
export function formatDecimal(value: string, lang: string, digits: number): string {
  const locale = intlLocale(lang);
  const format = cached(`num:${locale}:${digits}`, () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  // Intl.NumberFormat formats a numeric string exactly (ECMA-402 2023); the lib typings only list numbers.
  return format.format(toFixedDecimal(value, digits) as unknown as number);
}

/** A fiat amount: the currency's mark, then the amount in its minor units and the language's grouping ("$96,250.50", "¥14,437,575", "€96.250,50" in German). */
export function formatFiat(amount: string, code: string, mark: string, lang: string): string {
  return `${mark}${formatDecimal(amount, lang, fiatDigits(code))}`;
}
