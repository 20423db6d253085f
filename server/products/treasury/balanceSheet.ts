import type { BalanceSheet, BalanceSheetRow } from '../../../domain/treasury.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { FUTURES_CURRENCY } from '../../../domain/futures/api.js';
import { CHAIN_KINDS } from './accounts.js';

/**
 * Each open futures position's equity at its pair's last published mark, per user: the proof of
 * liabilities' FUTURES_EQUITY_SQL (server/products/liabilities/liabilities.ts), repeated here as
 * products import no product; tests/server/futures/liabilities.test.ts holds the two equal.
 */
const FUTURES_EQUITY_SQL = `select p.user_id, '${FUTURES_CURRENCY}'::text as currency,
    round(p.margin - p.cost + coalesce(p.side * p.quantity * m.mark_price, p.cost), 18) as amount
  from futures_position p left join futures_mark m on m.left_symbol = p.left_symbol and m.right_symbol = p.right_symbol
  where p.side <> 0`;

/**
 * User liabilities against the exchange's holdings, per currency, in one statement (one consistent
 * read). The rules are the ones the books are held to elsewhere, not new ones:
 * - `users`: every balance (available + frozen, all wallet accounts) of an account of kind 'user',
 *   and their open futures positions' equity held in the futures pool (FUTURES_EQUITY_SQL), as the
 *   proof of liabilities sums its leaves (server/products/liabilities/liabilities.ts `userBalances`;
 *   the tests compare the two);
 * - `house`: every other balance — the platform's system accounts, market makers, operators — less
 *   the users' equity in the pool (the pool's balance is theirs as far as their positions go);
 * - `holdings`: what crossed the chain boundary, deposits credited plus withdrawals sent out (the
 *   ledger kinds of kernel/platform/ledger/ledgerAudit.ts CHAIN_BOUNDARY_KINDS);
 * - `difference` = holdings − users − house: the ledger audit's rule 3 ("accounts hold what crossed
 *   the chain"), so it is zero in every currency exactly when that finding is absent.
 */
export async function readBalanceSheet(q: Queryable, now: number): Promise<BalanceSheet> {
  const rows = await q.query<BalanceSheetRow>(
    `with pool as (${FUTURES_EQUITY_SQL}),
     figures as (
       select c.symbol as currency,
         coalesce((select sum(l.available_change + l.frozen_change) from ledger_entry l where l.currency = c.symbol and l.kind = $1), 0) as deposits,
         coalesce((select sum(l.available_change + l.frozen_change) from ledger_entry l where l.currency = c.symbol and l.kind = $2), 0) as withdrawals,
         coalesce((select sum(b.available + b.frozen) from balance b join app_user u on u.id = b.user_id where b.currency = c.symbol and u.kind = 'user'), 0)
           + coalesce((select sum(e.amount) from pool e join app_user u on u.id = e.user_id where e.currency = c.symbol and u.kind = 'user'), 0) as users,
         coalesce((select sum(b.available + b.frozen) from balance b left join app_user u on u.id = b.user_id where b.currency = c.symbol and u.kind is distinct from 'user'), 0)
           - coalesce((select sum(e.amount) from pool e join app_user u on u.id = e.user_id where e.currency = c.symbol and u.kind = 'user'), 0) as house
       from currency c)
     select currency, trim_scale(deposits)::text as deposits, trim_scale(withdrawals)::text as withdrawals,
       trim_scale(deposits + withdrawals)::text as holdings, trim_scale(users)::text as users, trim_scale(house)::text as house,
       trim_scale(deposits + withdrawals - users - house)::text as difference
     from figures order by currency`,
    [CHAIN_KINDS[0], CHAIN_KINDS[1]],
  );
  return { at: now, rows };
}
