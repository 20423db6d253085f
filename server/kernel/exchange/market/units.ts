import { decimalUnits, isDecimalInput } from '../../../../domain/decimalRule.js';

/**
 * Engine integers to wire decimals and back. A pair's price precision p means 1 tick = 10^-p of
 * the quote currency; amount precision a means 1 lot = 10^-a of the base currency. Exact: strings
 * and BigInt only.
 */
export function unitsToDecimal(units: number | bigint, precision: number): string {
  const negative = units < 0;
  const digits = (negative ? -BigInt(units) : BigInt(units)).toString().padStart(precision + 1, '0');
  const int = digits.slice(0, digits.length - precision);
  const frac = precision > 0 ? digits.slice(digits.length - precision).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * A decimal string in whole units, or undefined if it denotes more decimals than the precision
 * allows or is not written the one way decimals are (decimalRule.ts: "00001" is not 1; orders'
 * prices and quantities come through here). Trailing zeros count for nothing: "0.0010000" at 5
 * places is 100 units (issue 49). The conversion is domain's `decimalUnits`, the one every route uses.
 */
export function decimalToUnits(value: string, precision: number): number | undefined {
  const units = decimalUnits(value, precision);
  return units !== undefined && units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : undefined;
}

/**
 * A non-negative decimal as an exact integer count of 10^-precision, rounded up where it has more
 * places (a minimum stays a minimum at any scale); undefined for anything but a plain decimal.
 */
export function decimalToScaledCeil(value: string, precision: number): bigint | undefined {
  if (!isDecimalInput(value)) return undefined;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  const frac = match[2] ?? '';
  const kept = BigInt(match[1]! + frac.slice(0, precision).padEnd(precision, '0'));
  return /[1-9]/.test(frac.slice(precision)) ? kept + 1n : kept;
}

/**
 * 24h change as a fraction string with 8 decimals, cut toward zero: (close − open) / open.
 * Spec §3 sends `increase` as a fraction; the client shows it as a percentage with 2 decimals.
 */
export function increaseFraction(open: number, close: number): string {
  if (open <= 0) return '0';
  const scaled = ((BigInt(close) - BigInt(open)) * 100_000_000n) / BigInt(open);
  return unitsToDecimal(scaled, 8);
}

/** Turnover in tick×lot units to a quote-currency decimal. */
export function turnoverToDecimal(vol: bigint, pricePrecision: number, amountPrecision: number): string {
  return unitsToDecimal(vol, pricePrecision + amountPrecision);
}
