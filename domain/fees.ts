import { addDecimal, compareDecimal, isDecimalString, mulDecimal, trimZeros } from './decimal';
import { MISSING, percentOf } from './figures';
import { localDigits } from './localeFormat';

/**
 * Fee schedules, tiers and overrides (issue 52 §2; docs/API.md "Fees"): the pure rules, shared by
 * the server's rate cache (server/kernel/platform/fees/feeRates.ts), the fees product's desk and reads
 * (server/products/fees/) and the user's fees page (src/features/fees/).
 *
 * - A **tier** is reached by 30-day traded volume in USDT (computed daily): the highest tier whose
 *   minimum the volume reaches. Tier 0 starts at 0, so everyone has one.
 * - A **schedule** row gives maker and taker rates of a product's market (`BTC_USDT`) or of the
 *   product's default (`*`) from a tier up: a user at tier k pays their market's row of the highest
 *   tier <= k, else the default's. Rates are fractions (0.001 = 0.1 %); a negative maker rate is a
 *   rebate; |rate| < 1, taker >= 0 and maker + taker >= 0, so no trade costs the house more than it takes.
 * - An **override** of a user (a market maker, a partner) replaces the schedule in one market or in
 *   all of a product's (`*`, the market's own first) until its end.
 */

export const FEE_PRODUCTS = ['spot', 'futures'] as const;
export type FeeProduct = (typeof FEE_PRODUCTS)[number];

/** The market key of a product's default rates. */
export const DEFAULT_MARKET = '*';

/** The days the tier volume sums, and how often it is computed. */
export const VOLUME_DAYS = 30;
export const DAY_MS = 86_400_000;

export const FEE_PATHS = {
  /** POST, signed-in user: their tier, volume, next tier, and the schedule with their own rates. */
  mine: '/api/fees/mine',
  /** POST, signed-in user: their own maker/taker rates in one market ({ product, symbol }). */
  rate: '/api/fees/rate',
  /** Operator desk (`fees.read`): tiers, schedules and overrides. */
  operatorRead: '/api/operator/fees',
  /** Operator (`fees.write`): replace the tiers. */
  operatorTiers: '/api/operator/fees/tiers',
  /** Operator (`fees.write`): set or remove one schedule row. */
  operatorSchedule: '/api/operator/fees/schedule',
  /** Operator (`fees.override`, with a 2FA code): set or end a user's override. */
  operatorOverride: '/api/operator/fees/override',
  /** Operator (`fees.write`): compute the 30-day volumes now (the daily loop's step). */
  operatorVolumes: '/api/operator/fees/volumes',
} as const;

export interface FeeRate {
  maker: string;
  taker: string;
}

export interface FeeTier {
  tier: number;
  min_volume_usdt: string;
}

export interface FeeScheduleRow extends FeeRate {
  product: FeeProduct;
  market: string;
  tier: number;
}

export interface FeeOverride extends FeeRate {
  user_id: number;
  product: FeeProduct;
  market: string;
  ends_ms: number;
  note: string;
}

/** Where a user's rate in a market comes from. */
export type RateSource = 'override' | 'schedule' | 'exempt';

export interface EffectiveRate extends FeeRate {
  source: RateSource;
  /** The schedule's tier the rate is from (the user's own tier, or lower when their market lists no row for it). */
  tier: number;
}

/** The user's tier for a 30-day volume: the highest whose minimum it reaches (tiers in any order). */
export function tierFor(volume: string, tiers: readonly FeeTier[]): number {
  let best = 0;
  let bestMin = '-1';
  for (const t of tiers) {
    if (compareDecimal(volume, t.min_volume_usdt) >= 0 && compareDecimal(t.min_volume_usdt, bestMin) > 0) {
      best = t.tier;
      bestMin = t.min_volume_usdt;
    }
  }
  return best;
}

/** The next tier above `tier` (by minimum volume) and the volume still missing to reach it, if any. */
export function nextTier(volume: string, tier: number, tiers: readonly FeeTier[]): { tier: number; min_volume_usdt: string; missing: string } | undefined {
  const current = tiers.find((t) => t.tier === tier)?.min_volume_usdt ?? '0';
  const above = tiers.filter((t) => compareDecimal(t.min_volume_usdt, current) > 0).sort((a, b) => compareDecimal(a.min_volume_usdt, b.min_volume_usdt));
  const next = above[0];
  if (!next) return undefined;
  const missing = addDecimal(next.min_volume_usdt, negate(volume));
  return { tier: next.tier, min_volume_usdt: next.min_volume_usdt, missing: compareDecimal(missing, '0') > 0 ? missing : '0' };
}

const negate = (value: string) => (value.startsWith('-') ? value.slice(1) : value === '0' ? '0' : `-${value}`);

/** The schedule row a user at `tier` pays in `market` of `product`: the market's own rows first, then the default's. */
export function scheduleRow(rows: readonly FeeScheduleRow[], product: FeeProduct, market: string, tier: number): FeeScheduleRow | undefined {
  const pick = (m: string) =>
    rows.filter((r) => r.product === product && r.market === m && r.tier <= tier).reduce<FeeScheduleRow | undefined>((best, r) => (!best || r.tier > best.tier ? r : best), undefined);
  return pick(market) ?? pick(DEFAULT_MARKET);
}

