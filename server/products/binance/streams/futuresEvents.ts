import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal } from '../../../../domain/decimal.js';
import type { FuturesFill, FuturesOrder } from '../../../../domain/futures/api.js';
import type { FuturesMarginCallPush } from '../../../../domain/futures/marginCall.js';
import { FuturesOrderStatus, OPEN_ORDER_STATUSES } from '../../../../domain/futures/orderStatus.js';
import { futuresOrder } from '../futuresShapes.js';
import { binanceSymbol } from '../symbols.js';

/** What a futures user data stream last told of an order, so the next push of it says what changed. */
export interface SeenFuturesOrder {
  filled: string;
  fee: string;
  profit: string;
  /** It was on the book when last seen: a fill now is as maker. */
  resting: boolean;
  /** The last trade reported of it (0: none): the next fills are read after it. */
  lastTradeId: number;
}


/** A position as ACCOUNT_UPDATE tells it (`a.P`). */
export interface StreamPosition {
  s: string;
  pa: string;
  ep: string;
  bep: string;
  cr: string;
  up: string;
  mt: 'isolated' | 'cross';
  iw: string;
  ps: 'BOTH';
}

const isZero = (value: string) => compareDecimal(value, '0') === 0;
const NOTHING_SEEN: SeenFuturesOrder = { filled: '0', fee: '0', profit: '0', resting: false, lastTradeId: 0 };
/** Decimals of a trade's share of an order's realised profit before the last trade takes the rest. */
const PROFIT_PLACES = 18;

export const isWorking = (order: FuturesOrder) => OPEN_ORDER_STATUSES.includes(order.status);

/** How much of the order this push filled since the stream last told of it ("0": nothing). */
export const newlyFilledFutures = (order: FuturesOrder, seen: SeenFuturesOrder | undefined) => subDecimal(order.filled, (seen ?? NOTHING_SEEN).filled);

/** The client id Binance gives the orders the exchange places itself: a liquidation's, an auto-deleveraging's, a delisting's. */
function clientIdFor(order: FuturesOrder, clientOrderId: string): string {
  if (order.source === 'liquidation') return `autoclose-${order.id}`;
  if (order.source === 'adl') return 'adl_autoclose';
  if (order.source === 'delist') return `settlement_autoclose-${order.id}`;
  return clientOrderId;
}

/**
 * Binance USDⓈ-M's `ORDER_TRADE_UPDATE` events for one push of a futures order (read as committed
 * when the push came, several changes merged): NEW for an order placed since the stream opened, a
 * TRADE per trade since last seen (`fills`: its trades after the last one told, oldest first; `t`
 * the trade id, `l`, `L`, `n`, `rp` that trade's, `z` the sum so far), then CANCELED or EXPIRED if
 * it ended so. What the trades read do not cover is told as one TRADE with `t` 0, the state's
 * difference. `rp`: a closing trade's realised profit (before fees), the push's total shared by the
 * trades' prices, the last taking the rest so they add up to the order's.
 */
export function orderTradeUpdates(order: FuturesOrder, clientOrderId: string, seen: SeenFuturesOrder | undefined, openedAt: number, now: number, fills: readonly FuturesFill[] = []): object[] {
  const shaped = futuresOrder(order, clientOrderId);
  const before = seen ?? NOTHING_SEEN;
  const working = isWorking(order);
  const ended = !working && order.status !== FuturesOrderStatus.allTraded;
  const base = {
    s: shaped.symbol,
    c: clientIdFor(order, clientOrderId),
    S: shaped.side,
    o: shaped.type,
    f: shaped.timeInForce,
    q: order.quantity,
    p: shaped.price,
    ap: order.avg_price,
    sp: '0',
    i: order.id,
    z: order.filled,
    N: 'USDT',
    b: '0',
    a: '0',
    R: shaped.reduceOnly,
    wt: shaped.workingType,
    ot: shaped.origType,
    ps: 'BOTH',
    cp: false,
    pP: false,
    si: 0,
    ss: 0,
    V: shaped.selfTradePreventionMode,
    pm: 'NONE',
    gtd: 0,
  };
  const update = (x: string, status: string, fields: object, time = order.updated_ms) => ({
    e: 'ORDER_TRADE_UPDATE',
    E: now,
    T: time,
    o: { ...base, x, X: status, l: '0', L: '0', n: '0', T: time, t: 0, m: false, rp: '0', ...fields },
  });
  const events: object[] = [];
  if (!seen && order.created_ms >= openedAt) events.push(update('NEW', 'NEW', { z: '0', ap: '0' }, order.created_ms));
  // A fill in the push that also ended the order (a market order's unfilled rest) is told first, as PARTIALLY_FILLED.
  const lastStatus = ended ? 'PARTIALLY_FILLED' : shaped.status;
  const trades = tradeSteps(order, before, fills);
  trades.forEach((t, i) => {
    const last = i === trades.length - 1;
    events.push(update('TRADE', last ? lastStatus : 'PARTIALLY_FILLED', { z: t.filled, l: t.qty, L: t.price, n: t.fee, t: t.tradeId, m: t.maker ?? before.resting, rp: t.profit }, t.time ?? order.updated_ms));
  });
  if (ended) events.push(update(shaped.status === 'EXPIRED' ? 'EXPIRED' : 'CANCELED', shaped.status, {}));
  return events;
}

