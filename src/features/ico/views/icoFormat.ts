import { groupThousands, mulDecimal, toFixedDecimal } from '../../../domain/decimal';
import { formatDateTime } from '../../../domain/localeFormat';

/** Local date and time of an epoch ms: the one format every page uses (src/domain/localeFormat.ts). */
export const dateTime = (ms: number, lang: string) => formatDateTime(ms, lang);

/** A quantity grouped by thousands. */
export const qty = (value: string | null | undefined) => (value == null ? '—' : groupThousands(value));

/** A fraction as a percentage with two decimals (no sign). */
export const pct = (fraction: string | null | undefined) => (fraction == null ? '—' : `${toFixedDecimal(mulDecimal(fraction, '100'), 2, 'down')}%`);

/** Days, hours and minutes of a term. */
export function term(ms: number): { d: number; h: number; m: number; s: number } {
  const minutes = Math.floor(ms / 60_000);
  return { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60, s: Math.floor((ms % 60_000) / 1000) };
}
