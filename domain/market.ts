/**
 * Wire types of the market-data channels beyond the spot tick (documented in docs/API.md).
 * Prices and quantities are decimal strings in the pair's precision.
 */
import type { Pair } from './api';
import type { KlineInterval } from './constants';

/** [price, quantity]; in a delta, quantity "0" removes the level. */
export type Level = [string, string];

/**
 * `{left}_{right}_depth`: on subscribe (and on every re-subscribe) a snapshot, then deltas. Each
 * message's `seq` is the previous one's plus one; a client that sees a gap re-subscribes to get a
 * fresh snapshot.
 */
export type DepthMessage =
  | { channel: string; kind: 'snapshot'; seq: number; bids: Level[]; asks: Level[] }
  | { channel: string; kind: 'delta'; seq: number; bids: Level[]; asks: Level[] };

export interface PublicTrade {
  id: number;
  /** ms since epoch */
  time: number;
  price: string;
  quantity: string;
  /** The taker's side: "buy" means the price was lifted. */
  side: 'buy' | 'sell';
}

/** `{left}_{right}_trade`: on subscribe the latest trades (newest first), then each new batch. */
export interface TradesMessage {
  channel: string;
  kind: 'snapshot' | 'update';
  trades: PublicTrade[];
}

export interface KlineBar {
  /** Candle open time, ms since epoch (UTC). */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Base quantity traded. */
  amount: string;
  /** Quote turnover. */
  vol: string;
  count: number;
}

/** `{left}_{right}_kline_{interval}`: the candle in progress, on subscribe and after every trade. */
export interface KlineMessage {
  channel: string;
  interval: KlineInterval;
  bar: KlineBar;
}

/** GET /api/market/kline answer: oldest first; `more` says whether older bars exist. */
export interface KlineHistory {
  pair: string;
  interval: KlineInterval;
  bars: KlineBar[];
  more: boolean;
}

export function depthChannel(left: string, right: string): string {
  return `${left}_${right}_depth`.toLowerCase();
}
export function tradeChannel(left: string, right: string): string {
  return `${left}_${right}_trade`.toLowerCase();
}
export function klineChannel(left: string, right: string, interval: KlineInterval): string {
  return `${left}_${right}_kline_${interval}`.toLowerCase();
}

// The pair list's channel lives with the tick channels in domain/api.ts (on /home's first load).
export { PAIR_LIST_CHANNEL } from './api';

/** A push on PAIR_LIST_CHANNEL. */
export interface PairListPush {
  pairs: Pair[];
}

/** The longest reason a halt carries (the trade page and every refusal show it). */
export const HALT_REASON_MAX = 200;
