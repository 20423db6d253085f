import type { Queryable } from '../db/database.js';

/**
 * The accounts a user's balance can be in. The kernel's own is `spot`, every user's main account
 * (the balance table's default; deposits land there). A product that keeps funds in an account of
 * its own adds it in its ledger.ts by declaration merging and lists it in its declaration
 * (`ledger.kinds`), as products widen the message catalogue:
 *
 *   declare module '../../kernel/platform/ledger/ledger.js' { interface LedgerAccounts { earn: true } }
 *
 * The balance table's check constraint names them too, so a new kind also takes a migration.
 */
export interface LedgerAccounts {
  spot: true;
}
export type WalletAccount = keyof LedgerAccounts;

export interface BalanceChange {
  userId: number;
  currency: string;
  account: WalletAccount;
  /** Signed decimal strings; the balance must stay non-negative. */
  available: string;
  frozen: string;
  kind: string;
  refType: string;
  refId: number | null;
}

/** A change would make a balance negative. Raised inside a transaction, it rolls the whole of it back. */
export class InsufficientFunds extends Error {
  constructor(readonly currency: string) {
    super(`insufficient ${currency}`);
  }
}

const CHECK_VIOLATION = '23514';

const LEDGER_INSERT = `insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
  select $1, $2, $3, $6, $4::numeric, $5::numeric, changed.available, changed.frozen, $7, $8 from changed
  returning trim_scale(available_after)::text as available, trim_scale(frozen_after)::text as frozen`;

/**
 * Applies one balance change and writes its ledger entry with the resulting balance, inside the
 * caller's transaction. The update locks the row, and the table's non-negative checks refuse an
 * overdraft even under concurrency. (Not an upsert: PostgreSQL checks the proposed row of an
 * INSERT ... ON CONFLICT before it sees the conflict, which would refuse every debit.)
 */
export async function changeBalance(tx: Queryable, c: BalanceChange): Promise<{ available: string; frozen: string }> {
  const params = [c.userId, c.currency, c.account, c.available, c.frozen, c.kind, c.refType, c.refId];
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      const updated = await tx.query<{ available: string; frozen: string }>(
        `with changed as (
           update balance set available = available + $4::numeric, frozen = frozen + $5::numeric
           where user_id = $1 and currency = $2 and account = $3
           returning available, frozen)
         ${LEDGER_INSERT}`,
        params,
      );
      if (updated[0]) return updated[0];
      // No row yet: create it with the change itself (a debit on no balance fails the check).
      const inserted = await tx.query<{ available: string; frozen: string }>(
        `with changed as (
           insert into balance (user_id, currency, account, available, frozen) values ($1, $2, $3, $4::numeric, $5::numeric)
           on conflict do nothing
           returning available, frozen)
         ${LEDGER_INSERT}`,
        params,
      );
      if (inserted[0]) return inserted[0];
      // Another transaction created the row between the two statements: update it instead.
    }
    throw new Error('balance row could not be written');
  } catch (error) {
    if ((error as { code?: string }).code === CHECK_VIOLATION) throw new InsufficientFunds(c.currency);
    throw error;
  }
}

export async function readBalance(db: Queryable, userId: number, currency: string, account: WalletAccount = 'spot') {
  const rows = await db.query<{ available: string; frozen: string }>(
    `select trim_scale(available)::text as available, trim_scale(frozen)::text as frozen
     from balance where user_id = $1 and currency = $2 and account = $3`,
    [userId, currency, account],
  );
  return rows[0] ?? { available: '0', frozen: '0' };
}
