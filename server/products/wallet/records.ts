import { RECORD_PAGE_SIZE, type DepositRecord, type LedgerRecord, type Page, type RecordQuery, type TransferRecord, type WalletAccount, type WithdrawalRecord } from '../../../domain/wallet.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { StatementSource } from '../../kernel/platform/http/statementRoute.js';
import { DEPOSIT_COLUMNS, toDepositRecord } from './deposits.js';
import { DAY_MS } from './rules.js';
import { TRANSFER_COLUMNS, toTransferRecord } from './transfers.js';
import { toWithdrawalRecord, WITHDRAWAL_COLUMNS } from './withdrawals.js';

/**
 * The record lists of /wallet (spec §2, §9): the last 3, 7 or 30 days, newest first, one page at a
 * time with the total, optionally one currency (and for the ledger one account). Always one user's.
 */
interface ListSpec<T> {
  from: string;
  columns: string;
  /** Column holding the time in epoch ms, or a timestamptz when `timestamptz` is set. */
  time: string;
  timestamptz?: boolean;
  extra?: { column: string; value: string | undefined };
  map: (row: T) => T;
}

async function pageOf<T extends object>(db: Queryable, userColumn: string, userId: number, query: RecordQuery, now: number, spec: ListSpec<T>): Promise<Page<T>> {
  const size = query.size ?? RECORD_PAGE_SIZE;
  const since = now - query.days * DAY_MS;
  const time = spec.timestamptz ? `${spec.time} >= to_timestamp($2::float8 / 1000)` : `${spec.time} >= $2`;
  const where = `${userColumn} = $1 and ${time} and ($3::text is null or currency = $3) and ($4::text is null or ${spec.extra?.column ?? "''"} = $4)`;
  const params = [userId, since, query.currency ?? null, spec.extra?.value ?? null];
  const rows = await db.query<T>(`select ${spec.columns} from ${spec.from} where ${where} order by id desc limit $5 offset $6`, [...params, size, (query.page - 1) * size]);
  const [{ total }] = (await db.query<{ total: number }>(`select count(*)::int as total from ${spec.from} where ${where}`, params)) as [{ total: number }];
  return { list: rows.map(spec.map), total: Number(total), page: query.page, size };
}

const LEDGER_HEADER = ['time_utc', 'account', 'currency', 'kind', 'change', 'balance_after', 'frozen_change', 'frozen_after', 'ref_type', 'ref_id', 'note', 'entry_id'] as const;

/**
 * The trader's ledger entries in every account and currency (docs/API.md "Statements"), oldest
 * first, by the (user, created_at) index the record list's count uses: each change with the balance
 * after it, so a spreadsheet can follow every balance from entry to entry.
 */
export function ledgerStatement(db: Queryable): StatementSource {
  return {
    kind: 'ledger',
    header: LEDGER_HEADER,
    async rows(userId, from, to, limit) {
      const rows = await db.query<Record<string, string | null>>(
        `select (extract(epoch from created_at) * 1000)::bigint as time, account, currency, kind, trim_scale(available_change)::text as change,
           trim_scale(available_after)::text as after, trim_scale(frozen_change)::text as frozen_change, trim_scale(frozen_after)::text as frozen_after,
           ref_type, ref_id, (select bc.reason from balance_correction bc where ledger_entry.ref_type = 'correction' and bc.id = ledger_entry.ref_id) as note, id
         from ledger_entry
         where user_id = $1 and created_at >= to_timestamp($2::float8 / 1000) and created_at < to_timestamp($3::float8 / 1000)
         order by created_at, id limit $4`,
        [userId, from, to, limit],
      );
      return rows.map((r) => [
        new Date(Number(r.time)).toISOString(),
        r.account, r.currency, r.kind, r.change, r.after, r.frozen_change, r.frozen_after, r.ref_type,
        r.ref_id === null ? '' : Number(r.ref_id), r.note ?? '', Number(r.id),
      ]);
    },
  };
}

export function records(db: Queryable, now: () => number) {
  return {
    statement: ledgerStatement(db),
    deposits: (userId: number, query: RecordQuery) =>
      pageOf<DepositRecord>(db, 'user_id', userId, query, now(), { from: 'deposit', columns: DEPOSIT_COLUMNS, time: 'created_ms', map: toDepositRecord }),

    withdrawals: (userId: number, query: RecordQuery) =>
      pageOf<WithdrawalRecord>(db, 'user_id', userId, query, now(), { from: 'withdrawal w', columns: WITHDRAWAL_COLUMNS, time: 'created_ms', map: toWithdrawalRecord }),

    transfers: (userId: number, query: RecordQuery) =>
      pageOf<TransferRecord>(db, 'user_id', userId, query, now(), { from: 'wallet_transfer', columns: TRANSFER_COLUMNS, time: 'created_ms', map: toTransferRecord }),

    ledger: (userId: number, query: RecordQuery & { account?: WalletAccount }) =>
      pageOf<LedgerRecord>(db, 'user_id', userId, query, now(), {
        from: 'ledger_entry',
        // Before is derived: after − change, so the chain of entries can be read off the list.
        columns: `id, currency, account, kind, trim_scale(available_change)::text as quantity,
          trim_scale(available_after - available_change)::text as before, trim_scale(available_after)::text as after,
          trim_scale(frozen_change)::text as frozen_change, ref_type, ref_id, (extract(epoch from created_at) * 1000)::bigint as created_at,
          (select bc.reason from balance_correction bc where ledger_entry.ref_type = 'correction' and bc.id = ledger_entry.ref_id) as note`,
        time: 'created_at',
        timestamptz: true,
        extra: { column: 'account', value: query.account },
        map: (row) => ({ ...row, id: Number(row.id), ref_id: row.ref_id === null ? null : Number(row.ref_id), created_at: Number(row.created_at), note: row.note ?? null }),
      }),
  };
}

/**
 * Operator: every user's withdrawals with the owner's account, optionally of one status, newest
 * first; with what holds the owner now (a freeze's reason, the end of a security change's lock),
 * so the queue says why an approval would be refused before the approver types a code.
 */
export type OperatorWithdrawal = WithdrawalRecord & { user_id: number; account: string; owner_frozen: string | null; owner_locked_until: number };

export async function operatorWithdrawals(db: Queryable, status: number | undefined, page: number, size: number, nowMs = Date.now()): Promise<Page<OperatorWithdrawal>> {
  const rows = await db.query<OperatorWithdrawal>(
    `select ${WITHDRAWAL_COLUMNS}, w.user_id, u.account,
       case when u.frozen_at is not null then coalesce(u.frozen_reason, '') end as owner_frozen,
       case when u.withdrawals_locked_until_ms > $4 then u.withdrawals_locked_until_ms else 0 end as owner_locked_until
     from withdrawal w join app_user u on u.id = w.user_id
     where $1::smallint is null or w.status = $1 order by w.id desc limit $2 offset $3`,
    [status ?? null, size, (page - 1) * size, Math.trunc(nowMs)],
  );
  const [{ total }] = (await db.query<{ total: number }>('select count(*)::int as total from withdrawal where $1::smallint is null or status = $1', [status ?? null])) as [
    { total: number },
  ];
  return { list: rows.map((r) => ({ ...toWithdrawalRecord(r), user_id: Number(r.user_id), owner_locked_until: Number(r.owner_locked_until) })), total: Number(total), page, size };
}
