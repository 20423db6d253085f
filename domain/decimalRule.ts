import { compareDecimal } from './decimal';

/**
 * The one rule for a decimal string that arrives from outside — a form, the wire, an operator's
 * setting: digits, at most one point with digits after it, no leading zeros ("0.5" yes, "00001"
 * and "01.5" no), no sign but an allowed "-", no exponent, spaces or "+". Every form and every
 * server check of an amount, price, quantity, stake or rate asks this module, so a string one
 * route refuses is refused by all of them (issue 34: spot took "00001" as 1 BTC while transfers
 * refused it). Values read back from the database are not input and are not held to it.
 */
export interface DecimalShape {
  /** Most decimals allowed; undefined leaves the places to the caller (who may want to say "too many places"). */
  places?: number;
  /** Most digits before the point; undefined for no limit. */
  integerDigits?: number;
  /** Whether a leading "-" is allowed (a margin); never "-0". */
  signed?: boolean;
}

/** The longest decimal string taken from outside (the server's body schemas and the forms that mirror them). */
export const DECIMAL_INPUT_MAX = 40;

const patterns = new Map<string, RegExp>();

/** The unsigned, unbounded shapes by places (index 0–18; 19 for none): every order's price and quantity asks one, and a key built per call was a string per order. */
const byPlaces: RegExp[] = [];

function patternFor({ places, integerDigits, signed = false }: DecimalShape): RegExp {
  const common = integerDigits === undefined && !signed && (places === undefined || (Number.isInteger(places) && places >= 0 && places <= 18));
  if (common) return (byPlaces[places ?? 19] ??= patternForKey({ places }));
  return patternForKey({ places, integerDigits, signed });
}

function patternForKey({ places, integerDigits, signed = false }: DecimalShape): RegExp {
  const key = `${places}:${integerDigits}:${signed}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    const more = integerDigits === undefined ? '*' : `{0,${Math.max(0, integerDigits - 1)}}`;
    // Trailing zeros are not places: "0.0010000" is 0.001 and passes where 3 places are allowed
    // (issue 49: the shape and the value must agree, so every route reads it as the same number).
    const fraction = places === undefined ? '(\\.\\d+)?' : places > 0 ? `(\\.\\d{1,${places}}0*)?` : '(\\.0+)?';
    pattern = new RegExp(`^${signed ? '-?' : ''}(0|[1-9]\\d${more})${fraction}$`);
    patterns.set(key, pattern);
  }
  return pattern;
}

/** Whether `value` is a decimal string written the one way this exchange reads (see the module comment). */
export function isDecimalInput(value: unknown, shape: DecimalShape = {}): value is string {
  if (typeof value !== 'string' || !patternFor(shape).test(value)) return false;
  // "-0" and "-0.00" are zero with a sign no one meant.
  return !(value.startsWith('-') && /^-0(\.0+)?$/.test(value));
}

/** A decimal input greater than zero. */
export function isPositiveDecimalInput(value: unknown, shape: DecimalShape = {}): value is string {
  return isDecimalInput(value, shape) && compareDecimal(value, '0') > 0;
}

/**
 * The one conversion of a decimal input to whole units of 10^-places: exactly the number the
 * string denotes, or undefined when it is not a decimal input (the module comment) or denotes more
 * places than allowed. Trailing zeros are not places ("0.0010000" at 5 places is 100 units, never
 * 10,000: issue 49, where orders came out 10^k times too large). Every route's price, quantity
 * and amount become integers through this function (server/kernel/exchange/market/units.ts).
 */
export function decimalUnits(value: unknown, places: number, shape: Omit<DecimalShape, 'places'> = {}): bigint | undefined {
  if (!isDecimalInput(value, shape.integerDigits === undefined && !shape.signed ? { places } : { ...shape, places })) return undefined;
  const negative = value.startsWith('-');
  const [int, frac = ''] = (negative ? value.slice(1) : value).split('.');
  const significant = frac.replace(/0+$/, '');
  const units = BigInt(int! + significant.padEnd(places, '0'));
  return negative ? -units : units;
}

/** Decimals a decimal string carries beyond its point ("1.50" has 2). */
export function decimalPlaces(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/** A share in (0, 1] with at most `places` decimals (a payout or release rate), by the one rule. */
export function isShareInput(value: unknown, places: number): value is string {
  return isPositiveDecimalInput(value, { places, integerDigits: 1 }) && compareDecimal(value, '1') <= 0;
}

/** What a form says of a positive amount it takes: nothing typed, not a positive decimal, or too many places. */
export type AmountProblem = 'required' | 'invalid' | 'places';

/**
 * The problem of a positive amount as typed (spaces around it ignored), or undefined: a form's
 * field and its machine's guard ask it alike, each naming the problem in its own catalogue keys.
 * At most 15 digits before the point, far inside the database's NUMERIC(36, 18) (as the wallet's
 * amounts, walletValidation.ts), and at most `places` after it.
 */
export function positiveAmountProblem(value: string, places: number): AmountProblem | undefined {
  const typed = value.trim();
  if (typed === '') return 'required';
  if (!isPositiveDecimalInput(typed, { integerDigits: 15 })) return 'invalid';
  if (!isDecimalInput(typed, { places })) return 'places';
  return undefined;
}
