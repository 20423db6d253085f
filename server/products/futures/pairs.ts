import { bracketsFor, type LeverageBracket } from '../../../domain/futures/brackets.js';
import { fx, FX_SCALE, type Fx } from '../../../domain/fx.js';
import type { Pair } from '../../../domain/api.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { listedBy } from '../../kernel/platform/pairListing.js';
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
  /** Whether the futures market makers quote it (migration 056); absent: yes, as the seeded contracts. */
  makers?: boolean;
  /** The pair's reference price (a listed pair's, migration 048): the index until its spot market has traded. */
  reference?: Fx;
}

/** What a contract's listing gave beyond the pair row listPairs reads (migration 056), per symbol. */
export interface ContractTerms {
  maxLeverage: number | null;
  makers: boolean;
  reference: string | null;
}

/** Every contract pair's listing terms, symbol → terms. */
export async function readContractTerms(db: Queryable): Promise<Map<string, ContractTerms>> {
  const rows = await db.query<{ symbol: string; max_leverage: number | null; makers: boolean; reference: string | null }>(
    `select left_symbol || '_' || right_symbol as symbol, contract_max_leverage as max_leverage, contract_makers as makers, trim_scale(reference_price)::text as reference
     from pair where ${listedBy('futures')}`,
  );
  return new Map(rows.map((r) => [r.symbol, { maxLeverage: r.max_leverage === null ? null : Number(r.max_leverage), makers: r.makers, reference: r.reference }]));
}

/** The base currency's default brackets, none above `maxLeverage` (a lower leverage keeps each bracket's maintenance rate sound). */
export function cappedBrackets(base: string, maxLeverage: number | null): LeverageBracket[] {
  const brackets = bracketsFor(base);
  return maxLeverage === null ? brackets : brackets.map((b) => ({ ...b, maxLeverage: Math.min(b.maxLeverage, maxLeverage) }));
}

/** One contract pair of the pair row (undefined when the row has no USDT contract). */
export function futuresPair(p: Pair, terms?: ContractTerms): FuturesPair | undefined {
  if (p.contract_status !== 1 || p.right_symbol !== 'USDT') return undefined;
  const spec = pairSpec(p);
  return {
    spec,
    brackets: cappedBrackets(spec.left, terms?.maxLeverage ?? null),
    tickFx: 10n ** BigInt(FX_SCALE - spec.pricePrecision),
    lotFx: 10n ** BigInt(FX_SCALE - spec.amountPrecision),
    makers: terms?.makers ?? true,
    ...(terms?.reference ? { reference: fx(terms.reference) } : {}),
  };
}

export function futuresPairs(pairs: readonly Pair[], terms: ReadonlyMap<string, ContractTerms> = new Map()): Map<string, FuturesPair> {
  const out = new Map<string, FuturesPair>();
  for (const p of pairs) {
    const pair = futuresPair(p, terms.get(`${p.left_symbol}_${p.right_symbol}`));
    if (pair) out.set(pair.spec.symbol, pair);
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
