import type { SecondsPeriod, SecondsPeriodUpdate } from '../../../domain/seconds.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { listedBy } from '../../kernel/platform/pairListing.js';
import type { IndexPair } from './indexPrice.js';

/** The periods every contract pair starts with (an operator changes them in `seconds_period`). */
export const DEFAULT_PERIODS: ReadonlyArray<{ period: number; rate: string }> = [
  { period: 30, rate: '0.8' },
  { period: 60, rate: '0.85' },
  { period: 120, rate: '0.85' },
  { period: 300, rate: '0.9' },
];
export const DEFAULT_STAKE = { min: '10', max: '10000', exposure: '100000' } as const;

const COLUMNS = `left_symbol || '_' || right_symbol as symbol, period_s as period, trim_scale(payout_rate)::text as payout_rate,
  trim_scale(min_stake)::text as min_stake, trim_scale(max_stake)::text as max_stake, trim_scale(max_exposure)::text as max_exposure, enabled`;

/** Seeds the default periods for every USDT contract pair that has none (never touching edited rows). */
export async function seedPeriods(db: Queryable): Promise<void> {
  await db.query(
    `insert into seconds_period (left_symbol, right_symbol, period_s, payout_rate, min_stake, max_stake, max_exposure)
     select p.left_symbol, p.right_symbol, d.period, d.rate, $3, $4, $5
     from pair p cross join unnest($1::int[], $2::numeric[]) as d(period, rate)
     where ${listedBy('futures', 'p')} and p.right_symbol = 'USDT'
       and not exists (select 1 from seconds_period s where s.left_symbol = p.left_symbol and s.right_symbol = p.right_symbol)`,
    [DEFAULT_PERIODS.map((p) => p.period), DEFAULT_PERIODS.map((p) => p.rate), DEFAULT_STAKE.min, DEFAULT_STAKE.max, DEFAULT_STAKE.exposure],
  );
}

export async function listPeriods(db: Queryable, symbol?: string, enabledOnly = false): Promise<SecondsPeriod[]> {
  const [left, right] = symbol ? symbol.toUpperCase().split('_') : [];
  return db.query<SecondsPeriod>(
    `select ${COLUMNS} from seconds_period
     where ($1::text is null or (left_symbol = $1 and right_symbol = $2)) and (not $3 or enabled)
     order by left_symbol, right_symbol, period_s`,
    [left ?? null, right ?? null, enabledOnly],
  );
}

/** The pairs that offer seconds contracts, with what the index needs of them. */
export async function indexPairs(db: Queryable): Promise<IndexPair[]> {
  const rows = await db.query<{ left_symbol: string; right_symbol: string; price_precision: number }>(
    `select p.left_symbol, p.right_symbol, p.price_precision from pair p
     where exists (select 1 from seconds_period s where s.left_symbol = p.left_symbol and s.right_symbol = p.right_symbol)
     order by p.left_symbol, p.right_symbol`,
  );
  return rows.map((r) => ({ symbol: `${r.left_symbol}_${r.right_symbol}`, left: r.left_symbol, right: r.right_symbol, pricePrecision: Number(r.price_precision) }));
}

/** Locks one period row for a purchase (serialises the exposure check per pair and period). */
export async function lockPeriod(tx: Queryable, pair: IndexPair, period: number): Promise<SecondsPeriod | undefined> {
  const [row] = await tx.query<SecondsPeriod>(`select ${COLUMNS} from seconds_period where left_symbol = $1 and right_symbol = $2 and period_s = $3 for update`, [
    pair.left,
    pair.right,
    period,
  ]);
  return row;
}

/** An operator's change: only the fields given; the table's checks guard the rest (min ≤ max …). */
export async function updatePeriod(db: Queryable, change: SecondsPeriodUpdate): Promise<SecondsPeriod | undefined> {
  const [left, right] = change.symbol.toUpperCase().split('_');
  const [row] = await db.query<SecondsPeriod>(
    `update seconds_period set
       payout_rate = coalesce($4::numeric, payout_rate), min_stake = coalesce($5::numeric, min_stake),
       max_stake = coalesce($6::numeric, max_stake), max_exposure = coalesce($7::numeric, max_exposure),
       enabled = coalesce($8::boolean, enabled)
     where left_symbol = $1 and right_symbol = $2 and period_s = $3
     returning ${COLUMNS}`,
    [left, right, change.period, change.payout_rate ?? null, change.min_stake ?? null, change.max_stake ?? null, change.max_exposure ?? null, change.enabled ?? null],
  );
  return row;
}
