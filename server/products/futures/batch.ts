import type { FuturesMarginCallPush } from '../../../domain/futures/marginCall.js';
import type { KlineBar, PublicTrade } from '../../../domain/market.js';
import { fxText } from '../../../domain/fx.js';
import type { TradingNotice } from '../../kernel/platform/auth/securityNotices.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { forgetBatch, rememberBatch, type Claim, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import type { Candle } from '../../kernel/exchange/market/candles.js';
import { candleColumns } from '../../kernel/platform/marketHistory/klineHistory.js';
import type { MarketData } from '../../kernel/exchange/marketData.js';
import { Books } from './books.js';
import { bookAll, type Movement, type Working } from './engine/effects.js';
import type { FillCharge } from './engine/fill.js';
import type { OrderState } from './orderState.js';
import { clonePosition, flatPosition, positionKey, type Position } from './positions.js';
import type { PlanState } from './plans.js';

/** What the batch reads of the exchange's memory (never changed before the commit). */
export interface Memory {
  pairs: ReadonlyMap<string, unknown>;
  positions: Map<string, Position>;
  orders: Map<number, OrderState>;
  ordersByUser: Map<number, Set<number>>;
  plans: Map<number, PlanState>;
  /** Each pair's market data (its candles' texts at the pair's precision). */
  data: ReadonlyMap<string, MarketData>;
}

const samePosition = (a: Position, b: Position) =>
  a.side === b.side && a.quantity === b.quantity && a.cost === b.cost && a.margin === b.margin && a.mode === b.mode && a.leverage === b.leverage && a.realised === b.realised && a.openedMs === b.openedMs;

export interface TradeRow {
  symbol: string;
  price: bigint;
  quantity: bigint;
  takerSide: 'buy' | 'sell';
  makerOrderId: number;
  takerOrderId: number;
  time: number;
  priceTicks: number;
  lots: number;
  /** What each side paid, and the rate it was charged at (engine/fill.ts FillCharge). */
  maker: FillCharge;
  taker: FillCharge;
  /** An auto-deleveraging match: recorded for both orders, but no market trade (no tape, no candle). */
  adl?: boolean;
}

/**
 * One batch's working set, inside its transaction: copies of the positions and orders it touches
 * (memory changes only after the commit), the balances (Books), the trades, and the plans it
 * fired or cancelled. `write` puts it all in the database; the exchange then adopts it.
 */
export class Batch implements Working {
  readonly books: Books;
  readonly positions = new Map<string, Position>();
  readonly orders = new Map<number, OrderState>();
  readonly trades: TradeRow[] = [];
  readonly candles = new Map<string, Map<string, Candle>>();
  readonly publicTrades = new Map<string, PublicTrade[]>();
  /** Plans this batch ended (triggered, cancelled, failed): gone from memory after the commit. */
  readonly endedPlans = new Set<number>();
  readonly newPlans: PlanState[] = [];
  /** Positions whose settings were set on purpose (a leverage call writes even the default). */
  readonly touchedPositions = new Set<string>();
  /** Leverages the batch changed (a leverage call that set another one), in order: pushed after the commit (adopt.ts). */
  readonly leverageChanges: Array<{ userId: number; symbol: string; leverage: number; time: number }> = [];
  /**
   * Contract balances re-read as committed for cross accounts whose funds moved outside the
   * futures batches (a transfer): memory takes them with the commit (FuturesExchange.refreshCross).
   */
  readonly freshAvailable = new Map<number, bigint>();
  /** Users whose orders or positions changed, per pair. */
  readonly touched = new Map<number, Set<string>>();
  /** Margin calls the batch made (with their push) or re-armed (without), in order: memory takes them after the commit (marginCalls.ts). */
  readonly marginCalls: Array<{ key: string; userId: number; push?: FuturesMarginCallPush }> = [];
  /** The notifications the batch wrote (notices.ts tell): after the commit their bell is rung, and those a user has emailed are mailed. */
  readonly told: TradingNotice[] = [];
  /**
   * The batch's submission keys, claimed together before its first command (by place request);
   * a request without an entry claims its own. What each fresh claim answered, and the keys of the
   * refused ones (freed for a retry), are written once in `write`.
   */
  readonly claims = new Map<object, Claim<unknown>>();
  private readonly remembered: Array<{ userId: number; key: SubmissionKey; response: unknown }> = [];
  private readonly forgotten = new Map<string, { userId: number; key: string }>();
  /** The working copy `position` gave last (working copies are never replaced, only changed in place). */
  private lastPosition: Position | undefined;

