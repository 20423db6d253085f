import type { Formatter, ThousandsSeparator } from 'klinecharts';
import { groupThousands } from '../../../../../../domain/decimal';
import { formatDateFields, numberStyleOf } from '../../../../../../domain/localeFormat';

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
