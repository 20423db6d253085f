import { FUTURES_FEES, isOpening, LIQUIDATION_FEE_RATE, positionSideOf } from '../../../domain/futures/api.js';
import { fx, maxFx, minFx, mulFx, type Fx } from '../../../domain/futures/fixed.js';
import { feeOf, initialMargin, openCost } from '../../../domain/futures/formulas.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { MarketData } from '../../kernel/exchange/marketData.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import type { Batch } from './batch.js';
import type { OrderState } from './orderState.js';
import { lotsToFx, ticksToFx, type FuturesPair } from './pairs.js';

/** The platform accounts the futures books move money between, and the market makers (who pay no fee). */
export interface FuturesAccounts {
  pool: number;
  insurance: number;
  fees: number;
  makers: ReadonlySet<number>;
}

const MAKER_RATE = fx(FUTURES_FEES.maker);
export const TAKER_RATE = fx(FUTURES_FEES.taker);
const LIQUIDATION_RATE = fx(LIQUIDATION_FEE_RATE);

/**
 * Carries a command's engine events into the batch: fills move positions and money, cancels and
 * refusals give back what an order still holds. Every account the events name is locked first.
 */
export async function applyEvents(b: Batch, pair: FuturesPair, data: MarketData, accounts: FuturesAccounts, events: EngineEvent[], now: number): Promise<void> {
  const users = new Set<number>();
  for (const e of events) {
    if (e.type === 'trade') users.add(e.makerAccountId).add(e.takerAccountId);
    else users.add(e.accountId);
  }
  await b.books.lock(users);
  for (const e of events) {
    if (e.type === 'trade') {
      const price = ticksToFx(pair, e.price);
      const quantity = lotsToFx(pair, e.quantity);
      fill(b, accounts, b.order(e.makerOrderId)!, price, quantity, true, now);
      fill(b, accounts, b.order(e.takerOrderId)!, price, quantity, false, now);
      b.trades.push({ symbol: pair.spec.symbol, price, quantity, takerSide: e.takerSide, makerOrderId: e.makerOrderId, takerOrderId: e.takerOrderId, time: now, priceTicks: e.price, lots: e.quantity });
      const changed = b.candles.get(pair.spec.symbol) ?? new Map();
      for (const c of data.addTrade(now, e.price, e.quantity)) changed.set(c.interval, c);
      b.candles.set(pair.spec.symbol, changed);
    } else if (e.type === 'cancelled' || e.type === 'rejected') {
      const o = b.order(e.orderId);
      if (o) finish(b, o, e.type === 'rejected' ? S.invalid : S.cancelled, now);
    }
  }
}

/** Ends an order that will trade no more, giving back what it still holds. */
export function finish(b: Batch, o: OrderState, status: typeof S.cancelled | typeof S.invalid, now: number): void {
  if (o.held > 0n) {
    b.books.change(o.userId, o.held, -o.held, 'futures_hold_release', 'futures_order', o.id);
    o.held = 0n;
  }
  o.status = o.filled >= o.quantity ? S.allTraded : status;
  o.updatedMs = now;
  b.touch(o.userId, o.symbol);
}

/** One fill of an order at `price`: the position, margin, PnL and fees move in the batch's books. */
export function fill(b: Batch, accounts: FuturesAccounts, o: OrderState, price: Fx, quantity: Fx, maker: boolean, now: number): void {
  const notional = mulFx(quantity, price);
  // Market makers and positions closed by auto-deleveraging pay no fee.
  const rate = accounts.makers.has(o.userId) || o.source === 'adl' ? 0n : maker ? MAKER_RATE : TAKER_RATE;
  let fee = feeOf(notional, rate);
  const pos = b.position(o.userId, o.symbol);
  const u = o.userId;
  o.filled += quantity;
  o.filledValue += notional;
  o.updatedMs = now;
  b.touch(u, o.symbol);

  if (isOpening(o.action)) {
    const side = positionSideOf(o.action);
    if (pos.side === -side) throw new Error(`order ${o.id} would open against an opposite position`);
    const margin = initialMargin(notional, o.leverage);
    const release = o.filled >= o.quantity ? o.held : minFx(o.held, openCost(quantity, o.holdPrice!, o.leverage, TAKER_RATE));
    o.held -= release;
    b.books.change(u, release, -release, 'futures_hold_release', 'futures_order', o.id);
    b.books.transfer(u, accounts.pool, margin, 'futures_margin', 'futures_order', o.id);
    b.books.transfer(u, accounts.fees, fee, 'futures_fee', 'futures_order', o.id);
    o.fee += fee;
    // A position opened from flat starts its own realised PnL (the average position price uses it).
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
    const whole = quantity === pos.quantity;
    const cost = whole ? pos.cost : (pos.cost * quantity) / pos.quantity;
    const margin = whole ? pos.margin : (pos.margin * quantity) / pos.quantity;
    const pnl = BigInt(pos.side) * notional - cost;
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
      // Beyond the margin: a cross account pays from its available balance first; the insurance fund pays the rest.
      const fromUser = pos.mode === 'cross' ? minFx(deficit, b.books.available(u)) : 0n;
      b.books.transfer(accounts.insurance, u, deficit - fromUser, 'insurance_cover', 'futures_order', o.id);
    }
    b.books.transfer(accounts.pool, u, margin, 'futures_margin_release', 'futures_order', o.id);
    b.books.transfer(accounts.pool, u, pnl, 'futures_realised_pnl', 'futures_order', o.id);
    b.books.transfer(u, accounts.fees, fee, 'futures_fee', 'futures_order', o.id);
    if (liquidation && -deficit > 0n) {
      // What the liquidated margin still held goes to the insurance fund: the fee, then the surplus.
      const left = -deficit;
      const liquidationFee = minFx(left, feeOf(notional, LIQUIDATION_RATE));
      b.books.transfer(u, accounts.insurance, liquidationFee, 'liquidation_fee', 'futures_order', o.id);
      b.books.transfer(u, accounts.insurance, left - liquidationFee, 'liquidation_surplus', 'futures_order', o.id);
    }
  }
  if (o.filled >= o.quantity) {
    if (o.held > 0n) {
      b.books.change(u, o.held, -o.held, 'futures_hold_release', 'futures_order', o.id);
      o.held = 0n;
    }
    o.status = S.allTraded;
  } else o.status = S.partiallyTraded;
}
