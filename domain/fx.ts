import { divideRounded, parse, pow10, render, trimZeros, type IntegerRounding } from './decimal';

/**
 * `Fx`: domain/decimal.ts's core at the ledger's fixed scale of 18 decimals, for the futures
 * formulas and engine (see decimal.ts's header). A module of its own so that pages which only show
 * decimal strings (/home) do not load it.
 */

export type Fx = bigint;

export const FX_SCALE = 18;
export const FX_ONE: Fx = 10n ** 18n;

/** A plain decimal string ("-12.5", "0.0004") as a Fx; more than 18 decimals is refused. */
export function fx(value: string): Fx {
  const { units, scale } = parse(value);
  if (scale > FX_SCALE) throw new RangeError(`more than ${FX_SCALE} decimals: ${value}`);
  return units * pow10(FX_SCALE - scale);
}

/** A Fx as a decimal string, trailing zeros dropped ("-0" never appears). */
export const fxText = (value: Fx): string => trimZeros(render({ units: value, scale: FX_SCALE }));

/** Which way a Fx result is rounded: 'down' toward −∞, 'up' toward +∞. */
export type Rounding = 'down' | 'up';
const integerRounding = (r: Rounding): IntegerRounding => (r === 'down' ? 'floor' : 'ceil');

/** a × b, rounded to 18 decimals in the stated direction (exact whenever the places fit). */
export const mulFx = (a: Fx, b: Fx, rounding: Rounding = 'down'): Fx => divideRounded(a * b, FX_ONE, integerRounding(rounding));

/** a ÷ b to 18 decimals in the stated direction. */
export const divFx = (a: Fx, b: Fx, rounding: Rounding = 'down'): Fx => divideRounded(a * FX_ONE, b, integerRounding(rounding));

/** Cuts to `places` decimals in the stated direction (the index and mark price are cut to 4, §9). */
export function roundFx(a: Fx, places: number, rounding: Rounding = 'down'): Fx {
  const unit = pow10(FX_SCALE - places);
  return divideRounded(a, unit, integerRounding(rounding)) * unit;
}

export const minFx = (a: Fx, b: Fx): Fx => (a < b ? a : b);
export const maxFx = (a: Fx, b: Fx): Fx => (a > b ? a : b);
export const absFx = (a: Fx): Fx => (a < 0n ? -a : a);
export const clampFx = (a: Fx, low: Fx, high: Fx): Fx => minFx(maxFx(a, low), high);
