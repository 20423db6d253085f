import type { FuturesLeveragePush } from '../../../domain/futures/api.js';
import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import { mailTradingNotices } from '../../kernel/platform/auth/securityNotices.js';
import type { Batch } from './batch.js';
import { liquidationCheck } from './margin.js';
import { adoptMarginCalls } from './marginCalls.js';
import type { FuturesMemory } from './memory.js';
import { positionKey } from './positions.js';
import { isOpenStatus } from './engine/rules.js';

/*
 * The publish stage: the exchange's memory after a commit, what it adopts of a batch, the
 * liquidation index and the cross accounts it keeps from that, and the pushes. Only ever called with a committed batch (runner.ts) or by a
 * rebuild, so memory never holds what the database does not.
 */

/** publish: after the commit, memory takes the batch's positions, orders and plans; pushes go out. */
export function adopt(ex: FuturesMemory, b: Batch): void {
  const feed = ex.feed;
  for (const p of b.positions.values()) ex.positions.set(positionKey(p.userId, p.symbol), p);
  for (const o of b.orders.values()) {
    o.storedStatus = o.status;
    o.isNew = false;
    o.unwritten = false;
    const mine = ex.ordersByUser.get(o.userId) ?? new Set<number>();
    if (isOpenStatus(o.status)) {
      ex.orders.set(o.id, o);
      mine.add(o.id);
    } else {
      ex.orders.delete(o.id);
      mine.delete(o.id);
    }
    ex.ordersByUser.set(o.userId, mine);
  }
  for (const id of b.endedPlans) ex.plans.delete(id);
  for (const plan of b.newPlans) ex.plans.set(plan.id, plan);
  // Every change of a cross account's balance in the batch (fees, realised PnL, funding, another
  // position's liquidation) or outside it (a transfer, read by refreshCross) moves the liquidation
  // prices of all its cross positions: they are re-indexed with the commit that changed it.
  const reindex = new Set(b.touched.keys());
  for (const [userId, available] of b.freshAvailable) {
    if (b.books.touched.has(userId)) continue; // the batch's own figure is newer
    ex.crossAvailable.set(userId, available);
    reindex.add(userId);
  }
  for (const userId of b.books.touched) {
    if (!b.positionsOf(userId).some((p) => p.mode === 'cross')) continue;
    ex.crossAvailable.set(userId, b.books.available(userId));
    reindex.add(userId);
  }
  for (const userId of reindex) reindexUser(ex, userId);
  for (const userId of b.books.touched) feed.balancesChanged(userId, [{ currency: 'USDT', account: 'contract' }]);
  for (const [userId, symbols] of b.touched) {
    const ids = [...b.orders.values()].filter((o) => o.userId === userId && symbols.has(o.symbol)).map((o) => o.id);
    feed.message?.(userId, { channel: 'user', kind: 'futures', symbols: [...symbols], orders: ids } as never);
  }
  for (const c of b.leverageChanges) {
    const push: FuturesLeveragePush = { kind: 'futures_leverage', symbol: c.symbol, leverage: c.leverage, time: c.time };
    feed.message?.(c.userId, { channel: 'user', ...push } as never);
  }
  adoptMarginCalls(ex, b);
  for (const userId of new Set(b.told.map((n) => n.userId))) feed.message?.(userId, NOTICE_PUSH);
  // Not awaited: the emails go after the commit and never hold the market up (securityNotices.ts).
  if (b.told.length > 0) void mailTradingNotices(ex.db, b.told);
  for (const [symbol, data] of ex.data) data.published(b.publicTrades.get(symbol) ?? [], (b.candles.get(symbol) ?? new Map()).values());
}

/** Puts a user's positions in the liquidation index at their current liquidation prices. */
export function reindexUser(ex: FuturesMemory, userId: number): void {
  let cross = 0;
  for (const pair of ex.pairs.keys()) {
    const p = ex.positions.get(positionKey(userId, pair));
    if (p && p.side !== 0 && p.mode === 'cross') cross += 1;
  }
  if (cross > 1) ex.multiCross.add(userId);
  else ex.multiCross.delete(userId);
  for (const symbol of ex.pairs.keys()) {
    const p = ex.positions.get(positionKey(userId, symbol));
    let crossHere = ex.crossBySymbol.get(symbol);
    if (!crossHere) ex.crossBySymbol.set(symbol, (crossHere = new Set()));
    if (p && p.side !== 0 && p.mode === 'cross') crossHere.add(userId);
    else crossHere.delete(userId);
    if (!p) continue;
    const key = positionKey(p.userId, p.symbol);
    if (p.side === 0) {
      ex.index.remove(key);
      ex.callIndex.remove(key);
      continue;
    }
    const prices = liquidationCheck(ex, undefined, p, true);
    ex.index.set(key, p.symbol, p.side, prices.price);
    ex.callIndex.set(key, p.symbol, p.side, prices.callPrice!);
  }
}
