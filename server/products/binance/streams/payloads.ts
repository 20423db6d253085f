import type { MarketTick } from '../../../../domain/api.js';
import { subDecimal } from '../../../../domain/decimal.js';
import type { KlineBar, Level, PublicTrade } from '../../../../domain/market.js';
import { binanceKline, INTERVALS } from '../klines.js';
import { changePercent } from '../spotShapes.js';

/**
 * Binance's market stream events (docs "WebSocket Streams for Binance"), built from what the
 * gateway's channels carry. `symbol` is Binance's upper-case one; `now` the event time (E).
 */

export function tradeEvent(symbol: string, trade: PublicTrade, now: number) {
  // m: the buyer was the maker, so the taker sold.
  return { e: 'trade', E: now, s: symbol, t: trade.id, p: trade.price, q: trade.quantity, T: trade.time, m: trade.side === 'sell', M: true };
}

/** Each of our trades is its own aggregate (as REST /api/v3/aggTrades answers). */
export function aggTradeEvent(symbol: string, trade: PublicTrade, now: number) {
  return { e: 'aggTrade', E: now, s: symbol, a: trade.id, p: trade.price, q: trade.quantity, f: trade.id, l: trade.id, T: trade.time, m: trade.side === 'sell', M: true };
}

export function bookTickerEvent(symbol: string, updateId: number, bid: Level | undefined, ask: Level | undefined) {
  return { u: updateId, s: symbol, b: bid?.[0] ?? '0', B: bid?.[1] ?? '0', a: ask?.[0] ?? '0', A: ask?.[1] ?? '0' };
}

export function partialDepthEvent(updateId: number, bids: Level[], asks: Level[]) {
  return { lastUpdateId: updateId, bids, asks };
}

export function diffDepthEvent(symbol: string, first: number, last: number, bids: Level[], asks: Level[], now: number) {
  return { e: 'depthUpdate', E: now, s: symbol, U: first, u: last, b: bids, a: asks };
}

/** `closed`: the bar is over (Binance's final push of a bar, x: true). Taker volumes are not kept: "0". */
export function klineEvent(symbol: string, interval: string, bar: KlineBar, closed: boolean, now: number) {
  const closeTime = binanceKline(bar, INTERVALS[interval]!)[6] as number;
  return {
    e: 'kline',
    E: now,
    s: symbol,
    k: { t: bar.time, T: closeTime, s: symbol, i: interval, f: -1, L: -1, o: bar.open, c: bar.close, h: bar.high, l: bar.low, v: bar.amount, n: bar.count, x: closed, q: bar.vol, V: '0', Q: '0', B: '0' },
  };
}

type Tick = Omit<MarketTick, 'channel'>;

/**
 * The rolling 24h ticker, with the figures REST /api/v3/ticker/24hr answers (spotRoutes.ts): the
 * same tick, the same best bid and ask, so a bot reading both sees one market.
 */
export function tickerEvent(symbol: string, tick: Tick, bid: Level | undefined, ask: Level | undefined, lastQty: string, now: number) {
  return {
    e: '24hrTicker',
    E: now,
    s: symbol,
    p: subDecimal(tick.close, tick.open),
    P: changePercent(tick.increase),
    w: tick.close,
    x: tick.open,
    c: tick.close,
    Q: lastQty,
    b: bid?.[0] ?? '0',
    B: bid?.[1] ?? '0',
    a: ask?.[0] ?? '0',
    A: ask?.[1] ?? '0',
    o: tick.open,
    h: tick.high,
    l: tick.low,
    v: tick.amount,
    q: tick.vol,
    O: now - 86_400_000,
    C: now,
    F: -1,
    L: -1,
    n: tick.count,
  };
}

export function miniTickerEvent(symbol: string, tick: Tick, now: number) {
  return { e: '24hrMiniTicker', E: now, s: symbol, c: tick.close, o: tick.open, h: tick.high, l: tick.low, v: tick.amount, q: tick.vol };
}
