/**
 * How a pushed order changes a list on screen. Open orders live in the current list until they
 * finish; finished ones join the history. Only the first page takes new rows (later pages keep
 * the rows the trader is looking at), and a page never grows past its size.
 */
import { OPEN_ORDER_STATUSES, type SpotOrder } from '../../../../../domain/spotOrders';

export interface OrderList {
  orders: SpotOrder[];
  total: number;
  page: number;
  size: number;
  /** The pair filter; undefined: all pairs. */
  symbol: string | undefined;
}

/** What starts a list of current orders or stops: fixed to the pair on the trade page; absent on /order/spot-current (all pairs, filterable). */
export interface CurrentListInput {
  symbol?: string;
  size?: number;
}

export const isOpen = (order: SpotOrder) => OPEN_ORDER_STATUSES.includes(order.status);

function place(list: OrderList, order: SpotOrder): Pick<OrderList, 'orders' | 'total'> {
  const at = list.orders.findIndex((o) => o.id === order.id);
  // Merged, not replaced: a push carries no `stop_trigger` or `oco` (issue 50 M11), which the list read keeps.
  if (at >= 0) return { orders: list.orders.map((o) => (o.id === order.id ? { ...o, ...order } : o)), total: list.total };
  if (list.page !== 1) return { orders: list.orders, total: list.total + 1 };
  return { orders: [order, ...list.orders].slice(0, list.size), total: list.total + 1 };
}

function drop(list: OrderList, id: number): Pick<OrderList, 'orders' | 'total'> {
  const kept = list.orders.filter((o) => o.id !== id);
  return { orders: kept, total: kept.length === list.orders.length ? list.total : Math.max(0, list.total - 1) };
}

const matches = (list: OrderList, order: SpotOrder) => list.symbol === undefined || list.symbol === order.symbol;

/** The current (open) orders after a push. */
export function withOpenOrder(list: OrderList, order: SpotOrder): Pick<OrderList, 'orders' | 'total'> {
  if (!matches(list, order)) return { orders: list.orders, total: list.total };
  return isOpen(order) ? place(list, order) : drop(list, order.id);
}

/** The history after a push: a finished order enters (or is updated); an open one is not history. */
export function withFinishedOrder(list: OrderList, order: SpotOrder): Pick<OrderList, 'orders' | 'total'> {
  if (!matches(list, order) || isOpen(order)) return { orders: list.orders, total: list.total };
  return place(list, order);
}

/** After a confirmed cancel: the row leaves at once (the push that follows changes nothing more). */
export function withoutOrder(list: OrderList, id: number): Pick<OrderList, 'orders' | 'total'> {
  return drop(list, id);
}