  constructor(
    readonly tx: Queryable,
    private readonly memory: Memory,
  ) {
    this.books = new Books(tx);
  }

  position(userId: number, symbol: string): Position {
    // A command's stages ask for the same position several times in a row (decide, hold, each fill).
    const last = this.lastPosition;
    if (last !== undefined && last.userId === userId && last.symbol === symbol) return last;
    const key = positionKey(userId, symbol);
    let p = this.positions.get(key);
    if (!p) {
      const stored = this.memory.positions.get(key);
      p = stored ? clonePosition(stored) : flatPosition(userId, symbol);
      this.positions.set(key, p);
    }
    this.lastPosition = p;
    return p;
  }

  /** A position as it stands in this batch, without taking a working copy. */
  peekPosition(userId: number, symbol: string): Position | undefined {
    const key = positionKey(userId, symbol);
    return this.positions.get(key) ?? this.memory.positions.get(key);
  }

  /**
   * An order as it stands in this batch, without taking a working copy: every working copy is
   * written back at the end of the batch, so a check that may refuse (a cancel naming someone
   * else's order) reads through this and leaves the row alone.
   */
  peekOrder(id: number): OrderState | undefined {
    return this.orders.get(id) ?? this.memory.orders.get(id);
  }

  order(id: number): OrderState | undefined {
    let o = this.orders.get(id);
    if (!o) {
      const stored = this.memory.orders.get(id);
      if (!stored) return undefined;
      o = { ...stored };
      this.orders.set(id, o);
    }
    return o;
  }

  addOrder(o: OrderState): void {
    this.orders.set(o.id, o);
    this.touch(o.userId, o.symbol);
  }

  // The engine's view of the batch (engine/effects.ts Working): its stages read and change these.
  available(userId: number): bigint {
    return this.books.available(userId);
  }

  book(movements: readonly Movement[]): void {
    bookAll(this.books, movements);
  }

  /** The order's next state, into its working copy in place (commands hold the copy). */
  putOrder(o: OrderState): void {
    const copy = this.orders.get(o.id);
    if (copy === undefined) this.orders.set(o.id, o);
    else if (copy !== o) Object.assign(copy, o);
    this.touch(o.userId, o.symbol);
  }

  /** The position's next state, into its working copy in place. */
  putPosition(p: Position): void {
    Object.assign(this.position(p.userId, p.symbol), p);
    this.touch(p.userId, p.symbol);
  }

  touch(userId: number, symbol: string): void {
    let s = this.touched.get(userId);
    if (!s) this.touched.set(userId, (s = new Set()));
    s.add(symbol);
  }

  /** A user's open orders (optionally on one pair) as they stand in this batch, in id order. */
  openOrdersOf(userId: number, symbol?: string): OrderState[] {
    const out: OrderState[] = [];
    this.eachOpenOrder(userId, symbol, (o) => out.push(o));
    return out.sort((a, b) => a.id - b.id);
  }

  /**
   * Visits a user's open orders (optionally on one pair) as they stand in this batch, in no order:
   * what an order's checks sum (its opposite and pending orders, what closes hold) without copying
   * or sorting the user's orders — a market maker keeps hundreds open, and each of its orders asked
   * twice (bench:futures' profile: `openOrdersOf` was the largest of the exchange's own costs).
   */
  eachOpenOrder(userId: number, symbol: string | undefined, visit: (o: OrderState) => void): void {
    const isVisited = (o: OrderState) => o.userId === userId && (!symbol || o.symbol === symbol) && (o.status === 0 || o.status === 1 || o.status === 2 || o.status === 4);
    for (const id of this.memory.ordersByUser.get(userId) ?? []) {
      if (this.orders.has(id)) continue; // its working copy below
      const o = this.memory.orders.get(id);
      if (o && isVisited(o)) visit(o);
    }
    for (const o of this.orders.values()) if (isVisited(o)) visit(o);
  }

  /** Positions of a user as they stand in this batch (working copies win). */
  positionsOf(userId: number): Position[] {
    const out: Position[] = [];
    for (const symbol of this.memory.pairs.keys()) {
      const key = positionKey(userId, symbol);
      const p = this.positions.get(key) ?? this.memory.positions.get(key);
      if (p) out.push(p);
    }
    return out;
  }

  /** A fresh claim's answer, stored with the batch. */
  remember(userId: number, key: SubmissionKey, response: unknown): void {
    this.remembered.push({ userId, key, response });
  }

  /** A claimed key whose submission was refused: freed with the batch, so a retry is carried out afresh. */
  forget(userId: number, key: SubmissionKey): void {
    this.forgotten.set(`${userId}\u0000${key.key}`, { userId, key: key.key });
  }

