/**
 * The treasury desk (issue 52 §3; docs/OPERATOR.md "Treasury"): read-only figures of what the house
 * earns and holds, each a series of daily amounts read from the ledger (server/products/treasury/),
 * and the balance sheet of user liabilities against the exchange's holdings. Shared by the server,
 * which answers them, and the console's desk (src/features/treasury/), which charts them and
 * exports them as CSV.
 */

export const TREASURY_PATHS = {
  /** POST, operator (`treasury.read`): one series over the last `range_days` days (a chart's range, not a records window). */
  series: '/api/operator/treasury/series',
  /** POST, operator (`treasury.read`): user liabilities against holdings, per currency, now. */
  balanceSheet: '/api/operator/treasury/balance_sheet',
} as const;

/**
 * The series, in the desk's order:
 * - `fees`: what the platform fee account took per day, by product (the entry's reference);
 * - `insurance`: every inflow and outflow of the futures insurance fund, by contract;
 * - `seconds`: the seconds contracts' house result (lost stakes taken − winnings paid);
 * - `escrow`: P2P escrow locked, released to buyers and returned to sellers;
 * - `ico`: ICO subscriptions paid in, funds raised by projects and refunds;
 * - `corrections`: operator balance corrections credited to and debited from users;
 * - `chain`: deposits credited and withdrawals sent out (users), and the house's own capital.
 */
export const TREASURY_SERIES = ['fees', 'insurance', 'seconds', 'escrow', 'ico', 'corrections', 'chain'] as const;
export type TreasurySeriesName = (typeof TREASURY_SERIES)[number];

/** The ranges offered, in days (today, UTC, included). */
export const TREASURY_DAYS = [30, 90] as const;
export type TreasuryDays = (typeof TREASURY_DAYS)[number];

/**
 * How a series is charted: a `flow` by each day's sum, a `stock` (what a fund or the escrow holds)
 * by its level at each day's end, from `opening`.
 */
export const SERIES_SHAPE: Readonly<Record<TreasurySeriesName, 'flow' | 'stock'>> = {
  fees: 'flow',
  insurance: 'stock',
  seconds: 'flow',
  escrow: 'stock',
  ico: 'flow',
  corrections: 'flow',
  chain: 'flow',
};

/**
 * One day's amount of one part of a series (the ledger's sum; signed: what came in is positive). The
 * insurance fund's inflows and outflows of one kind are two points (funding goes both ways).
 */
export interface TreasuryPoint {
  /** The day's start, epoch ms (UTC). */
  day: number;
  currency: string;
  /** The part: a product (fees), a contract (insurance), a movement (escrow, ico, corrections, chain). */
  key: string;
  /** The ledger kind, where the part has several (insurance: liquidation_fee, insurance_cover, funding …). */
  kind: string;
  amount: string;
}

export interface TreasurySeries {
  name: TreasurySeriesName;
  days: TreasuryDays;
  /** The first day shown (epoch ms, UTC midnight); the last is today. */
  from: number;
  /** A stock's level per currency before `from` (empty for a flow). */
  opening: Readonly<Record<string, string>>;
  points: TreasuryPoint[];
}

/**
 * One currency of the balance sheet. `holdings` is what crossed the chain boundary (deposits
 * credited + withdrawals sent out, the ledger audit's rule 3), `users` every user's balances (the
 * proof of liabilities' totals), `house` the exchange's own accounts (system accounts and market
 * makers); `difference` = holdings − users − house, zero whenever the ledger audit is clean.
 */
export interface BalanceSheetRow {
  currency: string;
  deposits: string;
  withdrawals: string;
  holdings: string;
  users: string;
  house: string;
  difference: string;
}

export interface BalanceSheet {
  at: number;
  rows: BalanceSheetRow[];
}

export const DAY_MS = 86_400_000;

/** The first day of a range of `days` ending today (UTC). */
export const rangeStart = (now: number, days: number): number => Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;

/** A day as YYYY-MM-DD (UTC): how the CSV and the table name it. */
export const isoDay = (day: number): string => new Date(day).toISOString().slice(0, 10);

/** A CSV field, quoted when it holds a separator, a quote or a line break; a leading formula character is neutralised. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A series as CSV (RFC 4180, CRLF): one line per day, currency, part and kind, as the ledger summed it. */
export function seriesCsv(series: TreasurySeries): string {
  const lines = [['day', 'currency', 'key', 'kind', 'amount'].join(',')];
  for (const p of series.points) lines.push([isoDay(p.day), p.currency, p.key, p.kind, p.amount].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The balance sheet as CSV. */
export function balanceSheetCsv(sheet: BalanceSheet): string {
  const lines = [['currency', 'deposits', 'withdrawals', 'holdings', 'users', 'house', 'difference'].join(',')];
  for (const r of sheet.rows) lines.push([r.currency, r.deposits, r.withdrawals, r.holdings, r.users, r.house, r.difference].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
