import { groupThousands, toFixedDecimal } from '../../../../domain/decimal';

/** A price or quantity in the pair's precision, exactly (decimal strings, no float), ungrouped (the depth chart's axis). */
export function fixed(value: string, places: number): string {
  return toFixedDecimal(value, places);
}

/** The same with thousands separators: how prices and quantities are shown (stats bar, book, trades, lists). */
export function grouped(value: string, places: number): string {
  return groupThousands(toFixedDecimal(value, places));
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** HH:MM:SS in the trader's language and time zone. */
export function timeOfDay(ms: number, lang: string): string {
  const locale = lang.replace('_', '-');
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
    timeFormats.set(locale, format);
  }
  return format.format(ms);
}
