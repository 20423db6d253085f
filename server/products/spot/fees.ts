import type { SpotFeeRate } from '../../../domain/spotOrders.js';
import type { Queryable } from '../../kernel/db/database.js';

/**
 * The spot fee rule: each side of a trade pays its rate (maker or taker) on what it receives — a
 * buyer in base, a seller in quote — rounded down to three decimals finer than the pair's units, so a fee never exceeds its
 * exact value and rounding never creates money. Market-maker accounts pay nothing, so the seeded
 * liquidity does not bleed into the platform's fee account.
 */

/** The schedule as stored (migration 009), trailing zeros trimmed. */
export async function readFeeSchedule(db: Queryable): Promise<SpotFeeRate> {
  const [row] = await db.query<SpotFeeRate>(`select trim_scale(maker)::text as maker, trim_scale(taker)::text as taker from spot_fee_schedule where id = 1`);
  return row ?? { maker: '0', taker: '0' };
}

/** A rate as an exact fraction: numerator over 10^scale. */
export interface Rate {
  numerator: bigint;
  scale: number;
}

export const ZERO_RATE: Rate = { numerator: 0n, scale: 0 };

export function parseRate(text: string): Rate {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`malformed fee rate ${text}`);
  const frac = match[2] ?? '';
  return { numerator: BigInt(match[1]! + frac), scale: frac.length };
}

/** rate × units, rounded down to whole units. */
export function feeUnits(units: bigint, rate: Rate): bigint {
  if (rate.numerator === 0n || units <= 0n) return 0n;
  return (units * rate.numerator) / 10n ** BigInt(rate.scale);
}

export interface FeeRates {
  maker: Rate;
  taker: Rate;
}

const exempt = new WeakMap<object, Map<number, boolean>>();

/**
 * How long the schedule read for a settlement is reused. It was one of the ten statements of every
 * trading batch; it changes only when an operator edits `spot_fee_schedule`, and then applies to
 * trades within this time (as a pair's trading switch does, spot/trading.ts `pairStatusMs`).
 */
export const FEE_SCHEDULE_MS = 1000;
const schedules = new WeakMap<object, { readAt: number; schedule: SpotFeeRate }>();

/** Drops the remembered schedule of `db`, so the next settlement reads it (after an edit, in tests and tools). */
export function forgetFeeSchedule(db: object): void {
  schedules.delete(db);
}

async function feeSchedule(db: object, tx: Queryable): Promise<SpotFeeRate> {
  const known = schedules.get(db);
  const now = Date.now();
  if (known && now - known.readAt < FEE_SCHEDULE_MS) return known.schedule;
  const schedule = await readFeeSchedule(tx);
  schedules.set(db, { readAt: now, schedule });
  return schedule;
}

/**
 * The rates each of `userIds` pays, read through `tx`. Whether an account is exempt (a market
 * maker) never changes, so it is cached per database; the schedule is reused for FEE_SCHEDULE_MS.
 */
export async function ratesFor(db: object, tx: Queryable, userIds: readonly number[]): Promise<Map<number, FeeRates>> {
  const known = exempt.get(db) ?? new Map<number, boolean>();
  exempt.set(db, known);
  const unknown = [...new Set(userIds)].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const rows = await tx.query<{ id: number; kind: string }>('select id, kind from app_user where id = any($1::bigint[])', [unknown]);
    for (const r of rows) known.set(Number(r.id), r.kind === 'market_maker');
  }
  const paying = userIds.some((id) => known.get(id) === false);
  const schedule = paying ? await feeSchedule(db, tx) : { maker: '0', taker: '0' };
  const charged: FeeRates = { maker: parseRate(schedule.maker), taker: parseRate(schedule.taker) };
  const free: FeeRates = { maker: ZERO_RATE, taker: ZERO_RATE };
  return new Map(userIds.map((id) => [id, known.get(id) === false ? charged : free]));
}
