import { AMOUNT, isPositiveAmount } from '../../../domain/walletValidation.js';

/** Pure rules of the wallet's inputs (no I/O). */

/** A positive decimal with at most 8 decimals, no sign, no exponent: the wallet forms' own rule. */
export function isQuantity(value: string): boolean {
  return value.trim() === value && isPositiveAmount(value);
}

/** More digits before the point than the wallet's amounts take (domain/walletValidation.ts AMOUNT). */
const TOO_MANY_DIGITS = new RegExp(`^[1-9]\\d{${AMOUNT.integerDigits},}(\\.\\d+)?$`);

/** Why `value` is no quantity, in the words a trader can act on: a 39-digit number is too large, not "at most 8 decimals". */
export function quantityRefusal(value: string): 'walletQuantityTooLarge' | 'walletQuantityInvalid' {
  return TOO_MANY_DIGITS.test(value) ? 'walletQuantityTooLarge' : 'walletQuantityInvalid';
}

/** Plausible on any network here: 10 to 128 letters and digits. The chain itself is the final judge. */
export function isPlausibleAddress(value: string): boolean {
  return /^[A-Za-z0-9]{10,128}$/.test(value);
}

export const DAY_MS = 86_400_000;

export function startOfUtcDay(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}
