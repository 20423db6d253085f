import type { Fx } from '../../../../domain/fx.js';
import type { OrderState } from '../orderState.js';
import type { Position } from '../positions.js';

/**
 * What the engine asks the ledger to book, as data: the I/O layer (books.ts through `bookAll`)
 * replays the list in order onto the batch's locked balances, the scenario tables read it. A
 * `change` moves a user's available and frozen contract USDT (a hold, its release); a `transfer`
 * moves available from one account to another (a negative amount runs the other way).
 */
export type Movement =
  | { kind: 'change'; userId: number; available: Fx; frozen: Fx; reason: string; refType: string; refId: number | null }
  | { kind: 'transfer'; from: number; to: number; amount: Fx; reason: string; refType: string; refId: number | null };

export const change = (userId: number, available: Fx, frozen: Fx, reason: string, refType: string, refId: number | null): Movement => ({
  kind: 'change', userId, available, frozen, reason, refType, refId,
});

export const transfer = (from: number, to: number, amount: Fx, reason: string, refType: string, refId: number | null): Movement => ({
  kind: 'transfer', from, to, amount, reason, refType, refId,
});

/** Whatever books movements: the batch's Books in the server, a plain balance map in the scenario tables. */
export interface Ledger {
  change(userId: number, available: Fx, frozen: Fx, kind: string, refType: string, refId: number | null): void;
  transfer(from: number, to: number, amount: Fx, kind: string, refType: string, refId: number | null): void;
}

/** Books the movements in order (the order matters: an overdraw is refused where it first happens). */
export function bookAll(ledger: Ledger, movements: readonly Movement[]): void {
  for (const m of movements) {
    if (m.kind === 'change') ledger.change(m.userId, m.available, m.frozen, m.reason, m.refType, m.refId);
    else ledger.transfer(m.from, m.to, m.amount, m.reason, m.refType, m.refId);
  }
}

/**
 * What the engine's stages (engine.ts) read and change: the scenario tables' draft over a plain
 * state, and the server's batch over its working copies of memory (batch.ts). The stages never
 * know which; both run the same functions.
 */
export interface Working {
  /** A user's available contract USDT as the step has left it. */
  available(userId: number): Fx;
  /** A position as it stands (the server takes its working copy here). */
  position(userId: number, symbol: string): Position;
  /** Visits a user's open orders (optionally on one pair) as they stand, in no order. */
  eachOpenOrder(userId: number, symbol: string | undefined, visit: (o: OrderState) => void): void;
  /** Books movements in order (an overdraw is refused where it first happens). */
  book(movements: readonly Movement[]): void;
  /** An order as it now is (a new one, or the next state of one the step read). */
  putOrder(o: OrderState): void;
  /** A position as it now is. */
  putPosition(p: Position): void;
}
