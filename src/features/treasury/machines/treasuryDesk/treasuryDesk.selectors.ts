import { addDecimal } from '../../../../../domain/decimal';
import { DAY_MS, isoDay, SERIES_SHAPE, seriesCsv, balanceSheetCsv, type BalanceSheet, type TreasuryPoint, type TreasurySeries } from '../../../../../domain/treasury';

/** One day of the chart: the day's sum (a flow) or the level at its end (a stock), exact. */
export interface ChartPoint {
  day: number;
  value: string;
}

/** The currencies a series has anything in, sorted (USDT first: most figures are in it). */
export function currenciesOf(series: TreasurySeries | undefined): string[] {
  if (!series) return [];
  const found = new Set([...series.points.map((p) => p.currency), ...Object.keys(series.opening)]);
  return [...found].sort((a, b) => (a === 'USDT' ? -1 : b === 'USDT' ? 1 : a.localeCompare(b)));
}

/** The currency shown: the one chosen if the series has it, else its first. */
export const shownCurrency = (series: TreasurySeries | undefined, chosen: string | undefined): string | undefined => {
  const all = currenciesOf(series);
  return chosen !== undefined && all.includes(chosen) ? chosen : all[0];
};

/** Every day of the range, in order, with the series' figure in `currency` (days without entries: 0, or the level unchanged). */
export function chartPoints(series: TreasurySeries, currency: string): ChartPoint[] {
  const byDay = new Map<number, string>();
  for (const p of series.points) if (p.currency === currency) byDay.set(p.day, addDecimal(byDay.get(p.day) ?? '0', p.amount));
  const stock = SERIES_SHAPE[series.name] === 'stock';
  let level = stock ? (series.opening[currency] ?? '0') : '0';
  const out: ChartPoint[] = [];
  for (let i = 0; i < series.days; i++) {
    const day = series.from + i * DAY_MS;
    const sum = byDay.get(day) ?? '0';
    level = stock ? addDecimal(level, sum) : sum;
    out.push({ day, value: level });
  }
  return out;
}

/** The numbers behind the chart: the series' entries in `currency`, newest day first. */
export const tableRows = (series: TreasurySeries, currency: string): TreasuryPoint[] =>
  series.points.filter((p) => p.currency === currency).sort((a, b) => b.day - a.day || a.key.localeCompare(b.key) || a.kind.localeCompare(b.kind));

/** A CSV as a link's address (the browser saves it; nothing is sent anywhere). */
const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;

/** The series' CSV download (every currency): its address and file name. */
export const seriesDownload = (series: TreasurySeries) => ({
  href: csvHref(seriesCsv(series)),
  name: `treasury-${series.name}-${series.days}d-${isoDay(series.from + (series.days - 1) * DAY_MS)}.csv`,
});

export const sheetDownload = (sheet: BalanceSheet) => ({ href: csvHref(balanceSheetCsv(sheet)), name: `treasury-balance-sheet-${isoDay(sheet.at)}.csv` });

/** Whether every currency of the balance sheet is balanced (the ledger audit's rule holds). */
export const sheetBalanced = (sheet: BalanceSheet): boolean => sheet.rows.every((r) => r.difference === '0');
