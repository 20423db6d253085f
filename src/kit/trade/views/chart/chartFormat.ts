import type { Formatter, ThousandsSeparator } from 'klinecharts';
import { groupThousands } from '../../../../../domain/decimal';
import { intlLocale, numberStyleOf } from '../../../../../domain/localeFormat';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date with only the fields a pattern names (the chart's axis and legend ask for
 * "YYYY-MM-DD HH:mm", "MM-DD HH:mm", "HH:mm", "YYYY-MM" …), in the language's order and
 * separators, 24-hour, in the reader's time zone: "MM-DD HH:mm" reads "28.11., 10:29" in German,
 * "11/28 10:29" in Japanese. Here, not in domain/localeFormat.ts: only the chart asks for it, and
 * that module is on /home's first load.
 */
export function formatDateFields(at: number, pattern: string, lang: string): string {
  const locale = intlLocale(lang);
  const options: Intl.DateTimeFormatOptions = { hour12: false };
  if (pattern.includes('YYYY')) options.year = 'numeric';
  if (pattern.includes('MM-') || pattern.endsWith('-MM')) options.month = '2-digit';
  if (pattern.includes('DD')) options.day = '2-digit';
  if (pattern.includes('HH')) options.hour = '2-digit';
  if (pattern.includes('mm')) options.minute = '2-digit';
  if (pattern.includes('ss')) options.second = '2-digit';
  const key = `${locale}:${pattern}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format.format(at);
}

/**
 * The chart's dates and figures in the reader's language (issue 50 M5, M6), as the rest of the
 * page writes them (domain/localeFormat.ts). klinecharts names the fields it wants by a pattern
 * ("YYYY-MM-DD HH:mm" for the legend and crosshair, "MM-DD HH:mm" or "HH:mm" on the time axis)
 * and writes them ISO-style by default; here each pattern becomes the language's own order and
 * separators ("28.11.2026, 10:29" in German, "2026/11/28 10:29" in Japanese), in local time.
 */
export function chartFormatter(lang: string): Partial<Formatter> {
  return { formatDate: ({ timestamp, template }) => formatDateFields(timestamp, template, lang) };
}

/**
 * The legend's and the price axis's figures: klinecharts cuts them to the pair's precision as a
 * dot-decimal string and hands them here to be grouped; they leave in the language's number style
 * ("96.030,50" in German), like the prices in the book beside the chart.
 */
export function chartThousands(lang: string): Partial<ThousandsSeparator> {
  const style = numberStyleOf(lang);
  return { sign: style.group, format: (value) => groupThousands(String(value), style) };
}
