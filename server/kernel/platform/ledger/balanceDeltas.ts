import { failUnlessEqual } from '../db/statementChecks.js';
import type { StatementParams } from '../db/statementParams.js';
import type { BalanceChange } from './ledger.js';

/**
 * Balance changes and their ledger entries as common table expressions of ONE statement that also
 * locks the rows: for a stage that needs no decision on the balances before writing them (a market's
 * settlement: what a trade moves was frozen when its orders were recorded), so the statement can
 * commit on its own, holding the balance rows' locks only while it runs — no round trip with the
 * hottest rows of the exchange (every trader's quote currency, the platform's fee rows) locked.
 *
 * The rows are locked in the canonical order every stage uses (user, currency, account; the shared
 * `lastUserId` account's rows last), so concurrent stages cannot deadlock, and each is written
 * relative to itself (`available + change`). A balance that would go negative fails the statement on
 * the table's check constraints, so nothing of it is written. A row that does not exist yet (a
 * user's first credit in a currency) also fails it, with BALANCE_ROWS_MISSING in the message:
 * the caller makes the rows (ledgerBatch.ts `makeBalanceRows`) and runs the statement again. Ledger entries keep
 * the order of the changes, and each carries the balance after it: the row's new value less the
 * changes to it that come later in the batch.
 *
 * The changes are, in this order: `changes`; then the rows of `derived`, a select over earlier
 * expressions of the same statement (a settlement's releases of what finished orders still held)
 * answering `user_id, currency, account, kind, available_change, frozen_change, ref_type, ref_id,
 * ord` with `ord` counting on from `firstOrd` (an SQL expression: a parameter); then `trailing` (the fee rows).
 * Answers the expressions `balance_changes`, `balance_totals`, `balance_locked`, `balance_written`,
 * `balance_entered`, and `check` — a condition for the statement's final select, which must
 * evaluate it (`select … where ${check}`).
 */
export const BALANCE_ROWS_MISSING = 'openex balance rows missing';

export function balanceDeltas(
  params: StatementParams,
  parts: {
    changes: readonly BalanceChange[];
    derived?: (firstOrd: string) => string;
    trailing?: readonly BalanceChange[];
    lastUserId?: number;
  },
): { ctes: string; check: string } {
  const changes = parts.changes;
  const trailing = parts.trailing ?? [];
  const given = [...changes, ...trailing];
  // Trailing changes come after every derived one, whatever their number.
  const trailingFrom = 2 ** 40;
  const ords = [...changes.map((_, i) => i + 1), ...trailing.map((_, i) => trailingFrom + i)];
  const $ = (value: unknown, type: string) => `${params.add(value)}::${type}`;
  const column = <T>(pick: (c: BalanceChange) => T) => given.map(pick);
  const listed = `select * from unnest(${$(column((c) => c.userId), 'bigint[]')}, ${$(column((c) => c.currency), 'text[]')}, ${$(column((c) => c.account), 'text[]')},
         ${$(column((c) => c.kind), 'text[]')}, ${$(column((c) => c.available), 'numeric[]')}, ${$(column((c) => c.frozen), 'numeric[]')},
         ${$(column((c) => c.refType), 'text[]')}, ${$(column((c) => c.refId), 'bigint[]')}, ${$(ords, 'bigint[]')})
         as t(user_id, currency, account, kind, available_change, frozen_change, ref_type, ref_id, ord)`;
  // A parameter, not a literal: the statement's text must not change with the batch, or every
  // batch size is a statement of its own to prepare and plan on every connection (postgres.ts).
  const derived = parts.derived ? `\n       union all ${parts.derived($(changes.length + 1, 'bigint'))}` : '';
  // The locking select sorts before it locks (the lock sits above the sort in the plan), and the
  // update only reaches rows through it: every row is locked in canonical order.
  const ctes = `balance_changes as (
       ${listed}${derived}
     ), balance_totals as (
       select user_id, currency, account, sum(available_change) as available, sum(frozen_change) as frozen
       from balance_changes group by user_id, currency, account
     ), balance_locked as (
       select b.user_id, b.currency, b.account from balance b join balance_totals t using (user_id, currency, account)
       order by b.user_id = ${$(parts.lastUserId ?? -1, 'bigint')}, b.user_id, b.currency, b.account
       for update of b
     ), balance_written as (
       update balance b set available = b.available + t.available, frozen = b.frozen + t.frozen
       from balance_locked l join balance_totals t using (user_id, currency, account)
       where b.user_id = l.user_id and b.currency = l.currency and b.account = l.account
       returning b.user_id, b.currency, b.account, b.available, b.frozen
     ), balance_entered as (
       insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
       select c.user_id, c.currency, c.account, c.kind, c.available_change, c.frozen_change,
         w.available - coalesce(sum(c.available_change) over later, 0),
         w.frozen - coalesce(sum(c.frozen_change) over later, 0),
         c.ref_type, c.ref_id
       from balance_changes c join balance_written w using (user_id, currency, account)
       window later as (partition by c.user_id, c.currency, c.account order by c.ord rows between 1 following and unbounded following)
       order by c.ord
     )`;
  // A row missing means a change would go unwritten: fail the statement.
  const check = failUnlessEqual('select count(*) from balance_written', 'select count(*) from balance_totals', BALANCE_ROWS_MISSING);
  return { ctes, check };
}
