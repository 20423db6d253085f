/**
 * Exact decimal arithmetic on strings, backed by BigInt. Prices and amounts travel as decimal
 * strings (ARCHITECTURE: never a binary float for money); these helpers multiply, round and format
 * them without ever going through a JavaScript number.
 */

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_RE.test(value);
}

interface Scaled {
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled {
  if (!isDecimalString(value)) throw new RangeError(`not a decimal: ${value}`);
  const negative = value.startsWith('-');
  const body = negative ? value.slice(1) : value;
  const [int, frac = ''] = body.split('.');
  const units = BigInt(int! + frac);
  return { units: negative ? -units : units, scale: frac.length };
}

function render({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? digits.slice(digits.length - scale) : '';
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

export function mulDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return trimZeros(render({ units: x.units * y.units, scale: x.scale + y.scale }));
}

export function addDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const sum = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale);
  return trimZeros(render({ units: sum, scale }));
}

export function subDecimal(a: string, b: string): string {
  const y = parse(b);
  return addDecimal(a, render({ units: -y.units, scale: y.scale }));
}

/** a ÷ b cut toward zero to `places` decimals, trailing zeros dropped; b must not be zero. */
export function divDecimal(a: string, b: string, places: number): string {
  const x = parse(a);
  const y = parse(b);
  if (y.units === 0n) throw new RangeError('division by zero');
  // a / b = (ua / 10^sa) / (ub / 10^sb) = ua · 10^(sb + places) / (ub · 10^sa), in units of 10^-places.
  const quotient = (x.units * 10n ** BigInt(y.scale + places)) / (y.units * 10n ** BigInt(x.scale));
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

export type RoundingMode = 'half-up' | 'down';

/** Rounds (half away from zero) or cuts ("down", toward zero) to a fixed number of places. */
export function toFixedDecimal(value: string, places: number, mode: RoundingMode = 'half-up'): string {
  const { units, scale } = parse(value);
  if (scale <= places) {
    return render({ units: units * 10n ** BigInt(places - scale), scale: places });
  }
  const divisor = 10n ** BigInt(scale - places);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  let kept = abs / divisor;
  if (mode === 'half-up' && (abs % divisor) * 2n >= divisor) kept += 1n;
  return render({ units: negative ? -kept : kept, scale: places });
}

export function trimZeros(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * Groups the integer part with thousands separators (comma), keeping the sign and the fraction
 * exactly as they are: "-1234567.890" → "-1,234,567.890", "+2500" → "+2,500". The app's one
 * number style for prices, quantities, amounts and fiat figures, whatever the UI language (every
 * figure on screen goes through domain/figures.ts); a value that does not start with digits
 * comes back as it is.
 */
export function groupThousands(value: string): string {
  return value.replace(/^[+-]?\d{4,}/, (int) => int.replace(/\B(?=(\d{3})+$)/g, ','));
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
