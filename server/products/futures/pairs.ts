import { bracketsFor, type LeverageBracket } from '../../../domain/futures/brackets.js';
import { FX_SCALE, type Fx } from '../../../domain/futures/fixed.js';
import type { Pair } from '../../../domain/api.js';
import { pairSpec, type PairSpec } from '../../kernel/exchange/pairSpec.js';

/** A contract pair with its brackets and the conversions between engine units and Fx. */
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
