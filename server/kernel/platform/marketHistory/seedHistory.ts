import type { Currency } from '../../../../domain/api.js';
import { KLINE_INTERVALS, type KlineInterval } from '../../../../domain/constants.js';
import type { Database } from '../db/database.js';
import type { Candle } from '../../exchange/market/candles.js';
import { bucketStart } from '../../exchange/market/intervals.js';
import type { CandleTable } from './klineHistory.js';
import { decimalToUnits } from '../../exchange/market/units.js';
import { amountText, priceText, quoteText, type PairSpec } from '../../exchange/pairSpec.js';
import { normal, seededRandom, seedFrom } from '../../exchange/random.js';

/** Bars generated per interval: comfortably over the 200 a chart needs on first open. */
export const SEED_BARS = 240;

const MINUTES: Record<KlineInterval, number> = {
  '1min': 1,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '60min': 60,
  '1day': 1440,
  '1week': 10080,
  '1mon': 43200,
};

/** Which finer series each interval is aggregated from where the two overlap. */
const SOURCE: Partial<Record<KlineInterval, KlineInterval>> = {
  '5min': '1min',
  '15min': '1min',
  '30min': '1min',
  '60min': '1min',
  '1day': '60min',
  '1week': '1day',
  '1mon': '1day',
};

export interface SeedHistoryOptions {
  /** Annualised volatility of the generated walk. */
  volatility: number;
  /** Typical traded notional per minute, in base lots. */
  lotsPerMinute: number;
  seed?: number;
}

/** Annualised volatility by asset, majors calmer than the rest: the makers' walk and the seeded history share it. */
export function typicalVolatility(symbol: string): number {
  return symbol.startsWith('BTC_') ? 0.55 : symbol.startsWith('ETH_') ? 0.7 : 0.95;
}

/** Where a pair's price starts, in ticks: the ratio of its currencies' USDT reference prices, if both have one. */
export function anchorPrice(spec: PairSpec, currencies: readonly Currency[]): number | undefined {
  const left = currencies.find((c) => c.symbol === spec.left)?.price;
  const right = currencies.find((c) => c.symbol === spec.right)?.price;
  if (!left || !right) return undefined;
  // Ticks of left priced in right: a seed-time ratio, fine as a starting point for the walk.
  const ratio = Number(left) / Number(right);
  return decimalToUnits(ratio.toFixed(spec.pricePrecision), spec.pricePrecision);
}

/**
 * The seeded history's shape for a pair: its asset's volatility, and about 20,000 USDT traded a
 * minute. Spot and the perpetual of a pair get the same options and so the same generated history
 * (the seed comes from the symbol): the contract tracks the spot index.
 */
export function seedOptionsFor(spec: PairSpec, currencies: readonly Currency[]): SeedHistoryOptions {
  return { volatility: typicalVolatility(spec.symbol), lotsPerMinute: Math.max(1, Math.round((20_000 / baseUsdt(spec, currencies)) * 10 ** spec.amountPrecision)) };
}

/** The pair's base currency in USDT by its reference price (1 without one): a scale for generated volumes and the makers' sizes, not money. */
export function baseUsdt(spec: PairSpec, currencies: readonly Currency[]): number {
  const price = currencies.find((c) => c.symbol === spec.left)?.price;
  return price ? Number(price) : 1;
}

/**
 * A generated candle history for a pair that has none, so no chart opens empty (README: the seed
 * history is generated, not recorded). Each interval gets SEED_BARS bars ending with the current
 * bucket. Where a finer series covers the same time, the coarser bars are aggregated from it, so
 * intervals agree with each other; further back each interval is a seeded random walk leading up
 * to where the finer history starts. Live trades then continue the current candles.
 */
export function generateHistory(spec: PairSpec, anchorTicks: number, now: number, options: SeedHistoryOptions): Candle[] {
  const random = seededRandom(seedFrom(spec.symbol, options.seed ?? 7));
  const byInterval = new Map<KlineInterval, Candle[]>();
  for (const interval of KLINE_INTERVALS) {
    const source = SOURCE[interval];
    const aggregated = source ? aggregate(interval, byInterval.get(source)!) : [];
    const firstStart = bucketStart(interval, now);
    const missing = SEED_BARS - aggregated.length;
    const anchor = aggregated[0]?.open ?? anchorTicks;
    const end = aggregated[0]?.openTime ?? firstStart + 1;
    const generated = walkBack(interval, end, missing, anchor, anchorTicks, random, options);
    byInterval.set(interval, [...generated, ...aggregated]);
  }
  return [...byInterval.values()].flat();
}

