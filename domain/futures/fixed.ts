/**
 * Exact fixed-point numbers for the futures formulas: a BigInt counting 10^-18 (the ledger's
 * scale, numeric(36, 18)), so prices, quantities, margins and rates are exact and every rounding is
 * a stated choice (down or up), never a float. `fx('1.5')` → 1.5 as a Fx; `fxText` back to a
 * decimal string without trailing zeros.
 */
export type Fx = bigint;

export const FX_SCALE = 18;
export const FX_ONE: Fx = 10n ** 18n;

/** A plain decimal string ("-12.5", "0.0004") as a Fx; more than 18 decimals is refused. */
export function fx(value: string): Fx {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const frac = match[3] ?? '';
  if (frac.length > FX_SCALE) throw new RangeError(`more than ${FX_SCALE} decimals: ${value}`);
  const units = BigInt(match[2]!) * FX_ONE + BigInt(frac.padEnd(FX_SCALE, '0') || '0');
  return match[1] ? -units : units;
}

/** A Fx as a decimal string, trailing zeros dropped ("-0" never appears). */
export function fxText(value: Fx): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const int = abs / FX_ONE;
  const frac = (abs % FX_ONE).toString().padStart(FX_SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

export type Rounding = 'down' | 'up';

/** a ÷ b as an integer, rounded toward −∞ ('down') or +∞ ('up'). */
function divRound(a: bigint, b: bigint, rounding: Rounding): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  let q = a / b;
  const r = a % b;
  if (r !== 0n) {
    const negative = a < 0n !== b < 0n;
    if (rounding === 'down' && negative) q -= 1n;
    if (rounding === 'up' && !negative) q += 1n;
  }
  return q;
}

/** a × b, rounded to 18 decimals in the stated direction (exact whenever the places fit). */
export function mulFx(a: Fx, b: Fx, rounding: Rounding = 'down'): Fx {
  return divRound(a * b, FX_ONE, rounding);
}

/** a ÷ b to 18 decimals in the stated direction. */
export function divFx(a: Fx, b: Fx, rounding: Rounding = 'down'): Fx {
  return divRound(a * FX_ONE, b, rounding);
}

/** Cuts to `places` decimals in the stated direction (the index and mark price are cut to 4, §9). */
export function roundFx(a: Fx, places: number, rounding: Rounding = 'down'): Fx {
  const unit = 10n ** BigInt(FX_SCALE - places);
  return divRound(a, unit, rounding) * unit;
}

export const minFx = (a: Fx, b: Fx): Fx => (a < b ? a : b);
export const maxFx = (a: Fx, b: Fx): Fx => (a > b ? a : b);
export const absFx = (a: Fx): Fx => (a < 0n ? -a : a);
export const clampFx = (a: Fx, low: Fx, high: Fx): Fx => minFx(maxFx(a, low), high);
