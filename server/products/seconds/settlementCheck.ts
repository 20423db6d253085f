import type { Queryable } from '../../kernel/platform/db/database.js';

/** A settlement's owner whose ledger does not match the contracts it settled. */
export interface SettlementMismatch {
  settlement_id: string;
  user_id: string;
  entries: number;
  expected_available: string | null;
  booked_available: string | null;
}

/**
 * The exactly-once check of seconds settlement, for the tests and bench:seconds: every owner of
 * every settlement has exactly one `seconds_settle` ledger entry for it, and that entry's changes
 * are what the owner's contracts of that settlement add up to (win: stake + profit, draw: stake,
 * loss: nothing, back into available; every stake out of frozen). Empty when all is well.
 */
export async function settlementMismatches(q: Queryable): Promise<SettlementMismatch[]> {
  return q.query<SettlementMismatch>(
    `with expected as (
       select settlement_id, user_id,
         sum(case outcome when 'win' then stake + profit when 'draw' then stake else 0 end) as available, -sum(stake) as frozen
       from seconds_contract_view where settlement_id is not null group by settlement_id, user_id),
     booked as (
       select ref_id as settlement_id, user_id, count(*)::int as entries, sum(available_change) as available, sum(frozen_change) as frozen
       from ledger_entry where ref_type = 'seconds_settlement' and kind = 'seconds_settle' group by ref_id, user_id)
     select coalesce(e.settlement_id, b.settlement_id)::text as settlement_id, coalesce(e.user_id, b.user_id)::text as user_id,
       coalesce(b.entries, 0) as entries, trim_scale(e.available)::text as expected_available, trim_scale(b.available)::text as booked_available
     from expected e full join booked b on b.settlement_id = e.settlement_id and b.user_id = e.user_id
     where b.entries is distinct from 1 or e.available is distinct from b.available or e.frozen is distinct from b.frozen
     order by 1, 2 limit 20`,
  );
}
