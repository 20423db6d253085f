import type { SpotOrder } from '../../../domain/spotOrders.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { Candle } from '../../kernel/exchange/market/candles.js';
import { readLiveCandles } from '../../kernel/platform/marketHistory/klineHistory.js';
import { decimalToUnits } from '../../kernel/exchange/market/units.js';
import type { MarketData } from '../../kernel/exchange/marketData.js';
import { CancelReason, type EngineEvent, type OrderBookEngine, type Side, type TimeInForce } from '../../kernel/exchange/matching/types.js';
import type { PairSpec } from '../../kernel/exchange/pairSpec.js';
import { orderViewJson } from './orderViews.js';
import { SETTLED_INTERVAL } from './pipeline/candleStore.js';

/**
 * The reads of a spot market's rebuild (SpotMarket.restore, and the sequencer's rebuild after a
 * failed batch): recent trades, the candles in progress, the open orders replayed into the engine.
 */

/** A trade of the last day, as read. */
export type RecentTrade = { id: number; price: string; quantity: string; taker_side: Side; created_ms: number };

/**
 * The trades since `since` into `data` (24h statistics, the latest trades list, the last price);
 * answers them in id order.
 */
export async function restoreTrades(db: Database, spec: PairSpec, data: MarketData, since: number): Promise<RecentTrade[]> {
  const { left, right, pricePrecision: pp, amountPrecision: ap } = spec;
  const recent = await db.query<RecentTrade>(
    `select id, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, taker_side, created_ms
     from spot_trade where left_symbol = $1 and right_symbol = $2 and created_ms >= $3 order by id`,
    [left, right, since],
  );
  for (const t of recent) data.restoreTrade(Number(t.created_ms), decimalToUnits(t.price, pp)!, decimalToUnits(t.quantity, ap)!);
  // No trade in the day: the newest older one still gives the tick its last price (zero volume).
  // Read only then, and only a real trade's, never a generated chart's close.
  if (recent.length === 0) {
    const [newest] = await db.query<{ price: string }>(
      `select trim_scale(price)::text as price from spot_trade where left_symbol = $1 and right_symbol = $2 order by id desc limit 1`,
      [left, right],
    );
    if (newest) data.restoreLastPrice(decimalToUnits(newest.price, pp));
  }
  data.restoreTradeList(
    recent
      .slice(-50)
      .reverse()
      .map((t) => ({ id: Number(t.id), time: Number(t.created_ms), price: t.price, quantity: t.quantity, side: t.taker_side })),
  );
  return recent;
}

/**
 * The coarse candles as last saved into `data`, then the `recent` trades their save did not include
 * yet; the candles those trades changed go to `unsaved` (by interval and open time).
 */
export async function restoreCandles(db: Database, spec: PairSpec, data: MarketData, recent: readonly RecentTrade[], unsaved: Map<string, Candle>): Promise<void> {
  const { left, right, pricePrecision: pp, amountPrecision: ap } = spec;
  const restored = await readLiveCandles(db, 'candle', left, right, pp, ap);
  for (const candle of restored) data.restoreCandle(candle);
  for (const { interval, openTime, lastTradeId } of restored) {
    if (interval === SETTLED_INTERVAL) continue;
    for (const t of recent) {
      if (Number(t.id) <= (lastTradeId ?? 0) || Number(t.created_ms) < openTime) continue;
      for (const c of data.replayCandleTrade(interval, Number(t.created_ms), decimalToUnits(t.price, pp)!, decimalToUnits(t.quantity, ap)!)) {
        unsaved.set(`${c.interval}:${c.openTime}`, c);
      }
    }
  }
}

/**
 * Every open order replayed into `engine` in id order, which restores price-time priority, each
 * told to `placed` with when it was placed (its `created_ms`: the seconds index's book as of an
 * instant, restedBook.ts). Answers the events to settle: trades of orders that cross on replay (a
 * crash between recording and matching), and the end of those that never rest (interrupted
 * mid-flight: they give back what they hold).
 */
export async function replayOpenOrders(
  db: Database,
  spec: PairSpec,
  engine: OrderBookEngine,
  placed: (orderId: number, createdMs: number) => void = () => undefined,
): Promise<EngineEvent[]> {
  const { left, right, pricePrecision: pp, amountPrecision: ap } = spec;
  const open = await db.query<{ id: number; user_id: number; side: Side; type: 'limit' | 'market'; tif: TimeInForce; price: string; quantity: string; filled: string; created_ms: string }>(
    `select id, user_id, side, type, tif, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, trim_scale(filled)::text as filled, created_ms
     from spot_order where left_symbol = $1 and right_symbol = $2 and status in (1, 2) order by id`,
    [left, right],
  );
  const events: EngineEvent[] = [];
  for (const o of open) {
    const id = Number(o.id);
    const userId = Number(o.user_id);
    const remaining = decimalToUnits(o.quantity, ap)! - decimalToUnits(o.filled, ap)!;
    if (o.type === 'market' || o.tif !== 'GTC' || remaining <= 0) {
      // Never rests: it was interrupted mid-flight, so it ends now, giving back what it holds.
      events.push({ type: 'cancelled', orderId: id, accountId: userId, remaining, reason: CancelReason.unfilled });
      continue;
    }
    engine.execute(
      { kind: 'place', orderId: id, accountId: userId, side: o.side, type: 'limit', price: decimalToUnits(o.price, pp)!, quantity: remaining, tif: 'GTC', stp: 'cancelTaker' },
      events,
    );
    placed(id, Number(o.created_ms));
  }
  return events;
}

/**
 * The pair's orders written (placed, filled, cancelled: `updated_ms`, the writer's clock) since
 * `since`, as they are now, by user: what a new owner tells after a takeover (SpotMarket.tellRestored).
 * No index serves `updated_ms` (one would cost every batch): it reads the pair's rows once per restore.
 */
export async function ordersWrittenSince(
  db: Database,
  spec: PairSpec,
  since: number,
): Promise<{ byUser: Map<number, Set<number>>; views: Map<number, SpotOrder> }> {
  const rows = await db.query<{ user_id: number; view: SpotOrder }>(
    `select o.user_id, ${orderViewJson('o', '$4')} as view from spot_order o
     where o.left_symbol = $1 and o.right_symbol = $2 and o.updated_ms >= $3 order by o.id`,
    [spec.left, spec.right, since, spec.pricePrecision],
  );
  const byUser = new Map<number, Set<number>>();
  const views = new Map<number, SpotOrder>();
  for (const { user_id, view } of rows) {
    const id = Number(view.id);
    views.set(id, view);
    const userId = Number(user_id);
    byUser.set(userId, (byUser.get(userId) ?? new Set<number>()).add(id));
  }
  return { byUser, views };
}