/** Buckets of `interval` built from finer bars; the oldest bucket is left out if the finer bars start inside it. */
function aggregate(interval: KlineInterval, finer: Candle[]): Candle[] {
  const first = finer[0];
  if (!first) return [];
  const firstBucket = bucketStart(interval, first.openTime);
  const partial = firstBucket !== first.openTime ? firstBucket : undefined;
  const out: Candle[] = [];
  for (const bar of finer) {
    const start = bucketStart(interval, bar.openTime);
    if (start === partial) continue;
    const last = out.at(-1);
    if (last && last.openTime === start) {
      last.high = Math.max(last.high, bar.high);
      last.low = Math.min(last.low, bar.low);
      last.close = bar.close;
      last.amount += bar.amount;
      last.vol += bar.vol;
      last.count += bar.count;
    } else {
      out.push({ ...bar, interval, openTime: start });
    }
  }
  return out;
}

/** `count` bars of `interval` ending just before `end`, walking back from `anchor` (the next bar's open), drawn toward `homeTicks`. */
function walkBack(interval: KlineInterval, end: number, count: number, anchor: number, homeTicks: number, random: () => number, o: SeedHistoryOptions): Candle[] {
  const bars: Candle[] = [];
  const minutes = MINUTES[interval];
  const sigma = o.volatility * Math.sqrt(minutes / 525_600);
  // Mean reversion toward the anchor (2 per year, as in the live model), so twenty years of monthly
  // bars stay in a plausible band instead of wandering off by orders of magnitude.
  const pull = Math.min(0.5, 2 * (minutes / 525_600));
  const home = Math.log(homeTicks);
  let close = anchor;
  let start = bucketStart(interval, end - 1);
  for (let i = 0; i < count; i++) {
    const logOpen = Math.log(close) - sigma * normal(random) - pull * (Math.log(close) - home);
    const open = Math.max(1, Math.round(Math.exp(logOpen)));
    const wick = Math.abs(normal(random)) * sigma * 0.6;
    const high = Math.round(Math.max(open, close) * (1 + wick));
    const low = Math.max(1, Math.round(Math.min(open, close) * (1 - Math.abs(normal(random)) * sigma * 0.6)));
    const amount = Math.max(1, Math.round(o.lotsPerMinute * minutes * Math.exp(0.5 * normal(random))));
    const count = Math.max(1, Math.round((amount / o.lotsPerMinute) * 3));
    bars.push({ interval, openTime: start, open, high, low, close, amount, vol: BigInt(Math.round((open + close) / 2)) * BigInt(amount), count });
    close = open;
    start = bucketStart(interval, start - 1);
  }
  return bars.reverse();
}

/**
 * Writes a generated history for a pair that has no candles in `table` yet. Returns rows written.
 * Spot's rows say `source = 'seed'`; futures_candle has no such column.
 */
export async function seedHistoryIfEmpty(db: Database, table: CandleTable, spec: PairSpec, anchorTicks: number, now: number, options: SeedHistoryOptions): Promise<number> {
  const [{ n }] = (await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ${table} where left_symbol = $1 and right_symbol = $2 limit 1) c`,
    [spec.left, spec.right],
  )) as [{ n: number }];
  if (n > 0) return 0;
  const candles = generateHistory(spec, anchorTicks, now, options);
  const BATCH = 400;
  const seed = table === 'candle' ? ", 'seed'" : '';
  await db.transaction(async (tx) => {
    for (let i = 0; i < candles.length; i += BATCH) {
      const chunk = candles.slice(i, i + BATCH);
      const params: unknown[] = [];
      const rows = chunk.map((c, j) => {
        params.push(spec.left, spec.right, c.interval, c.openTime, priceText(spec, c.open), priceText(spec, c.high), priceText(spec, c.low), priceText(spec, c.close), amountText(spec, c.amount), quoteText(spec, c.vol), c.count);
        const b = j * 11;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9}, $${b + 10}, $${b + 11}${seed})`;
      });
      await tx.query(
        `insert into ${table} (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count${table === 'candle' ? ', source' : ''})
         values ${rows.join(', ')} on conflict do nothing`,
        params,
      );
    }
  });
  return candles.length;
}
