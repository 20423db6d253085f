/**
 * Money: one exact decimal type (issue 39). Every price, quantity, amount, margin and rate is an
 * integer count of a power-of-ten unit held in a BigInt — never a binary float — in one of two
 * forms of the same core:
 *
 * - decimal strings ("-12.5", "96250.1"): the wire's, the database's (numeric) and the views'
 *   form. `mulDecimal`, `addDecimal`, `divDecimal`, `toFixedDecimal`, `compareDecimal` parse them
 *   to (units, scale), work on the units and render back; a product keeps every digit.
 * - `Fx`: a BigInt counting 10^-18 (the ledger's scale, numeric(36, 18)), for the futures
 *   formulas and engine, where many steps chain and every rounding must be a stated choice
 *   (`mulFx`, `divFx`, `roundFx`: 'down' toward −∞ or 'up' toward +∞). `fx('1.5')` parses, `fxText`
 *   renders (trailing zeros dropped).
 *
 * Both round through the one `divideRounded` below. The matching engines alone count in integer
 * ticks and lots (price = ticks × 10^-pricePrecision, quantity = lots × 10^-amountPrecision): an
 * order's strings become ticks/lots at the door (server/kernel/exchange/market/units.ts
 * `decimalToUnits`, which refuses more places than the pair has rather than rounding), and go back
 * exactly (`unitsToDecimal`; the futures exchange: server/products/futures/pairs.ts).
 */

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_RE.test(value);
}

export interface Scaled {
  units: bigint;
  scale: number;
}

const PARTS_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

export function parse(value: string): Scaled {
  const parts = PARTS_RE.exec(value);
  if (!parts) throw new RangeError(`not a decimal: ${value}`);
  const frac = parts[3] ?? '';
  const units = BigInt(parts[2]! + frac);
  return { units: parts[1] ? -units : units, scale: frac.length };
}

/** 10^n for the scales money uses (0 to 18), computed once: Fx parses on every order's hot path. */
const POWERS = Array.from({ length: 19 }, (_, n) => 10n ** BigInt(n));
export const pow10 = (n: number): bigint => POWERS[n] ?? 10n ** BigInt(n);

