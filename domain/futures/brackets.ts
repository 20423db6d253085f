import { fx, fxText, mulFx, type Fx } from '../fx.js';

/**
 * Leverage brackets per contract pair, in the form exchanges publish them (Binance USDT-M
 * "leverage and margin"): a position whose notional lies in [floor, cap) may use at most
 * `maxLeverage`, and its maintenance margin is notional × `mmr` − `maintenanceAmount`. The
 * maintenance amount is derived, not typed: cum(n) = cum(n−1) + floor(n) × (mmr(n) − mmr(n−1)),
 * which makes the maintenance margin continuous across bracket edges.
 */
export interface LeverageBracket {
  bracket: number;
  /** Notional floor and cap in USDT (decimal strings; the last cap is the pair's position limit). */
  floor: string;
  cap: string;
  maxLeverage: number;
  /** Maintenance margin rate, a fraction ("0.004" is 0.4 %). */
  mmr: string;
  /** Maintenance amount ("cum") in USDT. */
  maintenanceAmount: string;
}

/** A bracket as published, from the lowest: its notional cap in USDT (the next one's floor), max leverage and maintenance margin rate. */
type Row = [cap: string, maxLeverage: number, mmr: string];

// Binance BTCUSDT's published first brackets (2023), rounded to whole figures.
const BTC: Row[] = [
  ['50000', 125, '0.004'],
  ['250000', 100, '0.005'],
  ['1000000', 50, '0.01'],
  ['10000000', 20, '0.025'],
  ['20000000', 10, '0.05'],
  ['50000000', 5, '0.1'],
];
const ETH: Row[] = [
  ['10000', 100, '0.005'],
  ['100000', 75, '0.0065'],
  ['500000', 50, '0.01'],
  ['1000000', 20, '0.02'],
  ['2000000', 10, '0.05'],
  ['5000000', 5, '0.1'],
];
const ALT: Row[] = [
  ['5000', 50, '0.01'],
  ['25000', 25, '0.025'],
  ['100000', 20, '0.05'],
  ['250000', 10, '0.1'],
  ['1000000', 5, '0.125'],
  ['3000000', 2, '0.25'],
];

function table(rows: Row[]): LeverageBracket[] {
  const out: LeverageBracket[] = [];
  let cum = 0n;
  let previousMmr = 0n;
  let floor = '0';
  rows.forEach(([cap, maxLeverage, mmr], i) => {
    cum += mulFx(fx(floor), fx(mmr) - previousMmr);
    previousMmr = fx(mmr);
    out.push({ bracket: i + 1, floor, cap, maxLeverage, mmr, maintenanceAmount: fxText(cum) });
    floor = cap;
  });
  return out;
}

const TABLES: Record<string, LeverageBracket[]> = { BTC: table(BTC), ETH: table(ETH) };
const ALT_TABLE = table(ALT);

/** The brackets of a contract pair by its base currency ("BTC" for BTC_USDT). */
export function bracketsFor(base: string): LeverageBracket[] {
  return TABLES[base.toUpperCase()] ?? ALT_TABLE;
}

/** The bracket holding `notional` (the last one beyond its cap; the position limit is checked apart). */
export function bracketOf(brackets: readonly LeverageBracket[], notional: Fx): LeverageBracket {
  for (const b of brackets) if (notional < fx(b.cap)) return b;
  return brackets[brackets.length - 1]!;
}

/** The highest leverage any position of the pair may use (the first bracket's). */
export const maxLeverageOf = (brackets: readonly LeverageBracket[]) => brackets[0]!.maxLeverage;

/** The position limit: the last bracket's cap. */
export const positionLimitOf = (brackets: readonly LeverageBracket[]): Fx => fx(brackets[brackets.length - 1]!.cap);
