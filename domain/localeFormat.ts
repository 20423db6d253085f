/**
 * Dates per language, and the fiat amounts' one format (issue 12 and the number-style pass): one
 * date-and-time format for every table, in the reader's language (Intl); fiat amounts in the
 * currency's own minor units (JPY and KRW without cents) but in the app's one number style, the one
 * prices and quantities use beside them: comma thousands, dot decimals, whatever the language
 * ("$96,059.21" in German and Russian too, not "96.059,21" next to a price of "95,940.00").
 * Amounts stay exact: they are rounded to their places as decimal strings, never as floats.
 */
import { groupThousands, toFixedDecimal } from './decimal';

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

/**
 * A fiat amount: the currency's mark, then the amount rounded half up to the currency's minor units
 * and grouped by thousands with commas, a minus sign before the mark ("$96,250.50", "¥14,437,575",
 * "€96,250.50", "-$2.49"). The same in every language, so it takes none: the figures it stands
 * beside (prices, quantities, percentages) are not localised either.
 */
export function formatFiat(amount: string, code: string, mark: string): string {
  const fixed = toFixedDecimal(amount, fiatDigits(code));
  return fixed.startsWith('-') ? `-${mark}${groupThousands(fixed.slice(1))}` : `${mark}${groupThousands(fixed)}`;
}
