/**
 * bench:fees — what the fee lookup adds to a settlement (issue 52 §2): nanoseconds per user rate
 * lookup in the kernel's rate cache (server/kernel/platform/fees/feeRates.ts) once a user is held, as the spot
 * settlement calls it (spot/fees.ts `ratesFor`: a batch's makers and takers, parsed to exact rates),
 * over a schedule with tiers, per-pair rows and overrides. The tables are answered by a stand-in
 * (no database): the figure is the in-process cost the lookup adds per order, which is what must stay
 * flat; the version read it makes at most once a second is one small query per process, not per order.
 *
 *   npm run bench:fees            # FEE_BENCH_USERS (2000) traders, FEE_BENCH_ROUNDS (200) batches of 50 trades
 */
import type { Queryable } from '../server/kernel/platform/db/database';
import { feeRatesFor, forgetFeeRates } from '../server/kernel/platform/fees/feeRates';
import { ratesFor } from '../server/products/spot/fees';

const USERS = Number(process.env.FEE_BENCH_USERS ?? 2000);
const ROUNDS = Number(process.env.FEE_BENCH_ROUNDS ?? 200);
const BATCH = 50;
const NOW = Date.UTC(2026, 10, 27);

const tiers = Array.from({ length: 10 }, (_, t) => ({ tier: t, min_volume_usdt: String(t * 1_000_000) }));
const rows = [
  ...tiers.map((t) => ({ product: 'spot', market: '*', tier: t.tier, maker: String(0.001 - t.tier * 0.00008), taker: String(0.001 - t.tier * 0.00005) })),
  ...['BTC_USDT', 'ETH_USDT', 'SOL_USDT'].flatMap((m) => [0, 3, 6].map((tier) => ({ product: 'spot', market: m, tier, maker: '0.0007', taker: '0.0009' }))),
];

/** Answers the cache's statements as the tables would: the version, the schedules, and the users' rows. */
const stand: Queryable = {
  async query(sql: string, params?: unknown[]) {
    queries++;
    if (sql.includes('from fee_tier')) return tiers as never;
    if (sql.includes('from fee_schedule')) return rows as never;
    if (sql.includes('from app_user')) {
      return (params![0] as number[]).map((id) => ({
        id,
        kind: id % 97 === 0 ? 'market_maker' : 'user',
        volume: String((id * 7919) % 12_000_000),
        overrides: id % 50 === 0 ? [{ user_id: id, product: 'spot', market: 'BTC_USDT', maker: '-0.0001', taker: '0.0003', ends_ms: NOW + 86_400_000, note: '' }] : null,
      })) as never;
    }
    if (sql.includes('from fee_state')) return [{ version: '1' }] as never;
    throw new Error(`unexpected statement: ${sql}`);
  },
} as Queryable;

let queries = 0;
const db = {};
const ids = Array.from({ length: USERS }, (_, i) => i + 1);
const batches = Array.from({ length: ROUNDS }, (_, r) => Array.from({ length: BATCH * 2 }, (_, i) => ids[(r * 131 + i * 17) % USERS]!));

async function timed(label: string, lookup: (users: number[]) => Promise<unknown>) {
  forgetFeeRates(db);
  for (const users of batches) await lookup(users); // every user held, the version read
  const before = queries;
  const start = process.hrtime.bigint();
  for (const users of batches) await lookup(users);
  const ns = Number(process.hrtime.bigint() - start);
  const lookups = ROUNDS * BATCH * 2;
  console.log(`${label.padEnd(44)} ${(ns / lookups).toFixed(0).padStart(6)} ns per rate lookup (${lookups} lookups, ${(ns / ROUNDS / 1000).toFixed(1)} µs per ${BATCH}-trade batch, ${queries - before} statements)`);
}

// Before issue 52: one schedule for everyone, market makers exempt (the old spot/fees.ts ratesFor's work once held).
const exempt = new Map(ids.map((id) => [id, id % 97 === 0]));
const charged = { maker: { numerator: 1n, scale: 3 }, taker: { numerator: 1n, scale: 3 } };
const free = { maker: { numerator: 0n, scale: 0 }, taker: { numerator: 0n, scale: 0 } };
await timed('before: one schedule, exempt map (baseline)', async (users) => new Map(users.map((id) => [id, exempt.get(id) ? free : charged])));
await timed('kernel feeRatesFor (effective rate, held)', (users) => feeRatesFor(db, stand, 'spot', 'BTC_USDT', users, NOW));
await timed("spot ratesFor (parsed exact rates, as settle)", (users) => ratesFor(db, stand, 'BTC_USDT', users, NOW));
