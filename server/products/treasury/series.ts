import { DAY_MS, rangeStart, SERIES_SHAPE, type TreasuryDays, type TreasuryPoint, type TreasurySeries, type TreasurySeriesName } from '../../../domain/treasury.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { ACCOUNTS, CHAIN_KINDS, CORRECTION_KINDS, ESCROW_KINDS, FEE_PRODUCT_BY_REF, ICO_KINDS } from './accounts.js';

/** An entry's day (UTC midnight, epoch ms), from the time it was written. */
const DAY = `(floor(extract(epoch from l.created_at) * 1000 / ${DAY_MS}) * ${DAY_MS})::bigint`;
/** Entries written on or after the range's first day ($1, epoch ms). */
const SINCE = `l.created_at >= to_timestamp($1::double precision / 1000)`;
const BEFORE = `l.created_at < to_timestamp($1::double precision / 1000)`;
const CHANGE = `(l.available_change + l.frozen_change)`;

/** A SQL `case` naming a part by a column's value (values are this file's constants, never input). */
const caseOf = (column: string, names: Readonly<Record<string, string>>, otherwise: string) =>
  `case ${Object.entries(names).map(([value, name]) => `when ${column} = '${value}' then '${name}'`).join(' ')} else ${otherwise} end`;

interface Query {
  /** The points: selects day, currency, key, kind, amount from ledger_entry l, $1 the range start. */
  sql: string;
  /** A stock's level per currency before the range (same parameters). */
  opening?: string;
  params: unknown[];
}

interface PointRow {
  day: string | number;
  currency: string;
  key: string;
  kind: string;
  amount: string;
}

/** The id of a system account, or undefined when it was never made (then its series is empty). */
async function accountId(q: Queryable, account: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: string | number }>('select id from app_user where account = $1', [account]);
  return row ? Number(row.id) : undefined;
}

/**
 * Each series' statement. They read committed ledger rows only: the desk moves nothing. An
 * account's entries are read by (user_id, created_at), the wallet's index; the movements of every
 * user (escrow, ICO, chain) by kind over the range.
 */