interface TradeStep {
  tradeId: number;
  qty: string;
  price: string;
  fee: string;
  profit: string;
  maker?: boolean;
  time?: number;
  filled: string;
}

/** The order's trades since last seen, as far as they make up what the push filled, and the rest as one step (`t` 0). */
function tradeSteps(order: FuturesOrder, before: SeenFuturesOrder, fills: readonly FuturesFill[]): TradeStep[] {
  if (isZero(newlyFilledFutures(order, before))) return [];
  const out: Omit<TradeStep, 'profit'>[] = [];
  let filled = before.filled;
  let fee = before.fee;
  for (const fill of fills) {
    if (fill.id <= before.lastTradeId) continue;
    const next = addDecimal(filled, fill.quantity);
    if (compareDecimal(next, order.filled) > 0) break;
    filled = next;
    fee = addDecimal(fee, fill.fee);
    out.push({ tradeId: fill.id, qty: fill.quantity, price: fill.price, fee: fill.fee, maker: fill.maker, time: fill.time, filled });
  }
  const rest = subDecimal(order.filled, filled);
  if (!isZero(rest)) out.push({ tradeId: 0, qty: rest, price: order.avg_price, fee: subDecimal(order.fee, fee), filled: order.filled });
  return withProfits(order, before, out);
}

/**
 * Each step's realised profit. A close takes its cost at the position's entry, which no fill of
 * the close moves: the push's profit P = Σ s·price·qty − cost·Σqty, so a step's is
 * s·price·qty − (s·Σ price·qty − P)·qty ÷ Σqty, the last one the rest. Opening trades realise none.
 */
function withProfits(order: FuturesOrder, before: SeenFuturesOrder, steps: Omit<TradeStep, 'profit'>[]): TradeStep[] {
  const total = subDecimal(order.profit, before.profit);
  if (!order.action.startsWith('close') || steps.length === 0) return steps.map((s) => ({ ...s, profit: '0' }));
  const sign = order.action === 'close_long' ? '1' : '-1';
  const quantity = steps.reduce((sum, s) => addDecimal(sum, s.qty), '0');
  const notional = steps.reduce((sum, s) => addDecimal(sum, mulDecimal(s.price, s.qty)), '0');
  const costs = subDecimal(mulDecimal(sign, notional), total);
  let told = '0';
  return steps.map((s, i) => {
    const profit = i === steps.length - 1 ? subDecimal(total, told) : subDecimal(mulDecimal(sign, mulDecimal(s.price, s.qty)), divDecimal(mulDecimal(costs, s.qty), quantity, PROFIT_PLACES));
    told = addDecimal(told, profit);
    return { ...s, profit };
  });
}

/** The realised profit of each of an order's trades (all of them, oldest first), as the stream tells them: /fapi/v1/userTrades' `realizedPnl`. */
export function fillProfits(order: FuturesOrder, fills: readonly FuturesFill[]): string[] {
  const steps = fills.map((f) => ({ tradeId: f.id, qty: f.quantity, price: f.price, fee: f.fee, filled: '0' }));
  return withProfits(order, NOTHING_SEEN, steps).map((s) => s.profit);
}

/** What the stream remembers of the order after this push; undefined once it has ended. */
export function seenAfterFutures(order: FuturesOrder, updates: readonly object[], seen: SeenFuturesOrder | undefined): SeenFuturesOrder | undefined {
  const told = updates.map((u) => (u as { o: { t: number } }).o.t).filter((id) => id > 0);
  const lastTradeId = Math.max(seen?.lastTradeId ?? 0, ...told);
  return isWorking(order) ? { filled: order.filled, fee: order.fee, profit: order.profit, resting: true, lastTradeId } : undefined;
}

