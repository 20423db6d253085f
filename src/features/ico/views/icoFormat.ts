import { count, quantity } from '../../../../domain/figures';
import { formatDateTime } from '../../../../domain/localeFormat';

/** Local date and time of an epoch ms: the one format every page uses (domain/localeFormat.ts). */
export const dateTime = (ms: number, lang: string) => formatDateTime(ms, lang);

/**
 * A token quantity. With the project's token places at hand (the board's projects, the operator's
 * desk) it is a `quantity` of figures.ts at those places ("200.00" for a 2-place token). The order
 * and record lists carry only the symbol, not the places: there the wire's value is grouped as it is
 * (the server keeps token quantities at the token's places, without trailing zeros).
 */
export const tokens = (value: string | null | undefined, places: number | undefined) =>
  places !== undefined ? quantity(value, places) : count(value);

/** Days, hours and minutes of a term. */
export function term(ms: number): { d: number; h: number; m: number; s: number } {
  const minutes = Math.floor(ms / 60_000);
  return { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60, s: Math.floor((ms % 60_000) / 1000) };
}
