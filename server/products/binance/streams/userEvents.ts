import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal } from '../../../../domain/decimal.js';
import { SpotOrderStatus, type SpotDeal, type SpotOrder } from '../../../../domain/spotOrders.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';
import { spotOrder } from '../spotShapes.js';

/** What a user data stream last told of an order, so the next push of it says what changed. */
export interface SeenOrder {
  filled: string;
  turnover: string;
  fee: string;
  /** It was on the book when last seen: a fill now is as maker. */
  resting: boolean;
  /** The last trade reported of it (0: none): the next fills are read after it. */
  lastTradeId: number;
}

/** A fill of the order, as spot's trade rows give it (the `spotTrading` offer's fillsInWindow). */
export type Fill = Pick<SpotDeal, 'id' | 'time' | 'price' | 'quantity' | 'fee' | 'role'>;

const isZero = (value: string) => compareDecimal(value, '0') === 0;
const NOTHING_SEEN: SeenOrder = { filled: '0', turnover: '0', fee: '0', resting: false, lastTradeId: 0 };

/** How much of the order this push filled since the stream last told of it ("0": nothing). */
export const newlyFilled = (order: SpotOrder, seen: SeenOrder | undefined) => subDecimal(order.filled, (seen ?? NOTHING_SEEN).filled);

/**
 * Binance's `executionReport` events for one push of a spot order on the private channel (which
 * carries the order's latest state, several changes of one flush merged): NEW for an order first
 * placed, a TRADE for each fill since last seen (`fills`: the order's trades after the last one
 * told, oldest first; `t` the trade id, `l`, `L`, `n`, `Y` that trade's, `z`, `Z` the sums so far,
 * as Binance sends one report per trade), then CANCELED or EXPIRED if it ended so. Bots dedupe
 * fills by `t`, so a fill is never told as -1 when its trade is known; only what the trades read do
 * not cover (none found) is told as one TRADE with `t` -1, the state's difference.
 */
export function executionReports(order: SpotOrder, clientOrderId: string, seen: SeenOrder | undefined, openedAt: number, now: number, fills: readonly Fill[] = []): object[] {
  const shaped = spotOrder(order, clientOrderId);
  const before = seen ?? NOTHING_SEEN;
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
  const working = order.status === SpotOrderStatus.waiting || order.status === SpotOrderStatus.partial;
  const report = (x: string, status: string) => ({ ...base, x, X: status, l: '0', L: '0', n: '0', N: null, t: -1, w: working, m: false, Y: '0' });
  const events: object[] = [];
  const ended = !working && order.status !== SpotOrderStatus.filled;
  // First heard of and placed since the stream opened: NEW first (before anything filled), as Binance sends for every order.
  if (!seen && order.created_at >= openedAt) events.push({ ...report('NEW', 'NEW'), z: '0', Z: '0', w: true });
  // A fill in the push that also ended the order (an IOC's rest) reports the fill first, as PARTIALLY_FILLED.
  const lastStatus = ended ? 'PARTIALLY_FILLED' : shaped.status;
  const trades = tradeReports(order, before, fills);
  trades.forEach((t, i) => {
    const last = i === trades.length - 1;
    events.push({
      ...report('TRADE', last ? lastStatus : 'PARTIALLY_FILLED'),
      z: t.filled,
      Z: last ? order.turnover : t.turnover,
      l: t.qty,
      L: t.price,
      n: t.fee,
      N: order.fee_currency,
      t: t.tradeId,
      // The trade's own time (Binance's transaction time); the state's difference, the order's last change.
      T: t.time ?? order.updated_at,
      m: t.maker ?? before.resting,
      Y: t.quote,
    });
  });
  if (ended) events.push(report(shaped.status === 'EXPIRED' ? 'EXPIRED' : 'CANCELED', shaped.status));
  return events;
}

interface TradeReport {
  tradeId: number;
  qty: string;
  price: string;
  quote: string;
  fee: string;
  /** Unknown for the state's difference (no trade read): then as the order rested before. */
  maker?: boolean;
  time?: number;
  filled: string;
  turnover: string;
}

/**
 * The order's fills since last seen, each its own report: the trades read, oldest first, as far as
 * they make up what the push filled (a trade committed after this push waits for the next one), and
 * whatever they do not cover as one report of the state's difference (`t` -1).
 */
function tradeReports(order: SpotOrder, before: SeenOrder, fills: readonly Fill[]): TradeReport[] {
  if (isZero(newlyFilled(order, before))) return [];
  const out: TradeReport[] = [];
  let filled = before.filled;
  let turnover = before.turnover;
  let fee = before.fee;
  for (const fill of fills) {
    if (fill.id <= before.lastTradeId) continue;
    const next = addDecimal(filled, fill.quantity);
    if (compareDecimal(next, order.filled) > 0) break;
    const quote = mulDecimal(fill.price, fill.quantity);
    filled = next;
    turnover = addDecimal(turnover, quote);
    fee = addDecimal(fee, fill.fee);
    out.push({ tradeId: fill.id, qty: fill.quantity, price: fill.price, quote, fee: fill.fee, maker: fill.role === 'maker', time: fill.time, filled, turnover });
  }
  const rest = subDecimal(order.filled, filled);
  if (!isZero(rest)) {
    const quote = subDecimal(order.turnover, turnover);
    out.push({ tradeId: -1, qty: rest, price: divDecimal(quote, rest, 8), quote, fee: subDecimal(order.fee, fee), filled: order.filled, turnover: order.turnover });
  }
  return out;
}

/** What the stream remembers of the order after this push; undefined once it has ended (nothing more will come). */
export function seenAfter(order: SpotOrder, reports: readonly object[], seen: SeenOrder | undefined): SeenOrder | undefined {
  const open = order.status === SpotOrderStatus.waiting || order.status === SpotOrderStatus.partial;
  const told = reports.map((r) => (r as { t?: number }).t ?? -1).filter((id) => id > 0);
  const lastTradeId = Math.max(seen?.lastTradeId ?? 0, ...told);
  return open ? { filled: order.filled, turnover: order.turnover, fee: order.fee, resting: true, lastTradeId } : undefined;
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
