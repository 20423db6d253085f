import type { FuturesAction, FuturesOrder, FuturesOrderSource, MarginMode } from '../../../domain/futures/api.js';
import { divFx, fx, fxText, type Fx } from '../../../domain/fx.js';
import type { FuturesOrderStatus } from '../../../domain/futures/orderStatus.js';

/** A futures order as the pipeline works on it (open ones are kept in memory between batches). */
export interface OrderState {
  id: number;
  userId: number;
  symbol: string;
  action: FuturesAction;
  type: 'limit' | 'market';
  price: Fx | null;
  holdPrice: Fx | null;
  /** The taker rate its hold reserved for the fee (the user's own at placing; 0 for a close): its fills release the hold at it. */
  holdRate: Fx;
  quantity: Fx;
  filled: Fx;
  filledValue: Fx;
  leverage: number;
  mode: MarginMode;
  held: Fx;
  fee: Fx;
  profit: Fx;
  status: FuturesOrderStatus;
  /** The status the row has in the database (the guard of its update). */
  storedStatus: FuturesOrderStatus;
  source: FuturesOrderSource;
  triggerPrice: Fx | null;
  note: string | null;
  createdMs: number;
  updatedMs: number;
  /** Written this batch (inserted or changed). */
  isNew: boolean;
  /**
   * Placed by this batch and not in the database yet: its row is inserted, as the batch left it,
   * with the batch's other writes (Batch.write), under an id taken from the sequence beforehand.
   */
  unwritten?: boolean;
}

export const remainingOf = (o: OrderState): Fx => o.quantity - o.filled;

export function orderView(o: OrderState): FuturesOrder {
  return {
    id: o.id,
    symbol: o.symbol,
    action: o.action,
    type: o.type,
    price: o.price === null ? null : fxText(o.price),
    quantity: fxText(o.quantity),
    filled: fxText(o.filled),
    avg_price: o.filled > 0n ? fxText(divFx(o.filledValue, o.filled, 'down')) : '0',
    leverage: o.leverage,
    margin_mode: o.mode,
    fee: fxText(o.fee),
    profit: fxText(o.profit),
    status: o.status,
    source: o.source,
    trigger_price: o.triggerPrice === null ? null : fxText(o.triggerPrice),
    note: o.note,
    created_ms: o.createdMs,
    updated_ms: o.updatedMs,
  };
}

/** The columns every order read selects, as text (exact). */
export const ORDER_COLUMNS = `id, user_id, left_symbol || '_' || right_symbol as symbol, action, type, price::text as price, hold_price::text as hold_price,
  hold_rate::text as hold_rate, quantity::text as quantity, filled::text as filled, filled_value::text as filled_value, leverage, margin_mode, held::text as held, fee::text as fee,
  profit::text as profit, status, source, trigger_price::text as trigger_price, note, created_ms, updated_ms`;

export interface OrderRow {
  id: number;
  user_id: number;
  symbol: string;
  action: FuturesAction;
  type: 'limit' | 'market';
  price: string | null;
  hold_price: string | null;
  hold_rate: string;
  quantity: string;
  filled: string;
  filled_value: string;
  leverage: number;
  margin_mode: MarginMode;
  held: string;
  fee: string;
  profit: string;
  status: number;
  source: FuturesOrderSource;
  trigger_price: string | null;
  note: string | null;
  created_ms: number | string;
  updated_ms: number | string;
}

const fxOrNull = (v: string | null): Fx | null => (v === null ? null : fx(v));

export function orderFromRow(r: OrderRow): OrderState {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    symbol: r.symbol,
    action: r.action,
    type: r.type,
    price: fxOrNull(r.price),
    holdPrice: fxOrNull(r.hold_price),
    holdRate: fx(r.hold_rate),
    quantity: fx(r.quantity),
    filled: fx(r.filled),
    filledValue: fx(r.filled_value),
    leverage: r.leverage,
    mode: r.margin_mode,
    held: fx(r.held),
    fee: fx(r.fee),
    profit: fx(r.profit),
    status: r.status as FuturesOrderStatus,
    storedStatus: r.status as FuturesOrderStatus,
    source: r.source,
    triggerPrice: fxOrNull(r.trigger_price),
    note: r.note,
    createdMs: Number(r.created_ms),
    updatedMs: Number(r.updated_ms),
    isNew: false,
  };
}
