/** Prices and quantities are figures (domain/figures.ts); this file keeps the trades' time of day. */

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
