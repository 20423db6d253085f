import { fx, fxText } from '../../../../../domain/fx';
import { averagePositionPrice, closeYield } from '../../../../../domain/futures/formulas';
import type { FuturesOrder, FuturesPosition } from '../../../../../domain/futures/api';
import type { FuturesDetailContext } from './futuresDetail.machine';

type Snapshot = { context: FuturesDetailContext; matches(state: 'loading' | 'failed' | 'ready'): boolean };

/** A close order's yield (a fraction), or null for an opening or unfilled order. */
export function orderYield(o: FuturesOrder): string | null {
  const y = closeYield({ action: o.action, filled: fx(o.filled), avgPrice: fx(o.avg_price), profit: fx(o.profit), leverage: o.leverage });
  return y === null ? null : fxText(y);
}

/** The average position price: the entry moved by the position's realised PnL. */
export const positionAveragePrice = (p: FuturesPosition): string =>
  fxText(averagePositionPrice(p.side, fx(p.quantity), fx(p.entry_price), fx(p.realised)));

export const selectOrder = (s: Snapshot) => s.context.order;
export const selectOrderYield = (s: Snapshot) => (s.context.order ? orderYield(s.context.order) : null);
export const selectPosition = (s: Snapshot) => s.context.position;
export const selectPositionAveragePrice = (s: Snapshot) => (s.context.position ? positionAveragePrice(s.context.position) : undefined);
export const selectOpenOrders = (s: Snapshot) => s.context.openOrders;
export const selectPastOrders = (s: Snapshot) => s.context.pastOrders;
export const selectLoaded = (s: Snapshot) => s.context.loaded;
export const selectFailed = (s: Snapshot) => s.matches('failed');
