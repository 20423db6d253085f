import { activeOverride, effectiveRate, type EffectiveRate, type FeeOverride, type FeeProduct, type FeeScheduleRow, type FeeTier, tierFor } from '../../../../domain/fees.js';
import { cacheVersion } from '../caches.js';
import type { Queryable } from '../db/database.js';

/**
 * Every process's view of the fee schedules (issue 52 §2; migration 047, domain/fees.ts): what a
 * user pays in a market, for the spot settlement, the futures engine and the Binance dialect,
 * wherever they run (a market process has no products' offers, so this is the kernel's, read from
 * the tables). The hot path costs a map lookup: the tiers and schedule rows are held in memory and
 * a user's volume, kind and overrides are read once, on their first trade. Every edit and the daily
 * volumes bump `fee_state.version` and announce FEE_RATES_CACHE in their transaction (caches.ts):
 * where the process hears the notices, what it holds is dropped when one comes; where it cannot
 * (its listener is down, or the key is not a database: the futures exchange's), the version is
 * read at most once per FEE_CHECK_MS and a change drops everything held. The process that made an
 * edit drops it at once (`forgetFeeRates`).
 */
export const FEE_CHECK_MS = 1000;
/** The fee schedules', tiers', overrides' and volumes' cache name (caches.ts). */
export const FEE_RATES_CACHE = 'fees';
/** Users held before the map starts over (a bound, not a tuning: a user costs one small read to reload). */
const MAX_USERS = 100_000;

interface UserFees {
  exempt: boolean;
  volume: string;
  overrides: FeeOverride[];
  /** Computed rates per product and market, valid until `until` (an override's end). */
  memo: Record<FeeProduct, Map<string, { rate: EffectiveRate; until: number }>>;
}

interface Held {
  checkedAt: number;
  /** The notices' version it was read at (caches.ts); undefined when read without hearing them. */
  heard: number | undefined;
  version: string;
  tiers: FeeTier[];
  rows: FeeScheduleRow[];
  users: Map<number, UserFees>;
}

const held = new WeakMap<object, Held & { generation: number }>();
/** Moved by every `forgetFeeRates`: whatever key a holder used (a database, a futures exchange), it reads again. */
let generation = 0;

/** Drops what this process holds here, so the next lookup reads the tables (after an edit, in tests). */
export function forgetFeeRates(db: object): void {
  held.delete(db);
  generation++;
}

/** The tiers and schedule rows as stored, trailing zeros trimmed. */
export async function readSchedules(q: Queryable): Promise<{ tiers: FeeTier[]; rows: FeeScheduleRow[] }> {
  const tiers = await q.query<{ tier: number; min_volume_usdt: string }>('select tier, trim_scale(min_volume_usdt)::text as min_volume_usdt from fee_tier order by tier');
  const rows = await q.query<FeeScheduleRow>('select product, market, tier, trim_scale(maker)::text as maker, trim_scale(taker)::text as taker from fee_schedule order by product, market, tier');
  return { tiers: tiers.map((t) => ({ tier: Number(t.tier), min_volume_usdt: t.min_volume_usdt })), rows: rows.map((r) => ({ ...r, tier: Number(r.tier) })) };
}

async function current(db: object, q: Queryable): Promise<Held> {
  // The process's clock, not the caller's (a market's clock may be a test's): this only paces reads.
  const now = Date.now();
  const known = held.get(db);
  const heard = cacheVersion(db, FEE_RATES_CACHE);
  if (known && known.generation !== generation) held.delete(db);
  else if (known && heard !== undefined && known.heard === heard) return known;
  else if (known && heard === undefined && now - known.checkedAt < FEE_CHECK_MS && now >= known.checkedAt) return known;
  const [state] = await q.query<{ version: string }>('select version::text as version from fee_state where id = 1');
  const version = state?.version ?? '0';
  if (known && known.generation === generation && known.version === version) {
    known.checkedAt = now;
    known.heard = heard;
    return known;
  }
  const fresh = { checkedAt: now, heard, version, generation, ...(await readSchedules(q)), users: new Map<number, UserFees>() };
  held.set(db, fresh);
  return fresh;
}

