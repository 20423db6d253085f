import { CORRECTION_LEDGER_KINDS, type CorrectionDirection, type CorrectionsAccountRow } from '../../../../domain/corrections.js';
import type { WalletAccount } from '../../../../domain/wallet.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import { changeBalance } from '../../../kernel/platform/ledger/ledger.js';
import { systemAccount, systemAccountId } from '../../../kernel/platform/ledger/systemAccounts.js';

/**
 * The platform's "operator corrections" account (a system user, like the fees account): the other
 * side of every executed correction, always in its spot account. A debit of a user moves the
 * quantity into it; a credit moves it out. A balance never goes negative (the ledger's check), so a
 * credit beyond what the account holds first brings the shortfall in from outside the books, as an
 * entry of kind `deposit` (ref_type `correction_funding`), as the seconds house's and the insurance
 * fund's capital are booked: the ledger audit's "held equals what crossed the boundary" stays true,
 * and what corrections have put into the books from outside is readable (`funded`).
 */
export const CORRECTIONS_ACCOUNT = systemAccount('operatorCorrections', 'system:operator_corrections');

/** ref_type of the correction's entries (user and corrections account), ref_id the correction's id. */
export const CORRECTION_REF = 'correction';
export const FUNDING_REF = 'correction_funding';

interface Posting {
  id: number;
  userId: number;
  currency: string;
  account: WalletAccount;
  direction: CorrectionDirection;
  quantity: string;
}

/**
 * The correction's double-entry posting, inside the approval's transaction: the user's account and
 * the corrections account move by the same quantity in opposite directions. The corrections
 * account's balance row is locked first (made if missing), so two corrections in one currency never
 * both decide to fund the same shortfall. A debit beyond the user's available balance throws
 * InsufficientFunds (the balance check), which rolls the whole approval back.
 */
export async function postCorrection(tx: Queryable, c: Posting): Promise<void> {
  const house = await systemAccountId(tx, CORRECTIONS_ACCOUNT);
  await tx.query(`insert into balance (user_id, currency, account) values ($1, $2, 'spot') on conflict do nothing`, [house, c.currency]);
  const [held] = await tx.query<{ short: string }>(
    `select trim_scale(greatest($3::numeric - available, 0))::text as short from balance where user_id = $1 and currency = $2 and account = 'spot' for update`,
    [house, c.currency, c.quantity],
  );
  const ref = { refType: CORRECTION_REF, refId: c.id };
  if (c.direction === 'credit') {
    const short = held!.short;
    if (short !== '0') await changeBalance(tx, { userId: house, currency: c.currency, account: 'spot', available: short, frozen: '0', kind: 'deposit', refType: FUNDING_REF, refId: c.id });
    await changeBalance(tx, { userId: house, currency: c.currency, account: 'spot', available: `-${c.quantity}`, frozen: '0', kind: CORRECTION_LEDGER_KINDS.credit, ...ref });
    await changeBalance(tx, { userId: c.userId, currency: c.currency, account: c.account, available: c.quantity, frozen: '0', kind: CORRECTION_LEDGER_KINDS.credit, ...ref });
  } else {
    await changeBalance(tx, { userId: c.userId, currency: c.currency, account: c.account, available: `-${c.quantity}`, frozen: '0', kind: CORRECTION_LEDGER_KINDS.debit, ...ref });
    await changeBalance(tx, { userId: house, currency: c.currency, account: 'spot', available: c.quantity, frozen: '0', kind: CORRECTION_LEDGER_KINDS.debit, ...ref });
  }
}

/** The corrections account per currency it has ever moved: its balance, what it was funded with, and the net credited to users. */
export async function correctionsAccount(db: Queryable): Promise<CorrectionsAccountRow[]> {
  const house = await systemAccountId(db, CORRECTIONS_ACCOUNT);
  const rows = await db.query<CorrectionsAccountRow>(
    `select l.currency,
       trim_scale(coalesce((select available + frozen from balance b where b.user_id = $1 and b.currency = l.currency and b.account = 'spot'), 0))::text as balance,
       trim_scale(coalesce(sum(l.available_change) filter (where l.ref_type = $2), 0))::text as funded,
       trim_scale(-coalesce(sum(l.available_change) filter (where l.ref_type = $3), 0))::text as net_credited
     from ledger_entry l where l.user_id = $1 group by l.currency order by l.currency`,
    [house, FUNDING_REF, CORRECTION_REF],
  );
  return rows;
}

/**
 * The corrections' own promise, for the ledger audit (the wallet's `auditFindings`): an executed
 * correction has exactly its two entries — the user's account moved by its quantity in its
 * direction, the corrections account by the opposite — and a correction not executed has none.
 * Nothing on a database migrated to before corrections existed.
 */
export async function correctionFindings(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('balance_correction')::text as name`);
  if (!table?.name) return [];
  const broken = await db.query<{ id: number; state: string }>(
    // One join, not a lookup per correction: ledger_entry has no index by ref (the order path would
    // pay for it), so each lookup was a scan of the whole ledger; joined, it is read once (a hash join).
    `with e as (
       select c.id, c.state, c.direction, c.quantity, count(l.id)::int as n,
         coalesce(sum(l.available_change) filter (where l.user_id = c.user_id and l.account = c.account), 0) as mine,
         coalesce(sum(l.available_change) filter (where l.user_id <> c.user_id), 0) as other
       from balance_correction c left join ledger_entry l on l.ref_type = $1 and l.ref_id = c.id
       group by c.id)
     select id, state from e
     where (state = 'executed' and (n <> 2 or mine <> (case direction when 'credit' then quantity else -quantity end) or other <> -mine))
        or (state <> 'executed' and n <> 0)
     order by id limit 20`,
    [CORRECTION_REF],
  );
  return broken.map((b) => `balance correction ${b.id} (${b.state}): its ledger entries do not match it`);
}