/**
 * Binance's `ACCOUNT_UPDATE`: the reason (`m`: ORDER, FUNDING_FEE, DEPOSIT, WITHDRAW, ADJUSTMENT),
 * the USDT balance (`wb` the wallet balance, `cw` the cross wallet balance, `bc` the change other
 * than realised profit and fees: a transfer's or funding's amount, "0" for orders) and the positions it changed.
 */
export function accountUpdate(reason: string, wallet: { wb: string; cw: string }, change: string, positions: readonly StreamPosition[], time: number, now: number) {
  return { e: 'ACCOUNT_UPDATE', E: now, T: time, a: { m: reason, B: [{ a: 'USDT', wb: wallet.wb, cw: wallet.cw, bc: change }], P: positions } };
}

/** The reason Binance gives a movement of the futures balance that no order made. */
export function movementReason(refType: string, delta: string): string {
  if (refType === 'futures_funding') return 'FUNDING_FEE';
  // Margin added to or removed from an isolated position (the futures product's margin step).
  if (refType === 'futures_position') return 'MARGIN_TRANSFER';
  if (refType === 'transfer') return compareDecimal(delta, '0') > 0 ? 'DEPOSIT' : 'WITHDRAW';
  return 'ADJUSTMENT';
}

/** A private-channel futures push: the symbols and the ids of the orders its commit changed. */
export function futuresPush(message: { kind: string }): { symbols: string[]; orders: number[] } | undefined {
  if (message.kind !== 'futures') return undefined;
  const m = message as { symbols?: unknown; orders?: unknown };
  const orders = Array.isArray(m.orders) ? m.orders.filter((id): id is number => Number.isSafeInteger(id)) : [];
  const symbols = Array.isArray(m.symbols) ? m.symbols.filter((s): s is string => typeof s === 'string') : [];
  return { symbols, orders };
}

/** A private-channel leverage push (domain/futures/api.ts FuturesLeveragePush): the contract, its new leverage and when. */
export function leveragePush(message: { kind: string }): { symbol: string; leverage: number; time: number } | undefined {
  if (message.kind !== 'futures_leverage') return undefined;
  const m = message as { symbol?: unknown; leverage?: unknown; time?: unknown };
  if (typeof m.symbol !== 'string' || !Number.isSafeInteger(m.leverage) || !Number.isSafeInteger(m.time)) return undefined;
  return { symbol: m.symbol, leverage: m.leverage as number, time: m.time as number };
}

/** Binance's `ACCOUNT_CONFIG_UPDATE` for a contract's new leverage (`ac.s` the Binance symbol, `ac.l` the leverage). */
export function accountConfigUpdate(symbol: string, leverage: number, time: number, now: number) {
  return { e: 'ACCOUNT_CONFIG_UPDATE', E: now, T: time, ac: { s: binanceSymbol(symbol), l: leverage } };
}

/** A private-channel margin call (domain/futures/marginCall.ts FuturesMarginCallPush), or undefined for any other push or a malformed one. */
export function marginCallPush(message: { kind: string }): FuturesMarginCallPush | undefined {
  if (message.kind !== 'futures_margin_call') return undefined;
  const m = message as Partial<FuturesMarginCallPush>;
  if (!Array.isArray(m.positions) || (m.mode !== 'cross' && m.mode !== 'isolated')) return undefined;
  return m as FuturesMarginCallPush;
}

/**
 * Binance's `MARGIN_CALL`: every position the call covers (one-way mode: `ps` BOTH, `pa` signed),
 * with `cw` the cross wallet balance for a cross account's call only, as Binance sends it.
 */
export function marginCallEvent(push: FuturesMarginCallPush, now: number) {
  return {
    e: 'MARGIN_CALL',
    E: now,
    ...(push.crossWallet !== undefined && { cw: push.crossWallet }),
    p: push.positions.map((p) => ({
      s: binanceSymbol(p.symbol),
      ps: 'BOTH',
      pa: p.side === -1 ? `-${p.quantity}` : p.quantity,
      mt: p.mode === 'cross' ? 'CROSSED' : 'ISOLATED',
      iw: p.isolatedWallet,
      mp: p.mark,
      up: p.unrealisedPnl,
      mm: p.maintenance,
    })),
  };
}
