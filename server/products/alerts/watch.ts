import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';

/**
 * How far back each sweep reads trades before the previous sweep's end: a trade is stamped with its
 * batch's time and committed after it, so one committed late is still seen. Reading a trade twice
 * changes nothing (an alert it triggered is no longer active).
 */
export const SWEEP_OVERLAP_MS = 5000;

/**
 * One sweep: every active alert whose pair traded at or beyond its price in (since, upto] — the
 * pair's highest trade for a rise, lowest for a fall, so a spike between two sweeps counts — ends
 * as triggered with that price, and its owner is told (a notice in their language, written in the
 * same transaction; the bell rung after the commit). An alert created inside the window counts
 * only the trades after its creation. The update's `status = 'active'` makes each alert end once,
 * even against a cancel or a second sweeper. Answers how many were triggered.
 */
export async function sweepAlerts(db: Database, feed: UserFeed, since: number, upto: number): Promise<number> {
  const triggered = await db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: string; symbol: string; condition: 'above' | 'below'; price: string; crossed: string }>(
      `with pairs as (select distinct left_symbol, right_symbol from price_alert where status = 'active'),
       moves as (
         select p.left_symbol, p.right_symbol, m.hi, m.lo from pairs p
         cross join lateral (select max(price) as hi, min(price) as lo from spot_trade s
           where s.left_symbol = p.left_symbol and s.right_symbol = p.right_symbol and s.created_ms > $1 and s.created_ms <= $2) m
         where m.hi is not null
       ),
       hits as (
         select a.id, case when a.condition = 'above' then m.hi else m.lo end as crossed
         from price_alert a join moves m on m.left_symbol = a.left_symbol and m.right_symbol = a.right_symbol
         where a.status = 'active' and a.created_ms <= $1 and ((a.condition = 'above' and m.hi >= a.price) or (a.condition = 'below' and m.lo <= a.price))
         union all
         select a.id, m.crossed from price_alert a
         join moves on moves.left_symbol = a.left_symbol and moves.right_symbol = a.right_symbol
         cross join lateral (select case when a.condition = 'above' then max(s.price) else min(s.price) end as crossed from spot_trade s
           where s.left_symbol = a.left_symbol and s.right_symbol = a.right_symbol and s.created_ms > a.created_ms and s.created_ms <= $2) m
         where a.status = 'active' and a.created_ms > $1 and ((a.condition = 'above' and m.crossed >= a.price) or (a.condition = 'below' and m.crossed <= a.price))
       )
       update price_alert a set status = 'triggered', ended_ms = $2, triggered_price = h.crossed from hits h where a.id = h.id and a.status = 'active'
       returning a.user_id::text as user_id, a.left_symbol || '/' || a.right_symbol as symbol, a.condition, trim_scale(a.price)::text as price, trim_scale(h.crossed)::text as crossed`,
      [since, upto],
    );
    for (const r of rows) {
      await notify(tx, Number(r.user_id), { kind: r.condition === 'above' ? 'price_alert_above' : 'price_alert_below', params: { symbol: r.symbol, price: r.price, traded: r.crossed } });
    }
    return rows;
  });
  for (const userId of new Set(triggered.map((r) => Number(r.user_id)))) feed.message?.(userId, NOTICE_PUSH);
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
