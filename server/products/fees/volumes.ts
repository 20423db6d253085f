import { DAY_MS, VOLUME_DAYS } from '../../../domain/fees.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { cacheChanged } from '../../kernel/platform/caches.js';
import { FEE_RATES_CACHE } from '../../kernel/platform/fees/feeRates.js';

/** Volume rows kept: two windows, for the desk's look back; older ones go at each computation. */
const KEEP_DAYS = 2 * VOLUME_DAYS;

/**
 * Each user's traded volume in USDT over the VOLUME_DAYS days before `dayMs` (a UTC midnight), as
 * Binance computes its VIP tiers: every spot trade counts for both its maker and its taker at its
 * quote amount (a quote other than USDT at the currencies' reference prices), every futures trade
 * for both orders' owners at its notional. Written as the day's rows, which then are the volumes in
 * force (fee_state.volume_day_ms), and bumps the version so every process's rate cache reloads.
 * Runs in `tx` (the daily loop, or an operator or a test on demand); answers the users counted.
 */
export async function computeVolumes(tx: Queryable, dayMs: number): Promise<number> {
  const from = dayMs - VOLUME_DAYS * DAY_MS;
  await tx.query('delete from fee_volume where day_ms = $1 or day_ms < $2', [dayMs, dayMs - KEEP_DAYS * DAY_MS]);
  const [row] = await tx.query<{ n: string | number }>(
    `with spot as (
       select t.maker_user_id, t.taker_user_id,
         t.price * t.quantity * case when t.right_symbol = 'USDT' then 1 else coalesce(q.price / nullif(u.price, 0), 0) end as usdt
       from spot_trade t
       left join currency q on q.symbol = t.right_symbol
       left join currency u on u.symbol = 'USDT'
       where t.created_ms >= $2 and t.created_ms < $1
     ), futures as (
       select m.user_id as maker_user_id, k.user_id as taker_user_id, t.price * t.quantity as usdt
       from futures_trade t join futures_order m on m.id = t.maker_order_id join futures_order k on k.id = t.taker_order_id
       where t.created_ms >= $2 and t.created_ms < $1
     ), sides as (
       select maker_user_id as user_id, usdt from spot union all select taker_user_id, usdt from spot
       union all select maker_user_id, usdt from futures union all select taker_user_id, usdt from futures
     ), written as (
       insert into fee_volume (user_id, day_ms, volume_usdt)
       select user_id, $1, round(sum(usdt), 18) from sides group by user_id having sum(usdt) > 0
       returning user_id
     )
     select count(*) as n from written`,
    [dayMs, from],
  );
  await tx.query('update fee_state set version = version + 1, volume_day_ms = $1 where id = 1', [dayMs]);
  // Heard by every process at the commit (kernel/platform/caches.ts).
  await cacheChanged(tx, FEE_RATES_CACHE);
  return Number(row?.n ?? 0);
}

/** The day in force and a user's volume on it ('0' without a row). */
export async function volumeOf(q: Queryable, userId: number): Promise<{ dayMs: number | null; volume: string }> {
  const [row] = await q.query<{ day_ms: string | null; volume: string | null }>(
    `select s.volume_day_ms::text as day_ms, (select trim_scale(v.volume_usdt)::text from fee_volume v where v.user_id = $1 and v.day_ms = s.volume_day_ms) as volume
     from fee_state s where s.id = 1`,
    [userId],
  );
  return { dayMs: row?.day_ms == null ? null : Number(row.day_ms), volume: row?.volume ?? '0' };
}
