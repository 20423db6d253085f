import type { BalanceSheet, BalanceSheetRow } from '../../../domain/treasury.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { CHAIN_KINDS } from './accounts.js';

/**
 * User liabilities against the exchange's holdings, per currency, in one statement (one consistent
 * read). The rules are the ones the books are held to elsewhere, not new ones:
 * - `users`: every balance (available + frozen, all wallet accounts) of an account of kind 'user',
 *   as the proof of liabilities sums its leaves (server/products/liabilities/liabilities.ts
 *   `userBalances`; the test compares the two);
 * - `house`: every other balance — the platform's system accounts, market makers, operators;
 * - `holdings`: what crossed the chain boundary, deposits credited plus withdrawals sent out (the
 *   ledger kinds of kernel/platform/ledger/ledgerAudit.ts CHAIN_BOUNDARY_KINDS);
 * - `difference` = holdings − users − house: the ledger audit's rule 3 ("accounts hold what crossed
 *   the chain"), so it is zero in every currency exactly when that finding is absent.
 */
export async function readBalanceSheet(q: Queryable, now: number): Promise<BalanceSheet> {
  const rows = await q.query<BalanceSheetRow>(
    `with figures as (
       select c.symbol as currency,
         coalesce((select sum(l.available_change + l.frozen_change) from ledger_entry l where l.currency = c.symbol and l.kind = $1), 0) as deposits,
         coalesce((select sum(l.available_change + l.frozen_change) from ledger_entry l where l.currency = c.symbol and l.kind = $2), 0) as withdrawals,
         coalesce((select sum(b.available + b.frozen) from balance b join app_user u on u.id = b.user_id where b.currency = c.symbol and u.kind = 'user'), 0) as users,
         coalesce((select sum(b.available + b.frozen) from balance b left join app_user u on u.id = b.user_id where b.currency = c.symbol and u.kind is distinct from 'user'), 0) as house
       from currency c)
     select currency, trim_scale(deposits)::text as deposits, trim_scale(withdrawals)::text as withdrawals,
       trim_scale(deposits + withdrawals)::text as holdings, trim_scale(users)::text as users, trim_scale(house)::text as house,
       trim_scale(deposits + withdrawals - users - house)::text as difference
     from figures order by currency`,
    [CHAIN_KINDS[0], CHAIN_KINDS[1]],
  );
  return { at: now, rows };
}
