import { describe, expect, it } from 'vitest';
import { chartFormatter, chartThousands, formatDateFields } from './chartFormat';

/** 28 November 2026, 10:29:07 local time. */
const AT = new Date(2026, 10, 28, 10, 29, 7).getTime();

/**
 * What each pattern the chart writes (the legend's and crosshair's YYYY-MM-DD HH:mm, the time
 * axis's shorter ones) shows at AT, by language: the fields in the language's own order, 24-hour,
 * never ISO.
 */
const SHOWN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de_DE: { 'YYYY-MM-DD HH:mm': '28.11.2026, 10:29', 'MM-DD HH:mm': '28.11., 10:29', 'HH:mm': '10:29', 'HH:mm:ss': '10:29:07', 'YYYY-MM-DD': '28.11.2026', 'YYYY-MM': '11/2026' },
  ja_JP: { 'YYYY-MM-DD HH:mm': '2026/11/28 10:29', 'HH:mm': '10:29' },
  fr_FR: { 'YYYY-MM-DD HH:mm': '28/11/2026 10:29', 'YYYY-MM-DD': '28/11/2026' },
  en_US: { 'YYYY-MM-DD HH:mm': '11/28/2026, 10:29' },
  ko_KR: { YYYY: '2026년' },
};

/** SHOWN as [language, pattern, what it shows]. */
const DATES = Object.entries(SHOWN).flatMap(([lang, patterns]) => Object.entries(patterns).map(([pattern, shown]) => [lang, pattern, shown] as const));

/** The chart's legend and axes in the language's own date and number forms, not ISO (issue 50 M5, M6). */
describe('chart formats', () => {
  const date = (lang: string, template: string) => chartFormatter(lang).formatDate!({ dateTimeFormat: new Intl.DateTimeFormat(), timestamp: AT, template, type: 'tooltip' });

  it('writes the legend, crosshair and time axis dates in the language, not "2026-11-28 10:29"', () => {
    for (const [lang, pattern, shown] of DATES) expect(date(lang, pattern), `${lang} ${pattern}`).toBe(shown);
  });
  it('groups the legend\'s and the price axis\'s figures in the language\'s number style', () => {
    expect(chartThousands('de_DE').format!('96030.50')).toBe('96.030,50');
    expect(chartThousands('fr_FR').format!('96030.50')).toBe('96\u202f030,50');
    expect(chartThousands('ja_JP').format!('96030.50')).toBe('96,030.50');
    expect(chartThousands('de_DE').format!('12.345K')).toBe('12,345K');
    expect(chartThousands('en_US').format!(-1234.5)).toBe('-1,234.5');
  });
});

describe('the chart\'s dates (issue 50 M5)', () => {
  it('writes the fields a pattern names in the language\'s order, 24-hour, in local time', () => {
    for (const [lang, pattern, shown] of DATES) expect(formatDateFields(AT, pattern, lang), `${lang} ${pattern}`).toBe(shown);
  });
});
