import { FUTURES_FEES, isOpening, LIQUIDATION_FEE_RATE, positionSideOf } from '../../../../domain/futures/api.js';
import { fx, maxFx, minFx, mulFx, type Fx } from '../../../../domain/fx.js';
import { feeOf, initialMargin, openCost } from '../../../../domain/futures/formulas.js';
import { FuturesOrderStatus as S } from '../../../../domain/futures/orderStatus.js';
import type { OrderState } from '../orderState.js';
import type { Position } from '../positions.js';
import { change, transfer, type Movement, type Working } from './effects.js';

/** The platform accounts the futures books move money between, and the market makers (who pay no fee). */
export interface FuturesAccounts {
  pool: number;
  insurance: number;
  fees: number;
  makers: ReadonlySet<number>;
}

/** The seeded default rates (migration 047's futures row): a fill's rates when none are given (the scenario tables). */
export const MAKER_RATE = fx(FUTURES_FEES.maker);
export const TAKER_RATE = fx(FUTURES_FEES.taker);

/** A user's own rates in a contract (issue 52 §2: their tier's or override's, kernel/platform/fees/feeRates.ts). */
export interface UserRates {
  maker: Fx;
  taker: Fx;
}
const LIQUIDATION_RATE = fx(LIQUIDATION_FEE_RATE);

/** What one side of a fill paid (USDT) and the rate it was charged at (futures_trade's fee and rate columns). */
export interface FillCharge {
  fee: Fx;
  rate: Fx;
}

/** An order and its position after a step, with what the ledger must book for it. */
export interface OrderStep {
  order: OrderState;
  position: Position;
  movements: Movement[];
}

/**
 * Ends an order that will trade no more: what it still holds goes back to available; all traded
 * if it was filled in full, else `status` (cancelled, or invalid when the book rejected it).
 */
export function endOrder(o: OrderState, status: typeof S.cancelled | typeof S.invalid, now: number): { order: OrderState; movements: Movement[] } {
  const movements = o.held > 0n ? [change(o.userId, o.held, -o.held, 'futures_hold_release', 'futures_order', o.id)] : [];
  return { order: { ...o, held: 0n, status: o.filled >= o.quantity ? S.allTraded : status, updatedMs: now }, movements };
}

/**
 * One fill of an order at `price` (§ "Money" in docs/ARCHITECTURE.md "Futures"):
 * - opening: the hold for the filled part is released, initial margin (notional ÷ leverage, up)
 *   goes to the pool and the fee to the fee account; the position grows by the quantity and its
 *   signed cost by side × notional; a position opened from flat starts its realised PnL at 0.
 * - closing: the closed share of cost and margin (pro rata, cut toward zero) leaves the position;
 *   realised PnL = side × notional − cost share; the margin share and the PnL are paid from the
 *   pool, the fee to the fee account. A deficit beyond the margin is paid by a cross account's
 *   available (`available()`, read before this fill's movements) and the insurance fund for the
 *   rest; a liquidation gives what is left to the insurance fund (fee, then surplus).
 * Market makers and auto-deleveraged closes pay no fee. `rates`: the user's own rates in the
 * contract (the defaults without). An opening fill releases its share of the hold at the rate the
 * hold reserved (`holdRate`, the user's own taker rate when placed); a fee beyond what the hold and
 * the available balance cover (the user's rate rose since) is cut to what they cover, never overdrawn.
 */
