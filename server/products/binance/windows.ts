import { integerParam, type Params } from './params.js';

/**
 * Binance's window over a list of orders or trades (allOrders, myTrades, userTrades): with an id to
 * start from (`orderId` for orders, `fromId` for trades) or a `startTime`, the first `limit` from
 * there; with neither, the most recent `limit` (up to `endTime`). Either way oldest first.
 */
export interface Window {
  fromId?: number;
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** The window a list call asks for; `idName` names its starting id ("orderId" for allOrders, "fromId" for trades). */
export function windowOf(params: Params, idName: 'orderId' | 'fromId'): Window {
  const window: Window = { limit: integerParam(params, 'limit', 1, 1000) ?? 500 };
  const fromId = integerParam(params, idName, idName === 'orderId' ? 1 : 0);
  const startTime = integerParam(params, 'startTime');
  const endTime = integerParam(params, 'endTime');
  if (fromId !== undefined) window.fromId = fromId;
  if (startTime !== undefined) window.startTime = startTime;
  if (endTime !== undefined) window.endTime = endTime;
  return window;
}

/** `window` over a list already read (the futures dialect's), by each item's id and time; listed by time (a futures fill's id is its order's, not its time's). */
export function inWindow<T>(items: readonly T[], window: Window, idOf: (item: T) => number, timeOf: (item: T) => number): T[] {
  const { fromId, startTime, endTime, limit } = window;
  const kept = items
    .filter((item) => (fromId === undefined || idOf(item) >= fromId) && (startTime === undefined || timeOf(item) >= startTime) && (endTime === undefined || timeOf(item) <= endTime))
    .sort((a, b) => timeOf(a) - timeOf(b) || idOf(a) - idOf(b));
  return fromId !== undefined || startTime !== undefined ? kept.slice(0, limit) : kept.slice(-limit);
}