/** Each user's kind, 30-day volume (of the day in force) and overrides, in one statement. */
async function readUsers(q: Queryable, userIds: readonly number[]): Promise<Map<number, UserFees>> {
  const rows = await q.query<{ id: string | number; kind: string; volume: string | null; overrides: FeeOverride[] | string | null }>(
    `select u.id, u.kind,
       (select trim_scale(v.volume_usdt)::text from fee_volume v where v.user_id = u.id and v.day_ms = (select volume_day_ms from fee_state where id = 1)) as volume,
       (select json_agg(json_build_object('user_id', o.user_id, 'product', o.product, 'market', o.market, 'maker', trim_scale(o.maker)::text,
          'taker', trim_scale(o.taker)::text, 'ends_ms', o.ends_ms, 'note', o.note)) from fee_override o where o.user_id = u.id) as overrides
     from app_user u where u.id = any($1::bigint[])`,
    [userIds],
  );
  const out = new Map<number, UserFees>();
  for (const r of rows) {
    const overrides = (typeof r.overrides === 'string' ? (JSON.parse(r.overrides) as FeeOverride[]) : (r.overrides ?? [])).map((o) => ({ ...o, ends_ms: Number(o.ends_ms) }));
    out.set(Number(r.id), { exempt: r.kind === 'market_maker', volume: r.volume ?? '0', overrides, memo: { spot: new Map(), futures: new Map() } });
  }
  return out;
}

const NOBODY: UserFees = { exempt: true, volume: '0', overrides: [], memo: { spot: new Map(), futures: new Map() } };

function rateOf(h: Held, user: UserFees, product: FeeProduct, market: string, now: number): EffectiveRate {
  const memo = user.memo[product].get(market);
  if (memo && now < memo.until) return memo.rate;
  const tier = tierFor(user.volume, h.tiers);
  const rate = effectiveRate({ product, market, tier, rows: h.rows, overrides: user.overrides, now, exempt: user.exempt });
  // An override applies until its end (then the next in force, or the schedule); the schedule's rate holds until the next reload.
  const until = rate.source === 'override' ? (activeOverride(user.overrides, product, market, now)?.ends_ms ?? now) : Infinity;
  user.memo[product].set(market, { rate, until });
  return rate;
}

/**
 * The rates each of `userIds` pays in `market` of `product` at `now`, read through `q` when not
 * held. `db` keys what is held (one per database: the tests' databases stay apart).
 */
export async function feeRatesFor(db: object, q: Queryable, product: FeeProduct, market: string, userIds: readonly number[], now = Date.now()): Promise<Map<number, EffectiveRate>> {
  const h = await current(db, q);
  // The hot path: plain loops and map reads (bench/feeLookup.ts); a read only for users not held yet.
  let unknown: Set<number> | undefined;
  for (const id of userIds) if (!h.users.has(id)) (unknown ??= new Set()).add(id);
  if (unknown) {
    if (h.users.size + unknown.size > MAX_USERS) h.users.clear();
    for (const [id, user] of await readUsers(q, [...unknown])) h.users.set(id, user);
  }
  const out = new Map<number, EffectiveRate>();
  for (const id of userIds) if (!out.has(id)) out.set(id, rateOf(h, h.users.get(id) ?? NOBODY, product, market, now));
  return out;
}

/** One user's rate in one market (the order forms' preview, the Binance dialect). */
export async function feeRateOf(db: object, q: Queryable, product: FeeProduct, market: string, userId: number, now = Date.now()): Promise<EffectiveRate> {
  return (await feeRatesFor(db, q, product, market, [userId], now)).get(userId)!;
}

/** The schedule's rate for a market at tier 0, no override (what a signed-out page shows), from what is held. */
export async function scheduleRateOf(db: object, q: Queryable, product: FeeProduct, market: string, now = Date.now()): Promise<EffectiveRate> {
  const h = await current(db, q);
  return effectiveRate({ product, market, tier: 0, rows: h.rows, overrides: [], now, exempt: false });
}