async function queryOf(q: Queryable, name: TreasurySeriesName, from: number): Promise<Query | undefined> {
  switch (name) {
    case 'fees': {
      const fees = await accountId(q, ACCOUNTS.fees);
      if (fees === undefined) return undefined;
      return {
        sql: points(`${caseOf('l.ref_type', FEE_PRODUCT_BY_REF, 'l.ref_type')}`, 'l.kind', CHANGE, `l.user_id = $2 and ${SINCE}`),
        params: [from, fees],
      };
    }
    case 'insurance': {
      const fund = await accountId(q, ACCOUNTS.insurance);
      if (fund === undefined) return undefined;
      // A liquidation's fee and surplus, and a cover, refer to the futures order: its contract. Funding
      // refers to the funding time, shared by every contract paid then; the capital to nothing.
      const contract = `case l.ref_type
        when 'futures_order' then coalesce((select o.left_symbol || '_' || o.right_symbol from futures_order o where o.id = l.ref_id), 'futures_order')
        when 'futures_funding' then 'funding' when 'insurance_capital' then 'capital' else l.ref_type end`;
      return {
        // Inflows and outflows apart (funding is both): a day's point per direction.
        sql: points(contract, 'l.kind', CHANGE, `l.user_id = $2 and ${SINCE}`, true),
        opening: openingOf(CHANGE, `l.user_id = $2 and ${BEFORE}`),
        params: [from, fund],
      };
    }
    case 'seconds': {
      const house = await accountId(q, ACCOUNTS.secondsHouse);
      if (house === undefined) return undefined;
      // The house's result: every settlement's net; its capital (a deposit from outside) is no result.
      return { sql: points(`'result'`, 'l.kind', CHANGE, `l.user_id = $2 and l.kind <> 'deposit' and ${SINCE}`), params: [from, house] };
    }
    case 'escrow': {
      const kinds = Object.values(ESCROW_KINDS);
      return {
        sql: points(caseOf('l.kind', invert(ESCROW_KINDS), 'l.kind'), 'l.kind', 'l.frozen_change', `l.kind = any($2::text[]) and ${SINCE}`),
        opening: openingOf('l.frozen_change', `l.kind = any($2::text[]) and ${BEFORE}`),
        params: [from, kinds],
      };
    }
    case 'ico': {
      // Subscriptions freeze what was paid; a settlement pays the sold part to the project and the rest back to available.
      const amount = `case when l.kind = '${ICO_KINDS.subscribed}' then l.frozen_change else l.available_change end`;
      return { sql: points(caseOf('l.kind', { [ICO_KINDS.subscribed]: 'subscribed', [ICO_KINDS.raised]: 'raised', [ICO_KINDS.settled]: 'refunded' }, 'l.kind'), 'l.kind', amount, `l.kind = any($2::text[]) and ${SINCE}`), params: [from, Object.values(ICO_KINDS)] };
    }
    case 'corrections': {
      const account = (await accountId(q, ACCOUNTS.corrections)) ?? 0;
      // The users' side of each posting, and what the corrections account brought in from outside the books.
      const key = `case when l.user_id = $3 then 'funding' when l.kind = '${CORRECTION_KINDS.credit}' then 'credit' else 'debit' end`;
      return {
        sql: points(key, 'l.kind', CHANGE, `((l.kind = any($2::text[]) and l.user_id <> $3) or (l.user_id = $3 and l.kind = 'deposit')) and ${SINCE}`),
        params: [from, Object.values(CORRECTION_KINDS), account],
      };
    }
    case 'chain': {
      // Users' deposits and withdrawals, and the house's own capital booked as deposits (fees pool, insurance, makers).
      const key = `case when l.kind = 'withdraw_out' then 'withdrawals' when exists (select 1 from app_user u where u.id = l.user_id and u.kind = 'user') then 'deposits' else 'capital' end`;
      return { sql: points(key, 'l.kind', CHANGE, `l.kind = any($2::text[]) and ${SINCE}`), params: [from, CHAIN_KINDS] };
    }
  }
}

const invert = (names: Readonly<Record<string, string>>): Record<string, string> => Object.fromEntries(Object.entries(names).map(([name, value]) => [value, name]));

/** The points' statement: per day, currency, part and kind (and direction, `bySign`), the sum of `amount` over the entries `where` picks. */
const points = (key: string, kind: string, amount: string, where: string, bySign = false) =>
  `select ${DAY} as day, l.currency, ${key} as key, ${kind} as kind, trim_scale(sum(${amount}))::text as amount
   from ledger_entry l where ${where}
   group by 1, 2, 3, 4${bySign ? `, sign(${amount})` : ''} having sum(${amount}) <> 0 order by 1, 2, 3, 4, 5 desc`;

const openingOf = (amount: string, where: string) => `select l.currency, trim_scale(sum(${amount}))::text as amount from ledger_entry l where ${where} group by 1 order by 1`;

/** One series over the last `days` days (today, UTC, included), read from the ledger. */
export async function readSeries(q: Queryable, name: TreasurySeriesName, days: TreasuryDays, now: number): Promise<TreasurySeries> {
  const from = rangeStart(now, days);
  const query = await queryOf(q, name, from);
  const empty: TreasurySeries = { name, days, from, opening: {}, points: [] };
  if (!query) return empty;
  const rows = await q.query<PointRow>(query.sql, query.params);
  const points: TreasuryPoint[] = rows.map((r) => ({ day: Number(r.day), currency: r.currency, key: r.key, kind: r.kind, amount: r.amount }));
  const opening: Record<string, string> = {};
  if (query.opening && SERIES_SHAPE[name] === 'stock') {
    for (const r of await q.query<{ currency: string; amount: string }>(query.opening, query.params)) opening[r.currency] = r.amount;
  }
  return { ...empty, opening, points };
}
