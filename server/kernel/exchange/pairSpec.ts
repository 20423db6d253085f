import type { Pair } from '../../../domain/api.js';
import { unitsToDecimal } from './market/units.js';

/** A tradable pair with the unit conversions its precision implies (see domain/market/units.ts). */
export interface PairSpec {
  left: string;
  right: string;
  /** e.g. "BTC_USDT" */
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  contract: boolean;
}

export function pairSpec(p: Pair): PairSpec {
  return {
    left: p.left_symbol,
    right: p.right_symbol,
    symbol: `${p.left_symbol}_${p.right_symbol}`,
    pricePrecision: p.price_precision,
    amountPrecision: p.amount_precision,
    contract: p.contract_status === 1,
  };
}

export const priceText = (spec: PairSpec, ticks: number) => unitsToDecimal(ticks, spec.pricePrecision);
export const amountText = (spec: PairSpec, lots: number) => unitsToDecimal(lots, spec.amountPrecision);
/** A price×quantity product (ticks×lots) as a quote-currency decimal. */
export const quoteText = (spec: PairSpec, units: number | bigint) => unitsToDecimal(units, spec.pricePrecision + spec.amountPrecision);
