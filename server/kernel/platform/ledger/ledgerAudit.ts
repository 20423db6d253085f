import type { Queryable } from '../db/database.js';
import { operatorAuditFindings } from '../auth/operators/auditLog.js';
import type { WalletAccount } from './ledger.js';

/**
 * What a product tells the audit. The kernel checks the ledger's own promises; only a product knows
 * which of its rows hold frozen funds, and what else its books promise.
 */
export interface LedgerHoldings {
  /** The accounts it keeps funds in besides the kernel's `spot` (its LedgerAccounts declaration). */
  kinds?: readonly WalletAccount[];
  /** What its rows hold frozen, per currency. */
  heldFunds?: readonly HeldFunds[];
  /** Its own promises, checked against the database; each finding a sentence. */
  auditFindings?(db: Queryable): Promise<string[]>;
}

/**
 * A SQL expression of what a product's open rows hold frozen in currency `c.symbol` (the audit
 * evaluates it once per row `c` of the currency table). It counts only once its `table` exists, so
 * the audit also runs on a database migrated to before the product came.
 */
export interface HeldFunds {
  table: string;
  sql: string;
}

/**
 * The ledger's promises, checked against the database (tests, the crash test, and operators after
 * an incident), with the products' contributions (server/products/audit.ts gathers them). Each
 * finding is a sentence; an empty list means the books balance:
 * 1. no balance is negative;
 * 2. every balance is explained by its ledger chain: each entry's "after" is the previous "after"
 *    plus its change, and the last "after" is the balance;
 * 3. per currency, what all accounts hold (users, market makers, the platform's own) equals what
 *    crossed the chain boundary: deposits credited minus withdrawals sent out; everything else
 *    only moves funds between accounts;
 * 4. per currency, frozen funds equal what the products' open rows hold (`heldFunds`: open orders,
 *    unfinished withdrawals, open contracts, escrow …);
 * 5. every balance is in an account some product declares (or the kernel's `spot`);
 * 6. each product's own promises (`auditFindings`);
 * 7. the operator audit log's hash chain is whole (kernel/platform/auth/operators/auditLog.ts): no row
 *    missing, none edited — who moved money by hand is part of the books.
 */
export const CHAIN_BOUNDARY_KINDS = ['deposit', 'withdraw_out'] as const;

export async function auditLedger(db: Queryable, holdings: readonly LedgerHoldings[]): Promise<string[]> {
  const findings: string[] = [];

  const negative = await db.query<{ user_id: number; currency: string; account: string }>(
    `select user_id, currency, account from balance where available < 0 or frozen < 0 limit 20`,
  );
  for (const n of negative) findings.push(`negative balance: user ${n.user_id} ${n.currency} ${n.account}`);

  const broken = await db.query<{ id: number; user_id: number; currency: string; account: string }>(
    `select id, user_id, currency, account from (
       select id, user_id, currency, account, available_after, frozen_after,
         lag(available_after, 1, 0::numeric) over w + available_change as expected_available,
         lag(frozen_after, 1, 0::numeric) over w + frozen_change as expected_frozen
       from ledger_entry window w as (partition by user_id, currency, account order by id)) chained
     where available_after <> expected_available or frozen_after <> expected_frozen limit 20`,
  );
  for (const b of broken) findings.push(`ledger chain broken at entry ${b.id} (user ${b.user_id} ${b.currency} ${b.account})`);

  const unexplained = await db.query<{ user_id: number; currency: string; account: string }>(
    `select b.user_id, b.currency, b.account from balance b
     left join lateral (select available_after, frozen_after from ledger_entry l
       where l.user_id = b.user_id and l.currency = b.currency and l.account = b.account order by id desc limit 1) last on true
     where (b.available, b.frozen) <> (coalesce(last.available_after, 0), coalesce(last.frozen_after, 0)) limit 20`,
  );
  for (const u of unexplained) findings.push(`balance not explained by its ledger: user ${u.user_id} ${u.currency} ${u.account}`);

  const totals = await db.query<{ currency: string; held: string; crossed: string }>(
    `select c.symbol as currency,
       trim_scale(coalesce((select sum(available + frozen) from balance b where b.currency = c.symbol), 0))::text as held,
       trim_scale(coalesce((select sum(available_change + frozen_change) from ledger_entry l
         where l.currency = c.symbol and l.kind = any($1::text[])), 0))::text as crossed
     from currency c`,
    [CHAIN_BOUNDARY_KINDS],
  );
  for (const t of totals) if (t.held !== t.crossed) findings.push(`${t.currency}: accounts hold ${t.held} but ${t.crossed} crossed the chain`);

  const held = await heldSql(db, holdings.flatMap((h) => h.heldFunds ?? []));
  const frozen = await db.query<{ currency: string; frozen: string; held: string }>(
    `select c.symbol as currency,
       trim_scale(coalesce((select sum(frozen) from balance b where b.currency = c.symbol), 0))::text as frozen,
       trim_scale(${held})::text as held
     from currency c`,
  );
  for (const f of frozen) if (f.frozen !== f.held) findings.push(`${f.currency}: ${f.frozen} frozen but open orders and withdrawals hold ${f.held}`);

  const declared = ['spot', ...holdings.flatMap((h) => h.kinds ?? [])];
  const undeclared = await db.query<{ account: string }>(`select distinct account from balance where account <> all($1::text[])`, [declared]);
  for (const u of undeclared) findings.push(`balances in account ${u.account}, which no product declares`);

  for (const h of holdings) if (h.auditFindings) findings.push(...(await h.auditFindings(db)));
  findings.push(...(await operatorAuditFindings(db)));
  return findings;
}

/** The products' held funds as one sum, each counted once its table exists. */
async function heldSql(db: Queryable, held: readonly HeldFunds[]): Promise<string> {
  if (held.length === 0) return '0';
  const tables = await db.query<{ name: string | null }>(`select to_regclass(t)::text as name from unnest($1::text[]) with ordinality as t(t, i) order by i`, [held.map((h) => h.table)]);
  return held.map((h, i) => (tables[i]?.name ? `(${h.sql})` : '0')).join(' + ');
}
