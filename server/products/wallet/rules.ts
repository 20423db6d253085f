import { compareDecimal } from '../../../src/domain/decimal.js';

/** Pure rules of the wallet's inputs (no I/O). */

/** At most 8 decimals, like every chain amount here; no sign, no exponent; below 10^15, far inside NUMERIC(36, 18). */
const QUANTITY = /^\d{1,15}(\.\d{1,8})?$/;

/** A positive decimal with at most 8 decimals. */
export function isQuantity(value: string): boolean {
  return QUANTITY.test(value) && compareDecimal(value, '0') > 0;
}

/** Plausible on any network here: 10 to 128 letters and digits. The chain itself is the final judge. */
export function isPlausibleAddress(value: string): boolean {
  return /^[A-Za-z0-9]{10,128}$/.test(value);
}

export const DAY_MS = 86_400_000;

export function startOfUtcDay(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}
