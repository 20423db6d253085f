import type { Fx } from '../../../domain/fx.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { MarketData } from '../../kernel/exchange/marketData.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import type { Batch } from './batch.js';
import { bookAll } from './engine/effects.js';
import { endOrder, fillOrder, type FuturesAccounts, type UserRates } from './engine/fill.js';
import { feeRatesFor } from '../../kernel/fees/feeRates.js';
import { fx } from '../../../domain/fx.js';
import type { OrderState } from './orderState.js';
import { lotsToFx, ticksToFx, type FuturesPair } from './pairs.js';

export type { FuturesAccounts } from './engine/fill.js';

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
  const rates = events.some((e) => e.type === 'trade') ? await contractRates(accounts, b, pair.spec.symbol, [...users], now) : undefined;
  for (const e of events) {
    if (e.type === 'trade') {
      const price = ticksToFx(pair, e.price);
      const quantity = lotsToFx(pair, e.quantity);
      fill(b, accounts, b.order(e.makerOrderId)!, price, quantity, true, now, rates?.get(e.makerAccountId));
      fill(b, accounts, b.order(e.takerOrderId)!, price, quantity, false, now, rates?.get(e.takerAccountId));
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

/** Ends an order that will trade no more, giving back what it still holds (engine/fill.ts decides). */
export function finish(b: Batch, o: OrderState, status: typeof S.cancelled | typeof S.invalid, now: number): void {
  const step = endOrder(o, status, now);
  bookAll(b.books, step.movements);
  Object.assign(o, step.order);
  b.touch(o.userId, o.symbol);
}

/**
 * One fill of an order at `price`: the engine (engine/fill.ts) works out the order, the position
 * and the movements; the batch books the movements and takes the new order and position into its
 * working copies (in place: the commands hold them).
 */
export function fill(b: Batch, accounts: FuturesAccounts, o: OrderState, price: Fx, quantity: Fx, maker: boolean, now: number, rates?: UserRates): void {
  const pos = b.position(o.userId, o.symbol);
  b.touch(o.userId, o.symbol);
  const step = fillOrder(o, pos, price, quantity, maker, accounts, () => b.books.available(o.userId), now, rates);
  bookAll(b.books, step.movements);
  Object.assign(o, step.order);
  Object.assign(pos, step.position);
}

/**
 * Each user's own rates in the contract (issue 52 §2), from the kernel's rate cache (keyed by the
 * exchange's accounts: one per process). A rebate (a negative maker rate) the futures books do
 * not pay yet: the desk refuses one for futures, and a maker rate below zero counts as zero here.
 */
async function contractRates(accounts: FuturesAccounts, b: Batch, symbol: string, users: number[], now: number): Promise<Map<number, UserRates>> {
  const rates = await feeRatesFor(accounts, b.tx, 'futures', symbol, users, now);
  const out = new Map<number, UserRates>();
  for (const [id, r] of rates) {
    const maker = fx(r.maker);
    out.set(id, { maker: maker < 0n ? 0n : maker, taker: fx(r.taker) });
  }
  return out;
}
