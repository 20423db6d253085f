import { bracketsFor, type LeverageBracket } from '../../../domain/futures/brackets.js';
import { FX_SCALE, type Fx } from '../../../domain/fx.js';
import type { Pair } from '../../../domain/api.js';
import { pairSpec, type PairSpec } from '../../kernel/exchange/pairSpec.js';

/**
 * A contract pair with its brackets and the conversions between the order book's integers and Fx
 * (domain/decimal.ts, the one money type). Where each happens and how it rounds:
 * - an order's price and quantity strings → ticks/lots Fx at the door (engine/rules.ts
 *   `limitPrice`, `orderQuantity` through the kernel's `decimalToUnits`): more places than the
 *   pair's precision is refused (futuresPriceInvalid, futuresQuantityInvalid), never rounded;
 * - ticks/lots → Fx (`ticksToFx`, `lotsToFx`): exact, tick = 10^-pricePrecision, lot =
 *   10^-amountPrecision of 10^18 units; every trade, book level and last price comes in this way;
 * - Fx → ticks/lots (`fxToTicks`, `fxToLots`) only toward the book: an order's engine price and
 *   quantity (already whole ticks/lots, so exact), an ADL bankruptcy price (ticks, rounded 'up' or
 *   'down' as adl.ts states) and the makers' quotes; a quantity is cut down to whole lots.
 */
export interface FuturesPair {
  spec: PairSpec;
  brackets: LeverageBracket[];
  /** Fx per engine tick / lot. */
  tickFx: bigint;
  lotFx: bigint;
}

export function futuresPairs(pairs: readonly Pair[]): Map<string, FuturesPair> {
  const out = new Map<string, FuturesPair>();
  for (const p of pairs) {
    if (p.contract_status !== 1 || p.right_symbol !== 'USDT') continue;
    const spec = pairSpec(p);
    out.set(spec.symbol, {
      spec,
      brackets: bracketsFor(spec.left),
      tickFx: 10n ** BigInt(FX_SCALE - spec.pricePrecision),
      lotFx: 10n ** BigInt(FX_SCALE - spec.amountPrecision),
    });
  }
  return out;
}

export const ticksToFx = (pair: FuturesPair, ticks: number): Fx => BigInt(ticks) * pair.tickFx;
export const lotsToFx = (pair: FuturesPair, lots: number): Fx => BigInt(lots) * pair.lotFx;
/** Fx to whole ticks, rounded down ('up' for a ceiling). */
export function fxToTicks(pair: FuturesPair, value: Fx, rounding: 'down' | 'up' = 'down'): number {
  const q = value / pair.tickFx;
  return Number(rounding === 'up' && q * pair.tickFx < value ? q + 1n : q);
}
export const fxToLots = (pair: FuturesPair, value: Fx): number => Number(value / pair.lotFx);

/** "BTC_USDT" from what a client sends ("btc_usdt" too). */
export const normaliseSymbol = (symbol: string): string => symbol.toUpperCase();
