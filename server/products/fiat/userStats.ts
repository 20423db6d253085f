import type { Queryable } from '../../kernel/platform/db/database.js';

/**
 * Each user's finished P2P orders recounted from fiat_order, as the counters of fiat_user_stats
 * (migration 074) must hold them: both parties of every order that ended, 'completed' counted in
 * both columns, 'cancelled' in `finished` alone.
 */
export const RECOUNT_SQL = `select party as user_id, count(*) filter (where status = 'completed') as completed, count(*) as finished
  from (select buyer_id as party, status from fiat_order where status in ('completed', 'cancelled')
        union all select seller_id, status from fiat_order where status in ('completed', 'cancelled')) finished_orders
  group by party`;

/**
 * The counters' promise, for the ledger audit (fiat's `auditFindings`): every user's counters
 * equal the recount, so the ad list's figures are the orders' own. Run by the tests after each
 * scenario (races included) and by operators after an incident. Nothing on a database migrated
 * to before the counters existed.
 */
export async function userStatsFindings(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('fiat_user_stats')::text as name`);
  if (!table?.name) return [];
  const wrong = await db.query<{ user_id: string; kept: string; counted: string }>(
    `select coalesce(s.user_id, r.user_id)::text as user_id,
       coalesce(s.completed, 0) || '/' || coalesce(s.finished, 0) as kept, coalesce(r.completed, 0) || '/' || coalesce(r.finished, 0) as counted
     from fiat_user_stats s full join (${RECOUNT_SQL}) r on r.user_id = s.user_id
     where coalesce(s.completed, 0) <> coalesce(r.completed, 0) or coalesce(s.finished, 0) <> coalesce(r.finished, 0)
     order by 1 limit 20`,
  );
  return wrong.map((w) => `P2P record of user ${w.user_id}: completed/finished kept ${w.kept} but its orders count ${w.counted}`);
}
