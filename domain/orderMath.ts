/**
 * The order form's arithmetic, exact on decimal strings (never a float): price × quantity = amount,
 * amount ÷ price = quantity, a share of the available balance, the estimated fee. Results are cut
 * (never rounded up) to the pair's precision, so the form never asks for more than was shown:
 * quote amounts to the price precision, base quantities to the amount precision.
 */
import { compareDecimal, divDecimal, groupThousands, isDecimalString, mulDecimal, toFixedDecimal, trimZeros, type NumberStyle } from './decimal';
import { currentNumberStyle } from './localeFormat';

/** A number grouped by thousands as a page shows one: "1.363.000,00", "1 363 000,00", "1,363,000.00". */
const GROUPED_RE = /^([+-]?)([1-9]\d{0,2}(([.,\s\u00a0\u202f])\d{3})(?:\4\d{3})*)(?:([.,])(\d*))?$/;

/**
 * The text the trader typed, as the field keeps it: every character stays, so nothing is dropped
 * or changed behind the trader's back ("-1" stays "-1", "0.123456789" keeps its nine places); the
 * validation names what is wrong. Only a decimal comma becomes the point, visibly.
 *
 * A figure copied from the page pastes back (issue 50 M6): a number grouped in any language's
 * style ("1.363.000,00" German, "1 363 000,00" French, "1,363,000.00" English) becomes its plain
 * digits. It is read as grouped when that cannot be a typed decimal: a space between groups, a
 * decimal separator after the groups, or two groups or more. One group alone ("1.234", "1,234")
 * is a decimal point as typed, except a comma where `style` groups by commas (English: a comma
 * typed is made a point at once, so a whole "1,234" was pasted). So "1.234" pasted from a German
 * page reads 1.234; every figure the page shows with places ("1.234,00") pastes exactly.
 */
export function decimalInput(text: string, style: NumberStyle = currentNumberStyle()): string {
  const grouped = GROUPED_RE.exec(text.trim());
  if (grouped) {
    const [, sign = '', int = '', , separator = '', decimal, fraction] = grouped;
    const groups = int.split(separator).length - 1;
    const isGrouped = /\s/.test(separator) || (decimal !== undefined ? decimal !== separator : groups >= 2 || (separator === ',' && style.group === ','));
    if (isGrouped) return `${sign}${int.split(separator).join('')}${decimal === undefined ? '' : `.${fraction}`}`;
  }
  return text.replace(/,/g, '.');
}

/** One thousands group alone, as a language that groups with a point writes a thousand: "65.000", "1.500". */
const ONE_GROUP_RE = /^[1-9]\d{0,2}\.\d{3}$/;

/** The figures of a field's hint that its point was read as the decimal point (pointReading). */
export interface PointReading {
  /** The number as read, written in the style: "65", "1,5" in German. */
  value: string;
  /** The digits to type for the thousands the trader may have meant: "65000", "1500". */
  plain: string;
}

/**
 * Whether a number field's text needs a hint under it, and the figures the hint shows. Where
 * `style` groups thousands with a point (German, Spanish, Turkish), "65.000" reads to its trader
 * as sixty-five thousand, but decimalInput keeps one group alone as typed: a decimal, 65 (a sell
 * limit at 65 then trades at once). That rule stays; the field says how it read the figure and
 * what to type for the thousands. Undefined for any other text, and where the style groups
 * otherwise (a point there is only ever the decimal point).
 */
export function pointReading(text: string, style: NumberStyle = currentNumberStyle()): PointReading | undefined {
  const typed = text.trim();
  if (style.group !== '.' || !ONE_GROUP_RE.test(typed)) return undefined;
  return { value: groupThousands(trimZeros(typed), style), plain: typed.replace('.', '') };
}

/** A typed number, read exactly: its sign and its canonical digits (no sign, no trailing zeros). */
export interface TypedDecimal {
  negative: boolean;
  /** "0.5" for ".5", "5" for "5." or "5.00", "1" for "-1". */
  value: string;
}

const TYPED_RE = /^(-)?(\d*)(?:\.(\d*))?$/;

/** Reads what a field holds (surrounding spaces aside); undefined when it is not a number at all. */
export function readDecimal(text: string): TypedDecimal | undefined {
  const match = TYPED_RE.exec(text.trim());
  if (!match) return undefined;
  const [, sign, int = '', frac = ''] = match;
  if (int === '' && frac === '') return undefined;
  const value = trimZeros(`${int.replace(/^0+(?=\d)/, '') || '0'}${frac ? `.${frac}` : ''}`);
  return { negative: sign === '-', value };
}

/** The positive number a field holds, canonical; undefined for anything else (empty, text, zero or below). */
export function positiveEntry(text: string): string | undefined {
  const read = readDecimal(text);
  return read && !read.negative && compareDecimal(read.value, '0') > 0 ? read.value : undefined;
}

/** A usable positive decimal (the form's fields may hold "", "0." or "0" while typing). */
export function isPositive(value: string | undefined): value is string {
  return value !== undefined && isDecimalString(value) && compareDecimal(value, '0') > 0;
}

/** Decimal places a decimal string carries (trailing zeros included: "1.50" has 2). */
export function placesOf(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}


/** price × quantity, cut to the quote precision. */
export function amountFor(price: string, quantity: string, pricePlaces: number): string {
  return trimZeros(toFixedDecimal(mulDecimal(price, quantity), pricePlaces, 'down'));
}

/** amount ÷ price, cut to the base precision. */
export function quantityFor(amount: string, price: string, amountPlaces: number): string {
  return divDecimal(amount, price, amountPlaces);
}

/** `percent` % of `available`, cut to `places`. */
export function shareOf(available: string, percent: number, places: number): string {
  const share = mulDecimal(available, String(Math.max(0, Math.min(100, Math.trunc(percent)))));
  return divDecimal(share, '100', places);
}

/** Whole percent `part` is of `whole` (0..100), for the slider; 0 when there is nothing to share. */
export function percentOf(part: string, whole: string | undefined): number {
  if (!isPositive(whole) || !isDecimalString(part) || compareDecimal(part, '0') <= 0) return 0;
  const percent = Number(divDecimal(mulDecimal(part, '100'), whole, 0));
  return Math.min(100, percent);
}

/** Estimated fee: a buy pays it on the base received, a sell on the quote received. */
export function estimatedFee(received: string, rate: string, places: number): string {
  return trimZeros(toFixedDecimal(mulDecimal(received, rate), places, 'down'));
}
