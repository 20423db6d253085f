import { fx, type Fx } from '../../../domain/fx.js';
import type { Batch } from './batch.js';
import { liquidationCheck as check, positionRisk as risk, type MarginState, type Valuation } from './engine/risk.js';
import type { FuturesPair } from './pairs.js';
import type { Position } from './positions.js';

export type Marks = Map<string, { index: Fx; mark: Fx; basis: Fx }>;

interface View {
  pairs: Map<string, FuturesPair>;
  marks: Marks;
  positions: Map<string, Position>;
  crossAvailable: Map<number, Fx>;
}

const valuation = (v: View): Valuation => ({ bracketsOf: (symbol) => v.pairs.get(symbol)!.brackets, markOf: (symbol) => v.marks.get(symbol)?.mark });

/** A user's positions as memory holds them (committed), one per contract; inside a batch, Batch.positionsOf. */
export const memoryPositionsOf = (v: Pick<View, 'pairs' | 'positions'>, userId: number): Position[] => [...v.pairs.keys()].flatMap((symbol) => v.positions.get(`${userId}:${symbol}`) ?? []);

/** Maintenance margin and unrealised PnL of a position at its pair's mark (engine/risk.ts). */
export function positionRisk(v: View, p: Position, mark?: Fx): { maintenance: Fx; pnl: Fx } {
  return risk(valuation(v), p, mark);
}

/**
 * The engine's liquidation check (engine/risk.ts) over what the exchange holds: inside a batch its
 * working positions and locked available balance, else memory and the last committed available.
 */
export function liquidationCheck(v: View, b: Batch | undefined, pos: Position, withCallPrice = false): MarginState {
  return check(
    valuation(v),
    pos,
    () => (b ? b.positionsOf(pos.userId) : memoryPositionsOf(v, pos.userId)),
    () => (b ? b.books.available(pos.userId) : (v.crossAvailable.get(pos.userId) ?? 0n)),
    withCallPrice,
  );
}

export const ZERO = fx('0');
