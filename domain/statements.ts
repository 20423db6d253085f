/**
 * Statements: a trader's own history as a CSV file, for a tax return or a spreadsheet (docs/API.md
 * "Statements"). Spot fills, futures orders and wallet ledger entries, each over the last `days`
 * days, oldest first, with stable English column names a tax tool can map once.
 */

/** The periods a statement covers, counted back from now. */
export const STATEMENT_DAYS = [7, 30, 90, 365] as const;
export type StatementDays = (typeof STATEMENT_DAYS)[number];

/** More rows than this in one period are refused: the trader chooses a shorter period. */
export const STATEMENT_MAX_ROWS = 50_000;

/** What every statement route answers: the file's name and text, and how many rows it holds. */
export interface Statement {
  filename: string;
  rows: number;
  csv: string;
}

export const STATEMENT_PATHS = {
  /** Spot fills (every pair): { days }. */
  spotFills: '/api/spot/statement',
  /** Futures orders that traded or ended (every contract): { days }. */
  futuresOrders: '/api/futures/statement',
  /** Wallet ledger entries (every account and currency): { days }. */
  ledger: '/api/wallet/statement',
} as const;

/** The file's name: `openex-<kind>-<first day>_<last day>.csv`, both days UTC. */
export function statementFilename(kind: string, from: number, to: number): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `openex-${kind}-${day(from)}_${day(to)}.csv`;
}
