import { fx } from '../../../domain/fx.js';
import type { MarginMode } from '../../../domain/futures/api.js';
import { bookSideOf } from '../../../domain/futures/api.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import { DEPTH_LEVELS } from '../../kernel/exchange/marketData.js';
import { decimalToUnits } from '../../kernel/exchange/market/units.js';
import { CandleBuilder, type Candle } from '../../kernel/exchange/market/candles.js';
import { readLiveCandles } from '../../kernel/platform/marketHistory/klineHistory.js';
import type { FuturesPair } from './pairs.js';
import { createEngine } from '../../kernel/exchange/matching/index.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import { Batch, candleRows, upsertFuturesCandles } from './batch.js';
import { KLINE_INTERVALS } from '../../../domain/constants.js';
import { adopt, reindexUser } from './adopt.js';
import { loadMarginCalls } from './marginCalls.js';
import { settleEnd } from './engine/engine.js';
import type { FuturesMemory } from './memory.js';
import { ORDER_COLUMNS, orderFromRow, remainingOf, type OrderRow, type OrderState } from './orderState.js';
import { fxToLots, fxToTicks } from './pairs.js';
import { PLAN_COLUMNS, planFromRow, type PlanRow } from './plans.js';
import { flatPosition, positionKey, type Position } from './positions.js';

/**
 * Rebuilds the exchange's memory from the database (at start, and after a batch failed once an
 * engine had moved): positions, each cross account's available balance, the day's trades (24 h
 * figures, latest trades, candles), every open order replayed into fresh engines in id order, the
 * waiting plans and the liquidation index. Orders recorded but never matched (cut short by a
 * crash) end and give back what they hold.
 */
