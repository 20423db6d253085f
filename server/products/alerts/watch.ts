import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import type { AlertCondition, AlertMarket } from '../../../domain/alerts.js';
import type { NotificationKind } from '../../../domain/informHelp.js';
import { listPairs } from '../../kernel/platform/catalogue.js';
import { PLAN_ONCE, type Database } from '../../kernel/platform/db/database.js';
import { notifyAll } from '../../kernel/platform/notifications/notify.js';
import { mailTradingNotices } from '../../kernel/platform/auth/securityNotices.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { TRADES_OF } from './alerts.js';

/** The notice of a triggered alert, by its market and condition. */
const NOTICE_KIND: Record<AlertMarket, Record<AlertCondition, NotificationKind>> = {
  spot: { above: 'price_alert_above', below: 'price_alert_below' },
  futures: { above: 'futures_price_alert_above', below: 'futures_price_alert_below' },
};

/**
 * How far back each sweep reads trades before the previous sweep's end: a trade is stamped with its
 * batch's time and committed after it, so one committed late is still seen. Reading a trade twice
 * changes nothing (an alert it triggered is no longer active).
 */
export const SWEEP_OVERLAP_MS = 5000;

/** The sweep's one statement ($1 since, $2 upto; $3, $4 the trading spot pairs' symbols, $5, $6 the trading contracts'); bench:alerts explains it. */
export const SWEEP_SQL = (() => {
  const futuresTraded = TRADES_OF.futures.traded;
  /** A market's highest and lowest trade of the window on each of its pairs ($n, $n+1: the pairs' symbols). */
  const moves = (market: AlertMarket, table: string, traded: string, n: number) => `
    select '${market}' as market, p.l as left_symbol, p.r as right_symbol, m.hi, m.lo from unnest($${n}::text[], $${n + 1}::text[]) as p(l, r)
    cross join lateral (select max(s.price) as hi, min(s.price) as lo from ${table} s
      where s.left_symbol = p.l and s.right_symbol = p.r and s.created_ms > $1 and s.created_ms <= $2 and ${traded}) m
    where m.hi is not null`;
  /** The alerts made inside the window on a market: each read on its own, with the trades after it. */
  const recent = (market: AlertMarket, table: string, traded: string) => `
    select a.id, x.crossed from price_alert a
    cross join lateral (select case when a.condition = 'above' then max(s.price) else min(s.price) end as crossed from ${table} s
      where s.left_symbol = a.left_symbol and s.right_symbol = a.right_symbol and s.created_ms > a.created_ms and s.created_ms <= $2 and ${traded}) x
    where a.status = 'active' and a.market = '${market}' and a.created_ms > $1
      and ((a.condition = 'above' and x.crossed >= a.price) or (a.condition = 'below' and x.crossed <= a.price))`;
  return `with moves as (${moves('spot', 'spot_trade', 'true', 3)}
       union all ${moves('futures', 'futures_trade', futuresTraded, 5)}
     ),
     hits as (
       -- Lateral (offset 0: not flattened into a join): each pair's own range of the index, the alerts its high or low reached.
       select a.id, m.hi as crossed from moves m cross join lateral (select a.id from price_alert a where a.status = 'active' and a.market = m.market
         and a.left_symbol = m.left_symbol and a.right_symbol = m.right_symbol and a.condition = 'above' and a.price <= m.hi and a.created_ms <= $1 offset 0) a
       union all
       select a.id, m.lo from moves m cross join lateral (select a.id from price_alert a where a.status = 'active' and a.market = m.market
         and a.left_symbol = m.left_symbol and a.right_symbol = m.right_symbol and a.condition = 'below' and a.price >= m.lo and a.created_ms <= $1 offset 0) a
       union all ${recent('spot', 'spot_trade', 'true')}
       union all ${recent('futures', 'futures_trade', futuresTraded)}
     )
     update price_alert a set status = 'triggered', ended_ms = $2, triggered_price = h.crossed from hits h where a.id = h.id and a.status = 'active'
     returning a.user_id::text as user_id, a.market, a.left_symbol || '/' || a.right_symbol as symbol, a.condition, trim_scale(a.price)::text as price, trim_scale(h.crossed)::text as crossed`;
})();

/**
 * One sweep: every active alert whose spot pair or contract (one that trades: a delisted one's
 * alerts wait) traded at or beyond its price in (since, upto] — the
 * pair's highest trade for a rise, lowest for a fall, so a spike between two sweeps counts — ends
 * as triggered with that price, and its owner is told (a notice in their language, written in the
 * same transaction; the bell rung after the commit). An alert created inside the window counts
 * only the trades after its creation. The update's `status = 'active'` makes each alert end once,
 * even against a cancel or a second sweeper. Answers how many were triggered.
 */
export async function sweepAlerts(db: Database, feed: UserFeed, since: number, upto: number): Promise<number> {
  // Most seconds of most days no alert is active: one read planned once instead of a transaction
  // whose statement took 4.4 ms of the database's time to plan, each second (bench:pipeline
  // BENCH_PG_STATS=1). Read after `upto` was taken, so an alert made after it counts only trades the
  // next sweep's window holds.
  const [active] = await db.query<{ any: boolean }>(`select exists (select 1 from price_alert where status = 'active') as any`, [], PLAN_ONCE);
  if (!active?.any) return 0;
  const all = await listPairs(db);
  const spot = all.filter((p) => p.trade_status === 1);
  const contracts = all.filter((p) => p.contract_status === 1);
  const triggered = await db.transaction(async (tx) => {
    // Per pair its highest and lowest trade of the window (its time index); then, through the
    // active alerts' (pair, condition, price) index, only the alerts those reached.
    const rows = await tx.query<{ user_id: string; market: AlertMarket; symbol: string; condition: 'above' | 'below'; price: string; crossed: string }>(
      SWEEP_SQL,
      [since, upto, spot.map((p) => p.left_symbol), spot.map((p) => p.right_symbol), contracts.map((p) => p.left_symbol), contracts.map((p) => p.right_symbol)],
    );
    const notices = rows.map((r) => ({ userId: Number(r.user_id), kind: NOTICE_KIND[r.market][r.condition], params: { symbol: r.symbol, price: r.price, traded: r.crossed } }));
    await notifyAll(tx, notices);
    return notices;
  });
  for (const userId of new Set(triggered.map((n) => n.userId))) feed.message?.(userId, NOTICE_PUSH);
  // Not awaited: the next sweep does not wait for the mail (securityNotices.ts; the user's switch decides).
  if (triggered.length > 0) void mailTradingNotices(db, triggered);
  return triggered.length;
}

/** The sweeps one after another: each from its predecessor's end, less the overlap. */
export function alertSweeper(db: Database, feed: UserFeed, clock: () => number) {
  let last = clock();
  return async (): Promise<number> => {
    const upto = clock();
    const count = await sweepAlerts(db, feed, last - SWEEP_OVERLAP_MS, upto);
    last = upto;
    return count;
  };
}
