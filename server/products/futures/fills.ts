import type { Fx } from '../../../domain/fx.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { MarketData } from '../../kernel/exchange/marketData.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import type { Batch } from './batch.js';
import { bookAll } from './engine/effects.js';
import { endOrder, fillOrder, type FuturesAccounts } from './engine/fill.js';
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
export function fill(b: Batch, accounts: FuturesAccounts, o: OrderState, price: Fx, quantity: Fx, maker: boolean, now: number): void {
  const pos = b.position(o.userId, o.symbol);
  b.touch(o.userId, o.symbol);
  const step = fillOrder(o, pos, price, quantity, maker, accounts, () => b.books.available(o.userId), now);
  bookAll(b.books, step.movements);
  Object.assign(o, step.order);
  Object.assign(pos, step.position);
}
