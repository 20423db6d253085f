import { fx, type Fx } from '../../../domain/futures/fixed.js';
import { isLiquidatable, liquidationPrice, maintenanceMargin, notionalOf, unrealisedPnl } from '../../../domain/futures/formulas.js';
import type { Batch } from './batch.js';
import type { FuturesPair } from './pairs.js';
import { entryPrice, type Position } from './positions.js';

export type Marks = Map<string, { index: Fx; mark: Fx; basis: Fx }>;

interface View {
  pairs: Map<string, FuturesPair>;
  marks: Marks;
  positions: Map<string, Position>;
  crossAvailable: Map<number, Fx>;
}

/** The mark of a pair, or the position's entry while no mark has been published yet. */
const markOf = (v: View, p: Position): Fx => v.marks.get(p.symbol)?.mark ?? entryPrice(p);

/** Maintenance margin and unrealised PnL of a position at its pair's mark. */
export function positionRisk(v: View, p: Position, mark = markOf(v, p)): { maintenance: Fx; pnl: Fx } {
  const pair = v.pairs.get(p.symbol)!;
  return { maintenance: maintenanceMargin(notionalOf(p.quantity, mark), pair.brackets), pnl: unrealisedPnl(p.side as 1 | -1, p.quantity, entryPrice(p), mark) };
}

/**
 * Whether a position (isolated) or its account's cross positions must be liquidated at the current
 * marks, and its liquidation price for the index. Cross: the wallet balance is the account's
 * available contract USDT (the batch's locked figure when inside one, else the last committed
 * one) plus every cross position's margin; the other cross positions count with their
 * maintenance margin and unrealised PnL at their own marks.
 */
export function liquidationCheck(v: View, b: Batch | undefined, pos: Position): { liquidate: boolean; price: Fx } {
  const pair = v.pairs.get(pos.symbol)!;
  const side = pos.side as 1 | -1;
  const entry = entryPrice(pos);
  const own = positionRisk(v, pos);
  if (pos.mode === 'isolated') {
    return {
      liquidate: isLiquidatable(own.maintenance, pos.margin + own.pnl),
      price: liquidationPrice({ side, quantity: pos.quantity, entry, walletBalance: pos.margin, brackets: pair.brackets }),
    };
  }
  const all = b ? b.positionsOf(pos.userId) : [...v.pairs.keys()].flatMap((symbol) => v.positions.get(`${pos.userId}:${symbol}`) ?? []);
  const cross = all.filter((p) => p.side !== 0 && p.mode === 'cross');
  const available = b ? b.books.available(pos.userId) : (v.crossAvailable.get(pos.userId) ?? 0n);
  let wallet = available;
  let othersMaintenance = 0n;
  let othersPnl = 0n;
  let maintenance = 0n;
  let pnl = 0n;
  for (const p of cross) {
    wallet += p.margin;
    const risk = p.symbol === pos.symbol ? own : positionRisk(v, p);
    maintenance += risk.maintenance;
    pnl += risk.pnl;
    if (p.symbol !== pos.symbol) {
      othersMaintenance += risk.maintenance;
      othersPnl += risk.pnl;
    }
  }
  return {
    liquidate: isLiquidatable(maintenance, wallet + pnl),
    price: liquidationPrice({ side, quantity: pos.quantity, entry, walletBalance: wallet, othersMaintenance, othersPnl, brackets: pair.brackets }),
  };
}

export const ZERO = fx('0');
