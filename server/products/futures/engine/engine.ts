import type { MarginAdjustment, MarginMode } from '../../../../domain/futures/api.js';
import type { Fx } from '../../../../domain/fx.js';
import { FuturesOrderStatus as S } from '../../../../domain/futures/orderStatus.js';
import type { BookLevel } from '../../../kernel/exchange/matching/types.js';
import type { PlaceRequest } from '../commands.js';
import type { OrderState } from '../orderState.js';
import type { FuturesPair } from '../pairs.js';
import { flatPosition, positionKey, type Position } from '../positions.js';
import { changeLeverage, changeMargin, payFunding, unbackedCloses } from './account.js';
import type { Ledger, Movement, Working } from './effects.js';
import { bookAll } from './effects.js';
import { settleEnd, settleFill, TAKER_RATE, type FuturesAccounts } from './fill.js';
import { decide, hold } from './place.js';
import { liquidationCheck, type Valuation } from './risk.js';
import { isOpenStatus, isRefusal, type Refusal } from './rules.js';

// The engine's stages, one import for the server's batch (place.ts, handlers.ts, fills.ts, adl.ts, funding.ts, rebuild.ts).
export { changeLeverage, changeMargin, payFunding, unbackedCloses } from './account.js';
export type { Working } from './effects.js';
export { settleEnd, settleFill } from './fill.js';
export { closable, decide, hold } from './place.js';

/**
 * The futures engine: the pure stages of a command — decide and hold (place.ts), settle (fill.ts),
 * leverage, margin and funding (account.ts) — each over a `Working` state (effects.ts), never
 * touching a database, a clock (time comes in as `now`), a key or a socket. The server's batch
 * (runner.ts → place.ts, handlers.ts, fills.ts, funding.ts) runs these same functions on its
 * working copies, with its I/O (claims, locks, ids, the book, the writes) between them;
 * `FuturesEngine.step` strings them over a plain state so scenario tables can drive them
 * (tests/server/futures/engine.scenarios.test.ts). Matching stays in the kernel's order book: a
 * `place` decides and holds, a `fill` is what the book traded.
 */

export interface Balance {
  available: Fx;
  frozen: Fx;
}

export interface EngineState {
  balances: ReadonlyMap<number, Balance>;
  /** By positionKey(userId, symbol). */
  positions: ReadonlyMap<string, Position>;
  /** Every order the engine named, open or ended. */
  orders: ReadonlyMap<number, OrderState>;
  /** Each pair's mark price (absent while none is published: the entry counts). */
  marks: ReadonlyMap<string, Fx>;
  nextOrderId: number;
}

export type EngineCommand =
  | { kind: 'place'; request: Omit<PlaceRequest, 'key'>; bids?: readonly BookLevel[]; asks?: readonly BookLevel[]; takerRate?: Fx }
  | { kind: 'fill'; orderId: number; price: Fx; quantity: Fx; maker: boolean }
  | { kind: 'cancel'; userId: number; orderId: number }
  | { kind: 'mark'; symbol: string; mark: Fx }
  | { kind: 'funding'; symbol: string; rate: Fx; fundingMs: number }
  | { kind: 'margin'; userId: number; symbol: string; type: MarginAdjustment; amount: string }
  | { kind: 'leverage'; userId: number; symbol: string; leverage: number; mode: MarginMode };

/** What a step asks the I/O layer to do: book a movement, write a row, tell of a liquidation trigger or a refusal. */
export type Effect =
  | { kind: 'ledger'; movement: Movement }
  | { kind: 'position'; position: Position }
  | { kind: 'order'; order: OrderState }
  | { kind: 'liquidate'; userId: number; symbol: string; price: Fx }
  | { kind: 'refused'; refusal: Refusal };

export interface StepResult {
  state: EngineState;
  effects: Effect[];
}

/** A step's working copy: maps copied once, changed in place, handed back as the next state. */
class Draft implements Ledger, Working {
  readonly balances: Map<number, Balance>;
  readonly positions: Map<string, Position>;
  readonly orders: Map<number, OrderState>;
  readonly marks: Map<string, Fx>;
  nextOrderId: number;
  readonly effects: Effect[] = [];

  constructor(s: EngineState) {
    this.balances = new Map(s.balances);
    this.positions = new Map(s.positions);
    this.orders = new Map(s.orders);
    this.marks = new Map(s.marks);
    this.nextOrderId = s.nextOrderId;
  }

  available = (userId: number): Fx => this.balances.get(userId)?.available ?? 0n;
  position = (userId: number, symbol: string): Position => this.positions.get(positionKey(userId, symbol)) ?? flatPosition(userId, symbol);

  change(userId: number, available: Fx, frozen: Fx): void {
    if (available === 0n && frozen === 0n) return;
    const b = this.balances.get(userId) ?? { available: 0n, frozen: 0n };
    if (b.available + available < 0n || b.frozen + frozen < 0n) throw new Error(`not enough USDT in the contract account of ${userId}`);
    this.balances.set(userId, { available: b.available + available, frozen: b.frozen + frozen });
  }

  transfer(from: number, to: number, amount: Fx): void {
    if (amount === 0n) return;
    if (amount < 0n) return this.transfer(to, from, -amount);
    this.change(from, -amount, 0n);
    this.change(to, amount, 0n);
  }

