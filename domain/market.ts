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

/** The risk desk's market halts (issue 52 §1; docs/API.md "Market halts"). */
export const MARKET_OPERATOR_PATHS = {
  markets: '/api/operator/markets',
  halt: '/api/operator/market_halt',
  resume: '/api/operator/market_resume',
  /** Lists a new spot pair at runtime (trading.write, the operator's 2FA code). */
  list: '/api/operator/market_list',
  /** Announces a market's delisting at a time (trading.write, the operator's 2FA code). */
  delist: '/api/operator/market_delist',
} as const;

/** What a risk operator gives to list a spot pair (issue 52 §1; docs/API.md "Listing a market"). */
export interface MarketListing {
  /** Existing currencies: the traded one and the one it is priced in. */
  base: string;
  quote: string;
  /** Decimal places of the price and of the quantity (0 to 8). */
  price_precision: number;
  amount_precision: number;
  /** The smallest order quantity (base) and value (quote), decimals within the precisions. */
  min_quantity: string;
  min_notional: string;
  /** The price the market makers start from, in the quote currency. */
  reference_price: string;
  /** Whether market makers quote it; their spread (a fraction of the price, under 0.5) and depth (levels a side, 1 to 50). */
  makers: boolean;
  maker_spread?: string;
  maker_depth?: number;
}

/** The highest price and amount precision a listed pair may have. */
export const LISTING_PRECISION_MAX = 8;

/**
 * The public channel of the site's pair list (issue 52 §1): after every change an operator makes
 * to a market — a halt, a resume, a listing, a delisting — the whole list, as POST /api/pair_list
 * answers it, so open pages' markets lists follow without a reload. A subscriber's first message is
 * the list as it is then.
 */
export const PAIR_LIST_CHANNEL = 'pair_list';

/** A push on PAIR_LIST_CHANNEL. */
export interface PairListPush {
  pairs: Pair[];
}

/** The longest reason a halt carries (the trade page and every refusal show it). */
export const HALT_REASON_MAX = 200;

/** The two kinds of market a pair may have: its spot market and its perpetual contract. */
export const MARKET_KINDS = ['spot', 'futures'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

/** One market — a pair's spot market or its contract — as the risk desk lists it. */
export interface OperatorMarket {
  /** Which of the pair's markets this is (halt and resume name it; absent: spot). */
  market: MarketKind;
  symbol: string;
  trading: boolean;
  halted_reason: string | null;
  /** Epoch ms; null while trading. */
  halted_at: number | null;
}
