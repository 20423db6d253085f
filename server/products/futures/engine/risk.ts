import type { LeverageBracket } from '../../../../domain/futures/brackets.js';
import type { Fx } from '../../../../domain/fx.js';
import { isLiquidatable, liquidationPrice, maintenanceMargin, notionalOf, unrealisedPnl } from '../../../../domain/futures/formulas.js';
import { MARGIN_CALL_FACTOR } from '../../../../domain/futures/marginCall.js';
import { entryPrice, type Position } from '../positions.js';

/** How the engine values positions: each pair's brackets and its mark (undefined while none is published). */
export interface Valuation {
  bracketsOf(symbol: string): readonly LeverageBracket[];
  markOf(symbol: string): Fx | undefined;
}

/** The mark of a position's pair, or its entry while no mark has been published yet. */
export const markFor = (v: Valuation, p: Position): Fx => v.markOf(p.symbol) ?? entryPrice(p);

/** Maintenance margin and unrealised PnL of a position at `mark`. */
export function positionRisk(v: Valuation, p: Position, mark = markFor(v, p)): { maintenance: Fx; pnl: Fx } {
  return { maintenance: maintenanceMargin(notionalOf(p.quantity, mark), v.bracketsOf(p.symbol)), pnl: unrealisedPnl(p.side as 1 | -1, p.quantity, entryPrice(p), mark) };
}

/**
 * Where a position stands against its margin: `maintenance` and `balance` (the margin balance) of
 * the position (isolated) or its whole cross account, `wallet` what backs it (isolated: its margin;
 * cross: available + every cross position's margin), whether it must be liquidated now, and the
 * mark at which it would be (`price`) and at which its margin ratio reaches the margin call's
 * (`callPrice`, domain/futures/marginCall.ts).
 */
export interface MarginState {
  liquidate: boolean;
  price: Fx;
  /** Asked for only (`withCallPrice`): the liquidation's own check needs no second price. */
  callPrice?: Fx;
  maintenance: Fx;
  balance: Fx;
  wallet: Fx;
}

/**
 * The liquidation trigger: whether a position (isolated) or its account's cross positions must be
 * liquidated at the marks, and its liquidation price. Isolated: margin + PnL ≤ maintenance.
 * Cross: the wallet balance is the account's available contract USDT (`available()`, read only
 * for cross) plus every cross position's margin; the account is liquidated when wallet + Σ PnL ≤
 * Σ maintenance, the other cross positions counting at their own marks.
 */
export function liquidationCheck(v: Valuation, pos: Position, accountPositions: () => readonly Position[], available: () => Fx, withCallPrice = false): MarginState {
  const brackets = v.bracketsOf(pos.symbol);
  const side = pos.side as 1 | -1;
  const entry = entryPrice(pos);
  const own = positionRisk(v, pos);
  if (pos.mode === 'isolated') {
    const input = { side, quantity: pos.quantity, entry, walletBalance: pos.margin, brackets };
    return {
      liquidate: isLiquidatable(own.maintenance, pos.margin + own.pnl),
      price: liquidationPrice(input),
      ...(withCallPrice && { callPrice: liquidationPrice({ ...input, maintenanceFactor: MARGIN_CALL_FACTOR }) }),
      maintenance: own.maintenance,
      balance: pos.margin + own.pnl,
      wallet: pos.margin,
    };
  }
  const cross = accountPositions().filter((p) => p.side !== 0 && p.mode === 'cross');
  let wallet = available();
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
  const input = { side, quantity: pos.quantity, entry, walletBalance: wallet, othersMaintenance, othersPnl, brackets };
  return {
    liquidate: isLiquidatable(maintenance, wallet + pnl),
    price: liquidationPrice(input),
    ...(withCallPrice && { callPrice: liquidationPrice({ ...input, maintenanceFactor: MARGIN_CALL_FACTOR }) }),
    maintenance,
    balance: wallet + pnl,
    wallet,
  };
}
