import { divDecimal, subDecimal } from '../../../../domain/decimal.js';
import { SpotOrderStatus, type SpotOrder } from '../../../../domain/spotOrders.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';
import { spotOrder } from '../spotShapes.js';

/** What a user data stream last told of an order, so the next push of it says what changed. */
export interface SeenOrder {
  filled: string;
  turnover: string;
  fee: string;
  /** It was on the book when last seen: a fill now is as maker. */
  resting: boolean;
}

const isZero = (value: string) => Number(value) === 0;

/**
 * Binance's `executionReport` events for one push of a spot order on the private channel (which
 * carries the order's latest state, several changes of one flush merged): NEW for an order first
 * placed, TRADE for what it filled since last seen (`l`, `L`, `Y`, `n` the difference), then
 * CANCELED or EXPIRED if it ended so. `t` (the trade id) is -1: the order's state names no trade.
 */
export function executionReports(order: SpotOrder, clientOrderId: string, seen: SeenOrder | undefined, openedAt: number, now: number): object[] {
  const shaped = spotOrder(order, clientOrderId);
  const before = seen ?? { filled: '0', turnover: '0', fee: '0', resting: false };
  const lastQty = subDecimal(order.filled, before.filled);
  const lastQuote = subDecimal(order.turnover, before.turnover);
  const base = {
    e: 'executionReport',
    E: now,
    s: shaped.symbol,
    c: clientOrderId,
    S: shaped.side,
    o: shaped.type,
    f: order.time_in_force === 'IOC' || order.type === 'market' ? 'IOC' : 'GTC',
    q: shaped.origQty,
    p: order.price,
    P: '0',
    F: '0',
    g: -1,
    C: '',
    r: 'NONE',
    i: order.id,
    z: order.filled,
    T: order.updated_at,
    I: 0,
    M: false,
    O: order.created_at,
    Z: order.turnover,
    Q: shaped.origQuoteOrderQty,
    W: order.created_at,
    V: shaped.selfTradePreventionMode,
  };
  const report = (x: string, status: string, fill?: { qty: string; quote: string }) => ({
    ...base,
    x,
    X: status,
    l: fill?.qty ?? '0',
    L: fill && !isZero(fill.qty) ? divDecimal(fill.quote, fill.qty, 8) : '0',
    n: fill ? subDecimal(order.fee, before.fee) : '0',
    N: fill ? order.fee_currency : null,
    t: -1,
    w: order.status === SpotOrderStatus.waiting || order.status === SpotOrderStatus.partial,
    m: fill ? before.resting : false,
    Y: fill?.quote ?? '0',
  });
  const events: object[] = [];
  const ended = order.status !== SpotOrderStatus.waiting && order.status !== SpotOrderStatus.partial && order.status !== SpotOrderStatus.filled;
  // First heard of and placed since the stream opened: NEW first (before anything filled), as Binance sends for every order.
  if (!seen && order.created_at >= openedAt) events.push({ ...report('NEW', 'NEW'), z: '0', Z: '0', w: true });
  if (!isZero(lastQty)) {
    // A fill in the push that also ended the order (an IOC's rest) reports the fill first, as PARTIALLY_FILLED.
    const status = ended ? 'PARTIALLY_FILLED' : shaped.status;
    events.push(report('TRADE', status, { qty: lastQty, quote: lastQuote }));
  }
  if (ended) events.push(report(shaped.status === 'EXPIRED' ? 'EXPIRED' : 'CANCELED', shaped.status));
  return events;
}

/** What the stream remembers of the order after this push; undefined once it has ended (nothing more will come). */
export function seenAfter(order: SpotOrder): SeenOrder | undefined {
  const open = order.status === SpotOrderStatus.waiting || order.status === SpotOrderStatus.partial;
  return open ? { filled: order.filled, turnover: order.turnover, fee: order.fee, resting: true } : undefined;
}

/** Binance's `outboundAccountPosition`: the spot balances a push changed (other accounts are not spot's). */
export function accountPosition(rows: BalanceRow[], now: number) {
  const spot = rows.filter((r) => r.account === 'spot');
  if (spot.length === 0) return undefined;
  return { e: 'outboundAccountPosition', E: now, u: now, B: spot.map((r) => ({ a: r.currency, f: r.available, l: r.frozen })) };
}

/** Whether a private-channel order push is a spot order (the only kind pushed as `order` today). */
export function isSpotOrder(order: unknown): order is SpotOrder {
  const o = order as Partial<SpotOrder> | null;
  return typeof o === 'object' && o !== null && typeof o.id === 'number' && typeof o.symbol === 'string' && typeof o.filled === 'string' && typeof o.turnover === 'string';
}