  /** A freed key claimed again in the same batch (the same key sent twice, the first refused). */
  reclaim(userId: number, key: SubmissionKey): void {
    this.forgotten.delete(`${userId}\u0000${key.key}`);
  }

  /** Writes positions, orders, trades, balances and the submission keys' answers. */
  async write(now: number): Promise<void> {
    const tx = this.tx;
    await rememberBatch(tx, this.remembered);
    await forgetBatch(tx, [...this.forgotten.values()]);
    // Positions and orders as one multi-row statement each, whatever the batch holds.
    const positions = [...this.positions.values()].filter((p) => {
      // A working copy nothing changed (a refused order, a liquidation check) is not written.
      const stored = this.memory.positions.get(positionKey(p.userId, p.symbol)) ?? flatPosition(p.userId, p.symbol);
      return !samePosition(p, stored) || this.touchedPositions.has(positionKey(p.userId, p.symbol));
    });
    if (positions.length > 0) {
      await tx.query(
        `insert into futures_position (user_id, left_symbol, right_symbol, side, quantity, cost, margin, margin_mode, leverage, realised, opened_ms, updated_ms)
         select t.user_id, t.left_symbol, t.right_symbol, t.side, t.quantity, t.cost, t.margin, t.margin_mode, t.leverage, t.realised, t.opened_ms, $11
         from unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::numeric[], $6::numeric[], $7::numeric[], $8::text[], $9::int[], $10::numeric[], $12::bigint[])
           as t(user_id, left_symbol, right_symbol, side, quantity, cost, margin, margin_mode, leverage, realised, opened_ms)
         on conflict (user_id, left_symbol, right_symbol) do update set side = excluded.side, quantity = excluded.quantity, cost = excluded.cost,
           margin = excluded.margin, margin_mode = excluded.margin_mode, leverage = excluded.leverage, realised = excluded.realised,
           opened_ms = excluded.opened_ms, updated_ms = excluded.updated_ms`,
        [
          positions.map((p) => p.userId),
          positions.map((p) => p.symbol.split('_')[0]),
          positions.map((p) => p.symbol.split('_')[1]),
          positions.map((p) => p.side),
          positions.map((p) => fxText(p.quantity)),
          positions.map((p) => fxText(p.cost)),
          positions.map((p) => fxText(p.margin)),
          positions.map((p) => p.mode),
          positions.map((p) => p.leverage),
          positions.map((p) => fxText(p.realised)),
          now,
          positions.map((p) => p.openedMs),
        ],
      );
    }
    const placed = [...this.orders.values()].filter((o) => o.unwritten);
    if (placed.length > 0) {
      const column = <T>(pick: (o: OrderState) => T) => placed.map(pick);
      const fx = (v: bigint | null) => (v === null ? null : fxText(v));
      await tx.query(
        `insert into futures_order (id, user_id, left_symbol, right_symbol, action, type, price, hold_price, quantity, leverage, margin_mode, held, status, source,
           trigger_price, created_ms, updated_ms, filled, filled_value, fee, profit, note, hold_rate)
         select t.id, t.user_id, t.left_symbol, t.right_symbol, t.action, t.type, t.price, t.hold_price, t.quantity, t.leverage, t.margin_mode, t.held, t.status, t.source,
           t.trigger_price, t.created_ms, $21, t.filled, t.filled_value, t.fee, t.profit, t.note, t.hold_rate
         from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[], $10::int[], $11::text[],
           $12::numeric[], $13::int[], $14::text[], $15::numeric[], $16::bigint[], $17::numeric[], $18::numeric[], $19::numeric[], $20::numeric[], $22::text[], $23::numeric[])
           as t(id, user_id, left_symbol, right_symbol, action, type, price, hold_price, quantity, leverage, margin_mode, held, status, source, trigger_price, created_ms,
             filled, filled_value, fee, profit, note, hold_rate)`,
        [
          column((o) => o.id),
          column((o) => o.userId),
          column((o) => o.symbol.split('_')[0]),
          column((o) => o.symbol.split('_')[1]),
          column((o) => o.action),
          column((o) => o.type),
          column((o) => fx(o.price)),
          column((o) => fx(o.holdPrice)),
          column((o) => fxText(o.quantity)),
          column((o) => o.leverage),
          column((o) => o.mode),
          column((o) => fxText(o.held)),
          column((o) => o.status),
          column((o) => o.source),
          column((o) => fx(o.triggerPrice)),
          column((o) => o.createdMs),
          column((o) => fxText(o.filled)),
          column((o) => fxText(o.filledValue)),
          column((o) => fxText(o.fee)),
          column((o) => fxText(o.profit)),
          now,
          column((o) => o.note),
          column((o) => fxText(o.holdRate)),
        ],
      );
    }
    const orders = [...this.orders.values()].filter((o) => !o.unwritten);
    if (orders.length > 0) {
      const updated = await tx.query<{ id: string }>(
        `update futures_order o set status = t.status, filled = t.filled, filled_value = t.filled_value, held = t.held, fee = t.fee, profit = t.profit,
           note = t.note, updated_ms = $9
         from unnest($1::bigint[], $2::int[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::text[], $10::int[])
           as t(id, status, filled, filled_value, held, fee, profit, note, stored)
         where o.id = t.id and o.status = t.stored returning o.id::text as id`,
        [
          orders.map((o) => o.id),
          orders.map((o) => o.status),
          orders.map((o) => fxText(o.filled)),
          orders.map((o) => fxText(o.filledValue)),
          orders.map((o) => fxText(o.held)),
          orders.map((o) => fxText(o.fee)),
          orders.map((o) => fxText(o.profit)),
          orders.map((o) => o.note),
          now,
          orders.map((o) => o.storedStatus),
        ],
      );
      // The guard: every row left the status this batch read; one that did not moved elsewhere.
      if (updated.length !== orders.length) {
        const done = new Set(updated.map((r) => Number(r.id)));
        const o = orders.find((x) => !done.has(x.id))!;
        throw new Error(`futures order ${o.id} was not in status ${o.storedStatus}`);
      }
    }
    if (this.trades.length > 0) {
      const ids = await tx.query<{ id: string }>(`select nextval('futures_trade_id_seq')::text as id from generate_series(1, $1)`, [this.trades.length]);
      await tx.query(
        `insert into futures_trade (id, left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, created_ms, maker_fee, taker_fee, maker_rate, taker_rate)
         select * from unnest($1::bigint[], $2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[],
           $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[])`,
        [
          ids.map((r) => r.id),
          this.trades.map((t) => t.symbol.split('_')[0]),
          this.trades.map((t) => t.symbol.split('_')[1]),
          this.trades.map((t) => fxText(t.price)),
          this.trades.map((t) => fxText(t.quantity)),
          this.trades.map((t) => t.takerSide),
          this.trades.map((t) => t.makerOrderId),
          this.trades.map((t) => t.takerOrderId),
          this.trades.map((t) => t.time),
          this.trades.map((t) => fxText(t.maker.fee)),
          this.trades.map((t) => fxText(t.taker.fee)),
          this.trades.map((t) => fxText(t.maker.rate)),
          this.trades.map((t) => fxText(t.taker.rate)),
        ],
      );
      this.trades.forEach((t, i) => {
        if (t.adl) return;
        const list = this.publicTrades.get(t.symbol) ?? [];
        list.unshift({ id: Number(ids[i]!.id), time: t.time, price: fxText(t.price), quantity: fxText(t.quantity), side: t.takerSide });
        this.publicTrades.set(t.symbol, list);
      });
    }
    await this.writeCandles();
    await this.books.flush();
  }

