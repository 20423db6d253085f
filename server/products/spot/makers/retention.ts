import type { Database } from '../../../kernel/platform/db/database.js';
import { CHAIN_BOUNDARY_KINDS } from '../../../kernel/platform/ledger/ledgerAudit.js';

/**
 * Retention of the market makers' history, so that quoting does not fill the disk. A quoter
 * replaces levels all day: most of its orders are cancelled without a fill, and each leaves an
 * order row and two ledger entries (freeze, unfreeze). Past `keptMs`:
 *
 * - its cancelled orders without a fill are deleted (no trade refers to them: a fill is a trade);
 * - the ledger entries of each of its balances after its last chain-boundary entry (its funding)
 *   are folded into one entry of kind `folded`, which keeps the id and the balance after the last
 *   one it replaces and whose change is the sum of theirs — so every chain still adds up, every
 *   "after" is still the balance at that point, and what crossed the chain boundary is untouched.
 *
 * Past `tradesKeptMs` (two days by default, beyond the 24 hours a market restores its statistics
 * and latest trades from), trades between two market-maker accounts — the makers' taker hitting
 * their own ladder, which no user took part in — are deleted too, and then the makers' finished
 * orders that no trade names any more. Candles keep the price history.
 *
 * Every user's order, every trade a user took part in (and so every order such a trade names) and
 * every user's ledger entry is kept.
 */
export const MAKER_HISTORY_KEPT_MS = 60 * 60_000;
export const MAKER_TRADES_KEPT_MS = 48 * 60 * 60_000;

export interface RetentionWindows {
  /** Market-maker order rows cancelled without a fill, and ledger entries: an hour by default. */
  keptMs?: number;
  /** Trades between two market-maker accounts, and their orders: two days by default. */
  tradesKeptMs?: number;
}

export async function foldMakerHistory(
  db: Database,
  makerIds: readonly number[],
  now: number,
  { keptMs = MAKER_HISTORY_KEPT_MS, tradesKeptMs = MAKER_TRADES_KEPT_MS }: RetentionWindows = {},
): Promise<{ orders: number; entries: number; trades: number }> {
  if (makerIds.length === 0) return { orders: 0, entries: 0, trades: 0 };
  const before = now - keptMs;
  return db.transaction(async (tx) => {
    const makers = [...makerIds];
    const trades = await tx.query(
      `delete from spot_trade where maker_user_id = any($1::bigint[]) and taker_user_id = any($1::bigint[]) and created_ms < $2 returning 1 as one`,
      [makers, now - tradesKeptMs],
    );
    const orders = await tx.query(
      `delete from spot_order o where o.user_id = any($1::bigint[]) and o.status in (3, 4) and o.updated_ms < $2
         and (o.filled = 0 or (o.updated_ms < $3
           and not exists (select 1 from spot_trade t where t.maker_order_id = o.id)
           and not exists (select 1 from spot_trade t where t.taker_order_id = o.id)))
       returning 1 as one`,
      [makers, before, now - tradesKeptMs],
    );
    const [cut] = await tx.query<{ id: number | null }>(`select max(id) as id from ledger_entry where created_at < to_timestamp($1::double precision / 1000)`, [before]);
    const cutoff = Number(cut?.id ?? 0);
    if (cutoff === 0) return { orders: orders.length, entries: 0, trades: trades.length };
    // Per balance: the entries after its last boundary entry, up to the cutoff, when there are two or more.
    const ranges = await tx.query<{ user_id: number; currency: string; account: string; first_id: number; last_id: number }>(
      `with bounds as (
         select user_id, currency, account, coalesce(max(id) filter (where kind = any($3::text[])), 0) as boundary
         from ledger_entry where user_id = any($1::bigint[]) and id <= $2 group by user_id, currency, account)
       select l.user_id, l.currency, l.account, min(l.id) as first_id, max(l.id) as last_id
       from ledger_entry l join bounds b on b.user_id = l.user_id and b.currency = l.currency and b.account = l.account
       where l.id > b.boundary and l.id <= $2
       group by l.user_id, l.currency, l.account having count(*) > 1`,
      [[...makerIds], cutoff, [...CHAIN_BOUNDARY_KINDS]],
    );
    let entries = 0;
    for (const r of ranges) {
      const balance = [r.user_id, r.currency, r.account];
      const [previous] = await tx.query<{ available_after: string; frozen_after: string }>(
        `select available_after::text, frozen_after::text from ledger_entry
         where user_id = $1 and currency = $2 and account = $3 and id < $4 order by id desc limit 1`,
        [...balance, r.first_id],
      );
      await tx.query(
        `update ledger_entry set kind = 'folded', ref_type = 'ledger_fold', ref_id = null,
           available_change = available_after - $2::numeric, frozen_change = frozen_after - $3::numeric
         where id = $1`,
        [r.last_id, previous?.available_after ?? '0', previous?.frozen_after ?? '0'],
      );
      const removed = await tx.query(
        `delete from ledger_entry where user_id = $1 and currency = $2 and account = $3 and id >= $4 and id < $5 returning 1 as one`,
        [...balance, r.first_id, r.last_id],
      );
      entries += removed.length;
    }
    return { orders: orders.length, entries, trades: trades.length };
  });
}
