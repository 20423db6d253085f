import { describe, expect, it } from 'vitest';
import { chartFormatter, chartThousands, formatDateFields } from './chartFormat';

/** The chart's legend and axes in the language's own date and number forms, not ISO (issue 50 M5, M6). */
describe('chart formats', () => {
  const at = new Date(2026, 10, 28, 10, 29, 0).getTime();
  const date = (lang: string, template: string) => chartFormatter(lang).formatDate!({ dateTimeFormat: new Intl.DateTimeFormat(), timestamp: at, template, type: 'tooltip' });

  it('writes the legend and crosshair date in the language, not "2026-11-28 10:29"', () => {
    expect(date('de_DE', 'YYYY-MM-DD HH:mm')).toBe('28.11.2026, 10:29');
    expect(date('ja_JP', 'YYYY-MM-DD HH:mm')).toBe('2026/11/28 10:29');
    expect(date('fr_FR', 'YYYY-MM-DD HH:mm')).toBe('28/11/2026 10:29');
    expect(date('en_US', 'YYYY-MM-DD HH:mm')).toBe('11/28/2026, 10:29');
  });
  it('writes the time axis\'s shorter patterns the same way', () => {
    expect(date('de_DE', 'MM-DD HH:mm')).toBe('28.11., 10:29');
    expect(date('de_DE', 'HH:mm')).toBe('10:29');
    expect(date('de_DE', 'YYYY-MM-DD')).toBe('28.11.2026');
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
  const at = new Date(2026, 10, 28, 10, 29, 7).getTime();
  it('writes the fields a pattern names in the language\'s order, 24-hour, in local time', () => {
    expect(formatDateFields(at, 'YYYY-MM-DD HH:mm', 'de_DE')).toBe('28.11.2026, 10:29');
    expect(formatDateFields(at, 'YYYY-MM-DD HH:mm', 'en_US')).toBe('11/28/2026, 10:29');
    expect(formatDateFields(at, 'YYYY-MM-DD HH:mm', 'ja_JP')).toBe('2026/11/28 10:29');
    expect(formatDateFields(at, 'MM-DD HH:mm', 'de_DE')).toBe('28.11., 10:29');
    expect(formatDateFields(at, 'YYYY-MM-DD', 'fr_FR')).toBe('28/11/2026');
    expect(formatDateFields(at, 'YYYY-MM', 'de_DE')).toBe('11/2026');
    expect(formatDateFields(at, 'HH:mm:ss', 'de_DE')).toBe('10:29:07');
    expect(formatDateFields(at, 'HH:mm', 'ja_JP')).toBe('10:29');
    expect(formatDateFields(at, 'YYYY', 'ko_KR')).toBe('2026년');
  });
});