export function render({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? digits.slice(digits.length - scale) : '';
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * The one rounding division: a ÷ b as an integer, rounded 'floor' (toward −∞), 'ceil' (toward +∞),
 * 'toward-zero' (cut) or 'half-away' (half away from zero). b must not be zero.
 */
export type IntegerRounding = 'floor' | 'ceil' | 'toward-zero' | 'half-away';

export function divideRounded(a: bigint, b: bigint, rounding: IntegerRounding): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  const q = a / b; // BigInt division cuts toward zero
  const r = a % b;
  if (r === 0n || rounding === 'toward-zero') return q;
  const negative = a < 0n !== b < 0n;
  if (rounding === 'floor') return negative ? q - 1n : q;
  if (rounding === 'ceil') return negative ? q : q + 1n;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= (b < 0n ? -b : b) ? (negative ? q - 1n : q + 1n) : q;
}

/** x × y exactly, as (units, scale): for a sum of products kept unrendered until its end. */
export const mulScaled = (x: Scaled, y: Scaled): Scaled => ({ units: x.units * y.units, scale: x.scale + y.scale });

/** x + y exactly, at the finer of the two scales. */
export function addScaled(x: Scaled, y: Scaled): Scaled {
  const scale = Math.max(x.scale, y.scale);
  return { units: x.units * pow10(scale - x.scale) + y.units * pow10(scale - y.scale), scale };
}

export function mulDecimal(a: string, b: string): string {
  return trimZeros(render(mulScaled(parse(a), parse(b))));
}

export function addDecimal(a: string, b: string): string {
  return trimZeros(render(addScaled(parse(a), parse(b))));
}

export function subDecimal(a: string, b: string): string {
  const y = parse(b);
  return addDecimal(a, render({ units: -y.units, scale: y.scale }));
}

/** a ÷ b cut toward zero to `places` decimals, trailing zeros dropped; b must not be zero. */
export function divDecimal(a: string, b: string, places: number): string {
  const x = parse(a);
  const y = parse(b);
  // a / b = (ua / 10^sa) / (ub / 10^sb) = ua · 10^(sb + places) / (ub · 10^sa), in units of 10^-places.
  const quotient = divideRounded(x.units * 10n ** BigInt(y.scale + places), y.units * 10n ** BigInt(x.scale), 'toward-zero');
  return trimZeros(render({ units: quotient, scale: places }));
}

/** A non-negative decimal without leading zeros, as the wire and the book carry prices: "0.5", "96250.1". */
const PLAIN_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Two plain decimals compared digit by digit, without BigInt (the order book's binary search runs
 * this for every level a delta touches): a longer integer part is larger; with equal lengths the
 * first differing digit decides, a missing fraction digit counting as 0.
 */
function comparePlain(a: string, b: string): -1 | 0 | 1 {
  const aDot = a.indexOf('.');
  const bDot = b.indexOf('.');
  const intLength = aDot < 0 ? a.length : aDot;
  if (intLength !== (bDot < 0 ? b.length : bDot)) return intLength < (bDot < 0 ? b.length : bDot) ? -1 : 1;
  const end = Math.max(a.length, b.length);
  for (let i = 0; i < end; i++) {
    if (i === intLength) continue;
    const x = i < a.length ? a.charCodeAt(i) : 48;
    const y = i < b.length ? b.charCodeAt(i) : 48;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  if (PLAIN_RE.test(a) && PLAIN_RE.test(b)) return comparePlain(a, b);
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const l = x.units * 10n ** BigInt(scale - x.scale);
  const r = y.units * 10n ** BigInt(scale - y.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

export type RoundingMode = 'half-up' | 'down' | 'up';

/** Rounds (half away from zero), cuts ("down", toward zero) or raises ("up", toward +∞: a cost to pay) to a fixed number of places. */
export function toFixedDecimal(value: string, places: number, mode: RoundingMode = 'half-up'): string {
  const { units, scale } = parse(value);
  if (scale <= places) {
    return render({ units: units * 10n ** BigInt(places - scale), scale: places });
  }
  const kept = divideRounded(units, 10n ** BigInt(scale - places), mode === 'half-up' ? 'half-away' : mode === 'up' ? 'ceil' : 'toward-zero');
  return render({ units: kept, scale: places });
}

export function trimZeros(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * How a language writes a number: its group (thousands) separator, its decimal separator, and
 * whether a four-digit integer is grouped at all (Spanish writes "1234" but "12.345": Intl's
 * minimum grouping digits). domain/localeFormat.ts reads one from Intl per language.
 */
export interface NumberStyle {
  group: string;
  decimal: string;
  /** The fewest digits a group is made of before the integer part is grouped: 1, or 2 ("1234" stays whole). */
  minGrouping: 1 | 2;
  /**
   * What a percentage writes before and after its digits (a sign stays in front): Turkish "%100,00",
   * German "100,00 %" (a no-break space), English "100.00%". Absent: the plain "100.00%".
   */
  percent?: { before: string; after: string };
}

/** The wire's style and English's: comma thousands, dot decimals (what the server's logs and texts without a language use). */
export const PLAIN_STYLE: NumberStyle = { group: ',', decimal: '.', minGrouping: 1, percent: { before: '', after: '%' } };

/**
 * Groups the integer part by thousands and writes the decimal separator in `style`, keeping the
 * sign and the fraction's digits exactly as they are: "-1234567.890" → "-1,234,567.890" (plain),
 * "-1.234.567,890" (German), "+2500" → "+2,500". Only the separators change, so the figure stays
 * exact (no float). A value that does not start with digits comes back as it is.
 */
export function groupThousands(value: string, style: NumberStyle = PLAIN_STYLE): string {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?/.exec(value);
  if (!match) return value;
  const [whole, sign = '', int = '', frac] = match;
  const grouped = int.length >= 4 + (style.minGrouping - 1) ? int.replace(/\B(?=(\d{3})+$)/g, style.group) : int;
  return `${sign}${grouped}${frac === undefined ? '' : `${style.decimal}${frac}`}${value.slice(whole.length)}`;
}

/**
 * Spec §9: a fraction such as "0.01234" is shown as a percentage with two decimals, "+1.23%".
 * Views use `percent` of domain/figures.ts (the same rule); the ICO pages still call this one.
 */
export function formatPercent(fraction: string, places = 2): string {
  const percent = toFixedDecimal(mulDecimal(fraction, '100'), places);
  const signed = compareDecimal(percent, '0') > 0 ? `+${percent}` : percent;
  return `${signed}%`;
}