/** The override in force for `market` at `now` (the market's own before the product-wide one). */
export function activeOverride(overrides: readonly FeeOverride[], product: FeeProduct, market: string, now: number): FeeOverride | undefined {
  const live = overrides.filter((o) => o.product === product && o.ends_ms > now);
  return live.find((o) => o.market === market) ?? live.find((o) => o.market === DEFAULT_MARKET);
}

/**
 * A user's rate in a market: their override until its end, else their tier's schedule row;
 * zero for exempt accounts (market makers, whose seeded liquidity must not bleed).
 */
export function effectiveRate(p: {
  product: FeeProduct;
  market: string;
  tier: number;
  rows: readonly FeeScheduleRow[];
  overrides: readonly FeeOverride[];
  now: number;
  exempt?: boolean;
}): EffectiveRate {
  if (p.exempt) return { maker: '0', taker: '0', source: 'exempt', tier: p.tier };
  const override = activeOverride(p.overrides, p.product, p.market, p.now);
  if (override) return { maker: override.maker, taker: override.taker, source: 'override', tier: p.tier };
  const row = scheduleRow(p.rows, p.product, p.market, p.tier);
  return row ? { maker: row.maker, taker: row.taker, source: 'schedule', tier: row.tier } : { maker: '0', taker: '0', source: 'schedule', tier: 0 };
}

/**
 * A fee rate as the pages show it: an exact percentage, never rounded, grouped and signed as the
 * language writes it ("0.1%", "-0.02%" a rebate, Turkish "%0,025"). Here, not in figures.ts, so the
 * first page, which loads figures.ts and shows no fee rate, does not load it.
 */
export const ratePercent = (rate: string | null | undefined) => (isDecimalString(rate) ? percentOf(localDigits(trimZeros(mulDecimal(rate, '100')))) : MISSING);

/** The largest |rate| a schedule accepts (exclusive), and the digits it keeps. */
export const RATE_DIGITS = 8;
const RATE_RE = /^-?0(\.\d{1,8})?$/;

/**
 * Why a maker/taker pair is refused, or undefined when it is a valid schedule (see the rules above).
 * Futures pay no rebates yet (the futures books charge fees only), so a futures maker rate is >= 0.
 */
export function rateProblem(rate: FeeRate, product: FeeProduct = 'spot'): 'feesRateMalformed' | 'feesTakerNegative' | 'feesRebateTooLarge' | 'feesFuturesNoRebate' | undefined {
  if (!isDecimalString(rate.maker) || !isDecimalString(rate.taker) || !RATE_RE.test(rate.maker) || !RATE_RE.test(rate.taker)) return 'feesRateMalformed';
  if (compareDecimal(rate.taker, '0') < 0) return 'feesTakerNegative';
  if (compareDecimal(addDecimal(rate.maker, rate.taker), '0') < 0) return 'feesRebateTooLarge';
  if (product === 'futures' && compareDecimal(rate.maker, '0') < 0) return 'feesFuturesNoRebate';
  return undefined;
}

/** What a user's fees page shows (POST FEE_PATHS.mine). */
export interface MyFees {
  tier: number;
  volume_usdt: string;
  /** The UTC day the volume was computed for (ms), or null before the first computation. */
  volume_day_ms: number | null;
  next: { tier: number; min_volume_usdt: string; missing: string } | null;
  tiers: FeeTier[];
  /** Per product and market: the schedule of each tier, and what this user pays there. */
  markets: Array<{ product: FeeProduct; market: string; schedule: Array<{ tier: number } & FeeRate>; mine: EffectiveRate }>;
}

/** What the operator desk reads (POST FEE_PATHS.operatorRead): the tiers, every schedule row, the overrides in force, the markets. */
export interface FeesDesk {
  tiers: FeeTier[];
  schedule: FeeScheduleRow[];
  overrides: FeeOverride[];
  markets: Array<{ product: FeeProduct; market: string }>;
  volume_day_ms: number | null;
}

/** One schedule row's edit as the desk sends it (POST FEE_PATHS.operatorSchedule); `remove` removes the row instead. */
export interface FeeScheduleEdit extends FeeRate {
  product: FeeProduct;
  market: string;
  tier: number;
  /** Removes the row instead (never the product's default at tier 0); answers the row removed. */
  remove?: boolean;
}

/** A user's override as the desk sends it (POST FEE_PATHS.operatorOverride, with the operator's 2FA code); `end` ends it now. */
export interface FeeOverrideEdit extends Partial<FeeRate> {
  user_id: number;
  product: FeeProduct;
  market: string;
  /** When it ends (ms); with `end`, the override ends now instead. */
  ends_ms?: number;
  note?: string;
  end?: boolean;
}

/** Whether a tier table may be saved: tier 0 from 0, then each tier higher with a higher minimum (the server's rule). */
export function tiersValid(tiers: readonly FeeTier[]): boolean {
  const sorted = [...tiers].sort((a, b) => a.tier - b.tier);
  return (
    sorted.length > 0 &&
    sorted[0]!.tier === 0 &&
    sorted.every((t) => Number.isInteger(t.tier) && t.tier >= 0 && t.tier <= 99 && isDecimalString(t.min_volume_usdt) && compareDecimal(t.min_volume_usdt, '0') >= 0) &&
    compareDecimal(sorted[0]!.min_volume_usdt, '0') === 0 &&
    sorted.every((t, i) => i === 0 || (t.tier > sorted[i - 1]!.tier && compareDecimal(t.min_volume_usdt, sorted[i - 1]!.min_volume_usdt) > 0))
  );
}