export function fillOrder(o0: OrderState, pos0: Position, price: Fx, quantity: Fx, maker: boolean, accounts: FuturesAccounts, available: () => Fx, now: number, rates?: UserRates): OrderStep & { charge: FillCharge } {
  const o = { ...o0 };
  const pos = { ...pos0 };
  const movements: Movement[] = [];
  const notional = mulFx(quantity, price);
  const rate = accounts.makers.has(o.userId) || o.source === 'adl' ? 0n : maker ? (rates?.maker ?? MAKER_RATE) : (rates?.taker ?? TAKER_RATE);
  let fee = feeOf(notional, rate);
  const u = o.userId;
  o.filled += quantity;
  o.filledValue += notional;
  o.updatedMs = now;

  if (isOpening(o.action)) {
    const side = positionSideOf(o.action);
    if (pos.side === -side) throw new Error(`order ${o.id} would open against an opposite position`);
    const margin = initialMargin(notional, o.leverage);
    const release = o.filled >= o.quantity ? o.held : minFx(o.held, openCost(quantity, o.holdPrice!, o.leverage, o.holdRate));
    o.held -= release;
    if (rate > o.holdRate) fee = minFx(fee, maxFx(0n, release - margin + available()));
    movements.push(
      change(u, release, -release, 'futures_hold_release', 'futures_order', o.id),
      transfer(u, accounts.pool, margin, 'futures_margin', 'futures_order', o.id),
      transfer(u, accounts.fees, fee, 'futures_fee', 'futures_order', o.id),
    );
    o.fee += fee;
    if (pos.side === 0) pos.realised = 0n;
    pos.side = side;
    pos.quantity += quantity;
    pos.cost += BigInt(side) * notional;
    pos.margin += margin;
    pos.mode = o.mode;
    pos.leverage = o.leverage;
    pos.openedMs ??= now;
  } else {
    if (pos.side !== positionSideOf(o.action) || quantity > pos.quantity) throw new Error(`order ${o.id} would close more than the position`);
    // A cross close holds what its price loses beyond the margin (rules.ts closeTerms): this fill's
    // share comes back first, to pay its part of that loss (the last fill takes the rest).
    const before = o.quantity - o.filled + quantity;
    const released = o.held === 0n ? 0n : o.filled >= o.quantity ? o.held : minFx(o.held, (o.held * quantity) / before);
    if (released > 0n) {
      o.held -= released;
      movements.push(change(u, released, -released, 'futures_hold_release', 'futures_order', o.id));
    }
    const { cost, margin, pnl } = closeShare(pos, notional, quantity);
    pos.quantity -= quantity;
    pos.cost -= cost;
    pos.margin -= margin;
    pos.realised += pnl;
    if (pos.quantity === 0n) {
      pos.side = 0;
      pos.openedMs = null;
    }
    o.profit += pnl;
    const liquidation = o.source === 'liquidation';
    // A bankrupt isolated position or a liquidation never pays a fee beyond what the position returns.
    if ((pos.mode === 'isolated' || liquidation) && margin + pnl < fee) fee = maxFx(0n, margin + pnl);
    o.fee += fee;
    const deficit = fee - margin - pnl;
    if (deficit > 0n) {
      const fromUser = pos.mode === 'cross' ? minFx(deficit, available() + released) : 0n;
      movements.push(transfer(accounts.insurance, u, deficit - fromUser, 'insurance_cover', 'futures_order', o.id));
    }
    movements.push(
      transfer(accounts.pool, u, margin, 'futures_margin_release', 'futures_order', o.id),
      transfer(accounts.pool, u, pnl, 'futures_realised_pnl', 'futures_order', o.id),
      transfer(u, accounts.fees, fee, 'futures_fee', 'futures_order', o.id),
    );
    if (liquidation && -deficit > 0n) {
      const left = -deficit;
      const liquidationFee = minFx(left, feeOf(notional, LIQUIDATION_RATE));
      movements.push(
        transfer(u, accounts.insurance, liquidationFee, 'liquidation_fee', 'futures_order', o.id),
        transfer(u, accounts.insurance, left - liquidationFee, 'liquidation_surplus', 'futures_order', o.id),
      );
    }
  }
  if (o.filled >= o.quantity) {
    if (o.held > 0n) movements.push(change(u, o.held, -o.held, 'futures_hold_release', 'futures_order', o.id));
    o.held = 0n;
    o.status = S.allTraded;
  } else o.status = S.partiallyTraded;
  return { order: o, position: pos, movements, charge: { fee, rate } };
}

/** A close's pro-rata share of its position's cost and margin (cut toward zero), and the PnL it realises at `notional`. */
function closeShare(pos: Position, notional: Fx, quantity: Fx): { cost: Fx; margin: Fx; pnl: Fx } {
  const whole = quantity === pos.quantity;
  const cost = whole ? pos.cost : (pos.cost * quantity) / pos.quantity;
  const margin = whole ? pos.margin : (pos.margin * quantity) / pos.quantity;
  return { cost, margin, pnl: BigInt(pos.side) * notional - cost };
}

/** The PnL a fill of `o` would realise at `price` (0 for an opening, or a close its position cannot take), before anything is booked. */
export function realisedBy(o: OrderState, pos: Position, price: Fx, quantity: Fx): Fx {
  if (isOpening(o.action) || pos.side !== positionSideOf(o.action) || quantity > pos.quantity || pos.quantity === 0n) return 0n;
  return closeShare(pos, mulFx(quantity, price), quantity).pnl;
}

// The settle stages over a Working state (effects.ts): the server's batch and the scenario tables' draft run these.

/** settle: one fill of an order at `price` (fillOrder), booked, with the order and position it leaves; answers what the side paid. */
export function settleFill(w: Working, accounts: FuturesAccounts, o: OrderState, price: Fx, quantity: Fx, maker: boolean, now: number, rates?: UserRates): FillCharge {
  const step = fillOrder(o, w.position(o.userId, o.symbol), price, quantity, maker, accounts, () => w.available(o.userId), now, rates);
  w.book(step.movements);
  w.putOrder(step.order);
  w.putPosition(step.position);
  return step.charge;
}

/** settle: an order that will trade no more gives back what it still holds. */
export function settleEnd(w: Working, o: OrderState, status: typeof S.cancelled | typeof S.invalid, now: number): void {
  const step = endOrder(o, status, now);
  w.book(step.movements);
  w.putOrder(step.order);
}