  /** The candles this batch's trades moved, as they now stand. */
  async writeCandles(): Promise<void> {
    const rows: CandleRowOut[] = [];
    for (const [symbol, candles] of this.candles) {
      const data = this.memory.data.get(symbol);
      if (data) rows.push(...candleRows(symbol, data, candles.values()));
    }
    await upsertFuturesCandles(this.tx, rows);
  }
}

export interface CandleRowOut {
  left: string;
  right: string;
  interval: string;
  openTime: number;
  bar: KlineBar;
}

export function candleRows(symbol: string, data: MarketData, candles: Iterable<Candle>): CandleRowOut[] {
  const [left, right] = symbol.split('_') as [string, string];
  return [...candles].map((c) => ({ left, right, interval: c.interval, openTime: c.openTime, bar: data.bar(c) }));
}

/** Upserts futures candles (one statement for any number of pairs and intervals). */
export async function upsertFuturesCandles(tx: Queryable, rows: CandleRowOut[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into futures_candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::int[])
     on conflict (left_symbol, right_symbol, interval, open_time) do update set
       high = excluded.high, low = excluded.low, close = excluded.close, amount = excluded.amount, vol = excluded.vol, count = excluded.count`,
    [rows.map((r) => r.left), rows.map((r) => r.right), ...candleColumns(rows)],
  );
}
