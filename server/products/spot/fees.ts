import type { EffectiveRate } from '../../../domain/fees.js';
import type { SpotFeeRate } from '../../../domain/spotOrders.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { feeRateOf, feeRatesFor } from '../../kernel/platform/fees/feeRates.js';

/**
 * The spot fee rule: each side of a trade pays its rate (maker or taker) on what it receives — a
 * buyer in base, a seller in quote — rounded down to three decimals finer than the pair's units, so a fee never exceeds its
 * exact value and rounding never creates money. The rates are the user's own in the pair (issue 52
 * §2: schedules by tier, overrides; kernel/platform/fees/feeRates.ts); a negative maker rate is a rebate,
 * rounded toward zero too. Market-maker accounts pay nothing, so the seeded liquidity does not bleed
 * into the platform's fee account.
 */

/**
 * A user's own spot rates in `symbol` (the order form's preview, the Binance dialect): their
 * override, or their tier's row of the pair's schedule, from the kernel's rate cache.
 */
export async function userSpotRate(db: Database, userId: number, symbol: string): Promise<SpotFeeRate> {
  const { maker, taker } = await feeRateOf(db, db, 'spot', symbol, userId);
  return { maker, taker };
}

/** A rate as an exact fraction: numerator over 10^scale. */
export interface Rate {
  numerator: bigint;
  scale: number;
}

export const ZERO_RATE: Rate = { numerator: 0n, scale: 0 };

export function parseRate(text: string): Rate {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`malformed fee rate ${text}`);
  const frac = match[3] ?? '';
  const numerator = BigInt(match[2]! + frac);
  return { numerator: match[1] ? -numerator : numerator, scale: frac.length };
}

/** rate × units, rounded toward zero to whole units (a fee down, a rebate down in size). */
export function feeUnits(units: bigint, rate: Rate): bigint {
  if (rate.numerator === 0n || units <= 0n) return 0n;
  return (units * rate.numerator) / 10n ** BigInt(rate.scale);
}

export interface FeeRates {
  maker: Rate;
  taker: Rate;
}

/**
 * The rates each of `userIds` pays in `symbol` at `now`, read through `tx` when the kernel's cache
 * does not hold them (a user's first trade, or the schedules changed: FEE_CHECK_MS).
 */
export async function ratesFor(db: object, tx: Queryable, symbol: string, userIds: readonly number[], now?: number): Promise<Map<number, ExactRates>> {
  const rates = await feeRatesFor(db, tx, 'spot', symbol, userIds, now);
  const out = new Map<number, ExactRates>();
  for (const [id, r] of rates) out.set(id, exactOf(r));
  return out;
}

export type ExactRates = FeeRates & { text: SpotFeeRate };

/** Each held rate's exact form, made once (the cache answers the same rate object until it reloads). */
const exact = new WeakMap<EffectiveRate, ExactRates>();
function exactOf(rate: EffectiveRate): ExactRates {
  let known = exact.get(rate);
  if (!known) exact.set(rate, (known = { maker: parseRate(rate.maker), taker: parseRate(rate.taker), text: { maker: rate.maker, taker: rate.taker } }));
  return known;
}
