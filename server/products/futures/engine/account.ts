import { isOpening, type MarginAdjustment, type MarginMode } from '../../../../domain/futures/api.js';
import type { LeverageBracket } from '../../../../domain/futures/brackets.js';
import { fundingPayment } from '../../../../domain/futures/formulas.js';
import { minFx, type Fx } from '../../../../domain/fx.js';
import type { Position } from '../positions.js';
import { transfer, type Movement, type Working } from './effects.js';
import { remainingOf, type OrderState } from '../orderState.js';
import type { FuturesAccounts } from './fill.js';
import type { FuturesPair } from '../pairs.js';
import { isRefusal, leverageLocked, leverageRefusal, lossBeyondMargin, marginAmountRefusal, marginChange, type Refusal } from './rules.js';

/**
 * The engine's account-level steps: leverage and margin mode, an isolated position's margin, and
 * a pair's funding. Each takes the state it needs as values and returns the new position(s) and
 * the ledger movements, or a refusal; the I/O layer (handlers.ts, funding.ts) books them.
 */

/** A new leverage and margin mode for a pair: a valid leverage, and only while nothing is open or waiting there. */
export function leverageStep(brackets: readonly LeverageBracket[], pos: () => Position, openOrders: () => boolean, leverage: number, mode: MarginMode): Position | Refusal {
  const invalid = leverageRefusal(brackets, leverage);
  if (invalid) return invalid;
  const p = pos();
  const locked = leverageLocked(p, openOrders(), leverage, mode);
  return locked ?? { ...p, leverage, mode };
}

/** An isolated position's margin added (from available into the pool) or removed (back), within rules.ts marginChange. */
export function marginStep(o: { type: MarginAdjustment; amount: string; pos: () => Position; available: () => Fx; mark: Fx | undefined; brackets: readonly LeverageBracket[]; accounts: FuturesAccounts; closePrices?: readonly Fx[] }): { position: Position; movements: Movement[] } | Refusal {
  const invalid = marginAmountRefusal(o.amount);
  if (invalid) return invalid;
  const pos = o.pos();
  const delta = marginChange({ type: o.type, amount: o.amount, pos, available: o.available(), mark: o.mark, brackets: o.brackets, closePrices: o.closePrices });
  if (isRefusal(delta)) return delta;
  const movement = delta > 0n
    ? transfer(pos.userId, o.accounts.pool, delta, 'futures_margin', 'futures_position', null)
    : transfer(o.accounts.pool, pos.userId, -delta, 'futures_margin_release', 'futures_position', null);
  return { position: { ...pos, margin: pos.margin + delta }, movements: [movement] };
}

/**
 * One pair's funding at `rate` (§ Funding): each open position pays or receives notional at mark ×
 * rate (formulas.ts fundingPayment: payers rounded up, receivers down, to 8 places), cleared through
 * the insurance fund. A payer short of available pays the rest from the position's margin (out of
 * the pool); beyond that the fund bears it. `availableOf` is read before the user's own movements
 * (one position per user and pair, so before anything of this funding touches that user).
 */
export function fundingStep(positions: readonly Position[], mark: Fx, rate: Fx, availableOf: (userId: number) => Fx, accounts: FuturesAccounts, fundingMs: number): { positions: Position[]; movements: Movement[]; paid: Fx; received: Fx } {
  const out: Position[] = [];
  const movements: Movement[] = [];
  let paid = 0n;
  let received = 0n;
  for (const pos of positions) {
    const amount = fundingPayment(pos.side as 1 | -1, pos.quantity, mark, rate);
    let margin = pos.margin;
    if (amount > 0n) {
      movements.push(transfer(accounts.insurance, pos.userId, amount, 'funding', 'futures_funding', fundingMs));
      received += amount;
    } else if (amount < 0n) {
      const due = -amount;
      const fromAvailable = minFx(due, availableOf(pos.userId));
      const fromMargin = minFx(due - fromAvailable, margin);
      margin -= fromMargin;
      movements.push(
        transfer(pos.userId, accounts.insurance, fromAvailable, 'funding', 'futures_funding', fundingMs),
        transfer(accounts.pool, accounts.insurance, fromMargin, 'funding', 'futures_funding', fundingMs),
      );
      paid += fromAvailable + fromMargin;
    }
    out.push(margin === pos.margin ? pos : { ...pos, margin });
  }
  return { positions: out, movements, paid, received };
}

// The account stages over a Working state (effects.ts): the server's batch and the scenario tables' draft run these.

/** A new leverage and margin mode for a pair (leverageStep), or its refusal. */
export function changeLeverage(w: Working, pair: FuturesPair, userId: number, symbol: string, leverage: number, mode: MarginMode): Refusal | undefined {
  const anyOpen = () => {
    let open = false;
    w.eachOpenOrder(userId, symbol, () => (open = true));
    return open;
  };
  // The position is read only once the leverage is valid (the server's read takes a working copy).
  const next = leverageStep(pair.brackets, () => w.position(userId, symbol), anyOpen, leverage, mode);
  if (isRefusal(next)) return next;
  w.putPosition(next);
  return undefined;
}

/** An isolated position's margin added or removed (marginStep): the position it leaves, or the refusal. */
export function changeMargin(
  w: Working, pair: FuturesPair, accounts: FuturesAccounts, mark: Fx | undefined, userId: number, symbol: string, type: MarginAdjustment, amount: string,
): Position | Refusal {
  // The prices of the position's resting closes: a removal keeps the margin they were accepted on.
  const closePrices: Fx[] = [];
  w.eachOpenOrder(userId, symbol, (o) => {
    if (!isOpening(o.action) && o.price !== null) closePrices.push(o.price);
  });
  const step = marginStep({ type, amount, pos: () => w.position(userId, symbol), available: () => w.available(userId), mark, brackets: pair.brackets, accounts, closePrices });
  if (isRefusal(step)) return step;
  w.book(step.movements);
  w.putPosition(step.position);
  return step.position;
}

/** A pair's funding over its open positions (fundingStep), booked; what was paid and received. */
export function payFunding(w: Working, accounts: FuturesAccounts, open: readonly Position[], mark: Fx, rate: Fx, fundingMs: number): { paid: Fx; received: Fx } {
  const step = fundingStep(open, mark, rate, (u) => w.available(u), accounts, fundingMs);
  w.book(step.movements);
  for (const p of step.positions) w.putPosition(p);
  return step;
}

/**
 * A user's resting closes on `symbol` checked again once the position's margin fell (a funding
 * payment the available balance could not cover came out of it, so nothing is left to hold more
 * from): each was accepted where its price lost nothing beyond the margin it frees plus what it
 * holds (rules.ts closeTerms). Those that now lose more are answered, for the I/O layer to cancel:
 * left in the book, a fill there would have the insurance fund pay a loss the user chose.
 */
export function unbackedCloses(w: Working, userId: number, symbol: string): OrderState[] {
  const pos = w.position(userId, symbol);
  const unbacked: OrderState[] = [];
  w.eachOpenOrder(userId, symbol, (o) => {
    if (!isOpening(o.action) && o.price !== null && o.source !== 'liquidation' && lossBeyondMargin(pos, remainingOf(o), o.price) > o.held) unbacked.push(o);
  });
  return unbacked.sort((a, b) => a.id - b.id);
}