export async function rebuildExchange(ex: FuturesMemory): Promise<void> {
    ex.sequencer.stale = true;
    ex.positions.clear();
    ex.crossBySymbol.clear();
    ex.orders.clear();
    ex.ordersByUser.clear();
    ex.plans.clear();
    for (const pair of ex.pairs.values()) {
      ex.engines.set(pair.spec.symbol, createEngine());
      ex.data.get(pair.spec.symbol)!.reset();
    }
    const positions = await ex.db.query<{ user_id: number; symbol: string; side: number; quantity: string; cost: string; margin: string; margin_mode: MarginMode; leverage: number; realised: string; opened_ms: number | null }>(
      `select user_id, left_symbol || '_' || right_symbol as symbol, side, quantity::text as quantity, cost::text as cost, margin::text as margin,
         margin_mode, leverage, realised::text as realised, opened_ms from futures_position`,
    );
    for (const r of positions) {
      const p: Position = { ...flatPosition(Number(r.user_id), r.symbol, r.leverage, r.margin_mode), side: r.side as Position['side'], quantity: fx(r.quantity), cost: fx(r.cost), margin: fx(r.margin), realised: fx(r.realised), openedMs: r.opened_ms === null ? null : Number(r.opened_ms) };
      ex.positions.set(positionKey(p.userId, p.symbol), p);
    }
    const cross = await ex.db.query<{ user_id: number; available: string }>(
      `select b.user_id, b.available::text as available from balance b where b.currency = 'USDT' and b.account = 'contract'
         and exists (select 1 from futures_position p where p.user_id = b.user_id and p.side <> 0 and p.margin_mode = 'cross')`,
    );
    for (const r of cross) ex.crossAvailable.set(Number(r.user_id), fx(r.available));
    const since = ex.clock() - 86_400_000;
    for (const pair of ex.pairs.values()) {
      const data = ex.data.get(pair.spec.symbol)!;
      const trades = await ex.db.query<{ id: number; price: string; quantity: string; taker_side: 'buy' | 'sell'; created_ms: number }>(
        `select id, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, taker_side, created_ms from futures_trade
         where left_symbol = $1 and right_symbol = $2 and created_ms >= $3 order by id`,
        [pair.spec.left, pair.spec.right, since],
      );
      for (const t of trades) data.restoreTrade(Number(t.created_ms), decimalToUnits(t.price, pair.spec.pricePrecision)!, decimalToUnits(t.quantity, pair.spec.amountPrecision)!);
      data.restoreTradeList(trades.slice(-50).reverse().map((t) => ({ id: Number(t.id), time: Number(t.created_ms), price: t.price, quantity: t.quantity, side: t.taker_side })));
      await backfillCandles(ex, pair);
      // The candles in progress carry on from their rows (a week's or a month's began before today).
      const { left, right, pricePrecision, amountPrecision } = pair.spec;
      for (const c of await readLiveCandles(ex.db, 'futures_candle', left, right, pricePrecision, amountPrecision)) data.restoreCandle(c);
      // The last price is the newest real trade's, however old: the contract chart's history may be
      // generated (seedChart.ts), and its close would otherwise move the mark's basis and fire
      // last-price plans at a price nobody traded.
      // (The day's trades above set it already; older ones are read only when there are none.)
      if (trades.length === 0) {
        const [newest] = await ex.db.query<{ price: string }>(
          `select trim_scale(price)::text as price from futures_trade where left_symbol = $1 and right_symbol = $2 order by created_ms desc, id desc limit 1`,
          [left, right],
        );
        data.restoreLastPrice(newest ? decimalToUnits(newest.price, pricePrecision) : undefined);
      }
    }
    const open = await ex.db.query<OrderRow>(`select ${ORDER_COLUMNS} from futures_order where status in (0, 1, 2, 4) order by id`);
    const interrupted: OrderState[] = [];
    for (const row of open) {
      const o = orderFromRow(row);
      const pair = ex.pairs.get(o.symbol);
      if (!pair || o.type === 'market' || o.status === S.entrusted) {
        interrupted.push(o);
        continue;
      }
      const events: EngineEvent[] = [];
      ex.engines.get(o.symbol)!.execute(
        { kind: 'place', orderId: o.id, accountId: o.userId, side: bookSideOf(o.action), type: 'limit', price: fxToTicks(pair, o.price!), quantity: fxToLots(pair, remainingOf(o)), tif: 'GTC', stp: 'cancelTaker' },
        events,
      );
      // Resting orders never cross (they were matched when placed), so replay only rests them.
      if (events.some((e) => e.type !== 'accepted')) throw new Error(`futures order ${o.id} did not rest on replay`);
      ex.orders.set(o.id, o);
      const mine = ex.ordersByUser.get(o.userId) ?? new Set<number>();
      mine.add(o.id);
      ex.ordersByUser.set(o.userId, mine);
    }
    const plans = await ex.db.query<PlanRow>(`select ${PLAN_COLUMNS} from futures_plan where status = 1`);
    for (const r of plans) ex.plans.set(Number(r.id), planFromRow(r));
    for (const pair of ex.pairs.values()) ex.data.get(pair.spec.symbol)!.adoptDepth(ex.engines.get(pair.spec.symbol)!.depth(DEPTH_LEVELS));
    // Both indexes sorted once, not an insertion per position.
    const users = new Set([...ex.positions.values()].map((p) => p.userId));
    ex.index.bulk(() => ex.callIndex.bulk(() => users.forEach((userId) => reindexUser(ex, userId))));
    await loadMarginCalls(ex);
    ex.sequencer.stale = false;
    if (interrupted.length > 0) {
      // Orders recorded but never matched (cut short by a crash): they end now, giving back what
      // they hold. The rebuild runs alone, so this transaction is the only writer.
      const b = await ex.db.transaction(async (tx) => {
        const batch = new Batch(tx, ex);
        await batch.books.lock(interrupted.map((o) => o.userId));
        const now = ex.clock();
        for (const o of interrupted) {
          batch.orders.set(o.id, { ...o });
          settleEnd(batch, batch.orders.get(o.id)!, S.cancelled, now);
        }
        await batch.write(now);
        return batch;
      });
      adopt(ex, b);
    }
  }

/**
 * A pair that has trades but no candle rows (a database from before migration 016) gets its
 * candles made once from all its trades, through the same builder the market uses live.
 */
async function backfillCandles(ex: FuturesMemory, pair: FuturesPair): Promise<void> {
  const { left, right, pricePrecision: pp, amountPrecision: ap, symbol } = pair.spec;
  const [has] = await ex.db.query<{ n: number }>(`select count(*)::int as n from (select 1 from futures_candle where left_symbol = $1 and right_symbol = $2 limit 1) c`, [left, right]);
  if (Number(has!.n) > 0) return;
  const builder = new CandleBuilder();
  const candles: Candle[] = [];
  let after = 0;
  for (;;) {
    const chunk = await ex.db.query<{ id: number; price: string; quantity: string; created_ms: number }>(
      `select id, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, created_ms from futures_trade
       where left_symbol = $1 and right_symbol = $2 and id > $3 order by id limit 20000`,
      [left, right, after],
    );
    if (chunk.length === 0) break;
    for (const t of chunk) candles.push(...builder.add({ time: Number(t.created_ms), price: decimalToUnits(t.price, pp)!, quantity: decimalToUnits(t.quantity, ap)! }).closed);
    after = Number(chunk[chunk.length - 1]!.id);
  }
  for (const interval of KLINE_INTERVALS) {
    const live = builder.live(interval);
    if (live) candles.push(live);
  }
  const data = ex.data.get(symbol)!;
  for (let i = 0; i < candles.length; i += 5000) await upsertFuturesCandles(ex.db, candleRows(symbol, data, candles.slice(i, i + 5000)));
}