  book(movements: readonly Movement[]): void {
    bookAll(this, movements);
    for (const movement of movements) this.effects.push({ kind: 'ledger', movement });
  }

  putPosition(p: Position): void {
    this.positions.set(positionKey(p.userId, p.symbol), p);
    this.effects.push({ kind: 'position', position: p });
  }

  putOrder(o: OrderState): void {
    this.orders.set(o.id, o);
    this.effects.push({ kind: 'order', order: o });
  }

  eachOpenOrder(userId: number, symbol: string | undefined, visit: (o: OrderState) => void): void {
    for (const o of this.orders.values()) if (o.userId === userId && (!symbol || o.symbol === symbol) && isOpenStatus(o.status)) visit(o);
  }

  result(): StepResult {
    const { balances, positions, orders, marks, nextOrderId, effects } = this;
    return { state: { balances, positions, orders, marks, nextOrderId }, effects };
  }
}

export class FuturesEngine {
  constructor(
    readonly pairs: ReadonlyMap<string, FuturesPair>,
    readonly accounts: FuturesAccounts,
  ) {}

  /** An empty state: the given contract balances, nothing open. */
  static state(balances: Iterable<[number, Fx]>): EngineState {
    return { balances: new Map([...balances].map(([u, available]) => [u, { available, frozen: 0n }])), positions: new Map(), orders: new Map(), marks: new Map(), nextOrderId: 1 };
  }

  /** Commands one after another, the effects of all of them in order. */
  run(state: EngineState, commands: readonly EngineCommand[], now: number): StepResult {
    const effects: Effect[] = [];
    for (const c of commands) {
      const r = this.step(state, c, now);
      state = r.state;
      effects.push(...r.effects);
    }
    return { state, effects };
  }

  step(state: EngineState, c: EngineCommand, now: number): StepResult {
    const d = new Draft(state);
    const refused = (refusal: Refusal) => ({ state, effects: [{ kind: 'refused', refusal } as Effect] });
    switch (c.kind) {
      case 'place': {
        const pair = this.pairs.get(c.request.symbol);
        if (!pair) return refused({ refusal: 'futuresUnknownPair' });
        const decision = decide(d, pair, c.request, c.bids ?? [], c.asks ?? [], c.takerRate ?? TAKER_RATE, d.marks.get(c.request.symbol));
        if (isRefusal(decision)) return refused(decision);
        hold(d, decision, c.request, d.nextOrderId++, now);
        break;
      }
      case 'fill': {
        const o = d.orders.get(c.orderId);
        if (!o || !isOpenStatus(o.status)) return refused({ refusal: 'futuresUnknownOrder' });
        settleFill(d, this.accounts, o, c.price, c.quantity, c.maker, now);
        break;
      }
      case 'cancel': {
        const o = d.orders.get(c.orderId);
        if (!o || o.userId !== c.userId || !isOpenStatus(o.status)) return refused({ refusal: 'futuresUnknownOrder' });
        settleEnd(d, o, S.cancelled, now);
        break;
      }
      case 'mark': {
        d.marks.set(c.symbol, c.mark);
        this.liquidationTriggers(d, c.symbol);
        break;
      }
      case 'funding': {
        const mark = d.marks.get(c.symbol);
        if (mark === undefined) break;
        const open = [...d.positions.values()].filter((p) => p.symbol === c.symbol && p.side !== 0);
        payFunding(d, this.accounts, open, mark, c.rate, c.fundingMs);
        // Here no book holds the closes: a close nothing backs any more simply ends.
        for (const p of open) if (d.position(p.userId, c.symbol).margin < p.margin) for (const o of unbackedCloses(d, p.userId, c.symbol)) settleEnd(d, o, S.cancelled, now);
        break;
      }
      case 'margin': {
        const pair = this.pairs.get(c.symbol);
        if (!pair) return refused({ refusal: 'futuresUnknownPair' });
        const next = changeMargin(d, pair, this.accounts, d.marks.get(c.symbol), c.userId, c.symbol, c.type, c.amount);
        if (isRefusal(next)) return refused(next);
        break;
      }
      case 'leverage': {
        const pair = this.pairs.get(c.symbol);
        if (!pair) return refused({ refusal: 'futuresUnknownPair' });
        const no = changeLeverage(d, pair, c.userId, c.symbol, c.leverage, c.mode);
        if (no) return refused(no);
        break;
      }
    }
    return d.result();
  }

  /** Every position a mark on `symbol` may liquidate (its own, and cross accounts holding it), checked exactly. */
  private liquidationTriggers(d: Draft, symbol: string): void {
    const valuation: Valuation = { bracketsOf: (s) => this.pairs.get(s)!.brackets, markOf: (s) => d.marks.get(s) };
    const users = new Set([...d.positions.values()].filter((p) => p.symbol === symbol && p.side !== 0).map((p) => p.userId));
    const accountPositions = (userId: number) => [...d.positions.values()].filter((p) => p.userId === userId);
    for (const p of d.positions.values()) {
      if (p.side === 0 || !users.has(p.userId) || (p.symbol !== symbol && p.mode !== 'cross')) continue;
      const check = liquidationCheck(valuation, p, () => accountPositions(p.userId), () => d.available(p.userId));
      if (check.liquidate) d.effects.push({ kind: 'liquidate', userId: p.userId, symbol: p.symbol, price: check.price });
    }
  }
}
