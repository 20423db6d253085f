/**
 * A take-profit / stop-loss by ROE as a trader reads it. The API keeps the percentage unsigned
 * ("10" on a stop-loss means ROE ≤ −10 %); on screen a stop-loss is a loss and a take-profit a gain,
 * so a loss is entered and shown with its minus sign.
 */
import { percentPoints } from '../figures.js';
import { decimalUnits } from '../decimalRule.js';

export interface RoePlan {
  kind: 'take_profit' | 'stop_loss';
  trigger_value: string;
}

/** "-10.00%" for a stop-loss, "+50.00%" for a take-profit: a percentage like every other (domain/figures.ts). */
export function roeTriggerText(plan: RoePlan): string {
  return percentPoints(plan.kind === 'stop_loss' ? `-${plan.trigger_value}` : plan.trigger_value);
}

/** A typed ROE with either minus sign ("−10", "-10") in ASCII form ("-10"); anything else unchanged. */
export function asciiMinus(value: string): string {
  return value.replace(/^[−–]/, '-');
}

/** What a TP/SL by ROE needs of its position: its side, size, entry price and margin (decimal strings, as FuturesPosition has them). */
export interface RoeBasis {
  side: 1 | -1;
  quantity: string;
  entry_price: string;
  margin: string;
}

/** A figure in units of 10⁻¹⁸, read by the one decimal rule (trailing zeros do not count); none for a negative one. */
const scaled = (value: string): bigint | undefined => {
  const units = decimalUnits(value, 18);
  return units !== undefined && units >= 0n ? units : undefined;
};
const text = (units: bigint, places: number): string => {
  const s = units.toString().padStart(places + 1, '0');
  return places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`.replace(/\.?0+$/, '');
};

/**
 * The trigger price a TP/SL by ROE means for a position, computed once when it is set (issue 50
 * M8): ROE = side × Q × (P − entry) ÷ margin, so a take-profit at +r % is P = entry + side × r % ×
 * margin ÷ Q and a stop-loss at −r % is P = entry − side × r % × margin ÷ Q. The plan then waits on
 * that price (by the mark or the last price), so adding margin later does not move it. Exact, then
 * on the pair's price grid: a long's rounds up and a short's down, so the take-profit gains at least
 * and the stop-loss loses at most the percentage typed. `percent` is unsigned ("10" on a stop-loss
 * is −10 %). Undefined when the figures are not usable or the price would be zero or below, or be
 * the entry price itself (a percentage too small for the pair's tick).
 */
export function roeTriggerPrice(position: RoeBasis, kind: RoePlan['kind'], percent: string, pricePlaces: number): string | undefined {
  const q = scaled(position.quantity);
  const entry = scaled(position.entry_price);
  const margin = scaled(position.margin);
  const pct = scaled(percent);
  if (q === undefined || entry === undefined || margin === undefined || pct === undefined || q === 0n || margin === 0n || pct === 0n) return undefined;
  const direction = BigInt(position.side) * (kind === 'take_profit' ? 1n : -1n);
  // P × 10^places = (entry × Q × 100 + direction × margin × pct) ÷ (Q × 100) ÷ 10^(18 − places), all in units of 10^-18.
  const numerator = entry * q * 100n + direction * margin * pct;
  const denominator = q * 100n * 10n ** BigInt(18 - pricePlaces);
  if (numerator <= 0n) return undefined;
  const floor = numerator / denominator;
  const ticks = position.side === 1 && floor * denominator !== numerator ? floor + 1n : floor;
  if (ticks <= 0n) return undefined;
  const price = text(ticks, pricePlaces);
  return scaled(price) === entry ? undefined : price;
}
