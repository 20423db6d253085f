/**
 * Wire types of user spot trading (docs/API.md, "Spot orders") and of the private user channel,
 * shared by the server and the browser. Amounts are exact decimal strings; times epoch ms.
 */
import type { IcoStreamMessage } from './ico';
import type { FiatStreamMessage } from './fiat';
import type { SecondsStreamMessage } from './seconds';
import type { NoticeStreamMessage } from './informHelp';
import type { KycStreamMessage } from './kyc';
import type { BalanceRow, WalletStreamMessage } from './wallet';
import type { USER_CHANNEL } from './userChannel';

/** Spot order status (spec §4): waiting for transaction, partially traded, fully traded, cancelled. */
export const SpotOrderStatus = { waiting: 1, partial: 2, filled: 3, cancelled: 4 } as const;
export type SpotOrderStatus = (typeof SpotOrderStatus)[keyof typeof SpotOrderStatus];
export const OPEN_ORDER_STATUSES: readonly SpotOrderStatus[] = [SpotOrderStatus.waiting, SpotOrderStatus.partial];

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

/**
 * POST /api/spot/order_place (sent with an Idempotency-Key header).
 * Limit: price and quantity. Market sell: quantity. Market buy: amount (the quote to spend, frozen
 * up front; the fill never spends more).
 */
export interface PlaceSpotOrder {
  /** Pair as BTC_USDT. */
  symbol: string;
  side: OrderSide;
  type: OrderType;
  price?: string;
  quantity?: string;
  amount?: string;
  /**
   * Limit orders only: GTC rests (the default); IOC fills what it can at once and cancels the rest;
   * POST_ONLY only ever rests (a maker), and is cancelled unfilled if it would take. FOK (fills
   * whole at once, or not at all) only from the server's own callers (Convert): the order route's
   * schema does not take it.
   */
  time_in_force?: SpotTimeInForce | 'FOK';
}

export const SPOT_TIME_IN_FORCE = ['GTC', 'IOC', 'POST_ONLY'] as const;
export type SpotTimeInForce = (typeof SPOT_TIME_IN_FORCE)[number];

export interface SpotOrder {
  id: number;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  /** Entrust price; "0" for market orders. */
  price: string;
  /** Entrust quantity (base); for a market buy, the most its budget could buy is unknown, so "0". */
  quantity: string;
  /** Entrust total in quote: price × quantity, or a market buy's budget. */
  amount: string;
  /** Deal amount (base filled). */
  filled: string;
  /** Average deal price; "0" before any fill. */
  avg_price: string;
  /** Turnover (quote filled). */
  turnover: string;
  fee: string;
  /** Buys pay the fee in base, sells in quote. */
  fee_currency: string;
  status: SpotOrderStatus;
  /**
   * How long it may rest: GTC, IOC, POST_ONLY (and FOK from the Binance dialect); a market order is
   * IOC. With the status it says why an order ended unfilled (a post-only that would have taken).
   */
  time_in_force: SpotTimeInForce | 'FOK';
  created_at: number;
  updated_at: number;
  /**
   * Lists and the detail only (issue 50 M11): the trigger of the stop-limit that placed this order
   * (null for an order placed directly), and whether it is the limit leg of an OCO. Absent on the
   * private channel's pushes, which the lists merge with what they read.
   */
  stop_trigger?: string | null;
  oco?: boolean;
}

/** A stop's status: waiting for its trigger, triggered (its order placed), cancelled, failed (its order was refused). */
export const SpotStopStatus = { waiting: 1, triggered: 2, cancelled: 3, failed: 4 } as const;
export type SpotStopStatus = (typeof SpotStopStatus)[keyof typeof SpotStopStatus];

/**
 * POST /api/spot/stop_place (Idempotency-Key header): a stop-limit order — when the pair's last
 * trade price reaches `trigger_price` (a buy at or above it, a sell at or below), a limit order at
 * `price` for `quantity` is placed. With `limit_price`, an OCO: a limit order at `limit_price` for
 * the same quantity is placed at once, and whichever leg fills (even partly) or triggers first
 * cancels the other.
 */
export interface PlaceSpotStop {
  symbol: string;
  side: OrderSide;
  trigger_price: string;
  price: string;
  quantity: string;
  limit_price?: string;
}

export interface SpotStop {
  id: number;
  symbol: string;
  side: OrderSide;
  trigger_price: string;
  price: string;
  quantity: string;
  /** What the waiting stop holds frozen (quote for buys, base for sells); an OCO's limit leg holds the rest. */
  frozen: string;
  status: SpotStopStatus;
  /** The OCO's limit leg, if this stop is one. */
  oco_order_id: number | null;
  /** The limit order the stop placed when triggered. */
  order_id: number | null;
  created_at: number;
  updated_at: number;
}

/** One fill of an order (spec §3 deal details). */
export interface SpotDeal {
  id: number;
  time: number;
  price: string;
  quantity: string;
  fee: string;
  /** The fee rate this fill used, the user's own (a negative maker rate is a rebate); null for fills made before rates were recorded. */
  rate: string | null;
  role: 'maker' | 'taker';
}

export interface SpotOrderDetail extends SpotOrder {
  deals: SpotDeal[];
}

/** POST /api/spot/fee_rate: fractions of the received amount, e.g. "0.001" for 0.1 %. */
export interface SpotFeeRate {
  maker: string;
  taker: string;
}

export const SPOT_PATHS = {
  place: '/api/spot/order_place',
  cancel: '/api/spot/order_cancel',
  /** Open orders: { symbol?, page, size? }. */
  current: '/api/spot/orders_current',
  /** Finished orders: RecordQuery plus { symbol? }. */
  history: '/api/spot/orders_history',
  detail: '/api/spot/order_detail',
  feeRate: '/api/spot/fee_rate',
  /** Stop-limit and OCO: PlaceSpotStop. */
  stopPlace: '/api/spot/stop_place',
  stopCancel: '/api/spot/stop_cancel',
  /** Waiting and triggered stops: { symbol?, page, size? }. */
  stopsCurrent: '/api/spot/stops_current',
  /** Stops that are over (cancelled, failed, triggered with their order finished): { days, page, size?, symbol? } (issue 50 M11). */
  stopsHistory: '/api/spot/stops_history',
} as const;

/** The private channel (domain/userChannel.ts) and what the products send on it. */
export { USER_CHANNEL, type UserChannelSubscribe } from './userChannel';
export type UserStreamMessage =
  | { channel: typeof USER_CHANNEL; kind: 'order'; order: SpotOrder }
  | { channel: typeof USER_CHANNEL; kind: 'balance'; balances: BalanceRow[] }
  /** A seconds contract bought or settled (domain/seconds.ts). */
  | SecondsStreamMessage
  /** An ICO subscription subscribed, settled or thawed (domain/ico.ts). */
  | IcoStreamMessage
  /** A P2P fiat order or chat message (domain/fiat.ts). */
  | FiatStreamMessage
  /** A deposit's or withdrawal's new status (domain/wallet.ts). */
  | WalletStreamMessage
  /** The operator's review of the user's identity (domain/kyc.ts). */
  | KycStreamMessage
  /** A notification was written for the user: the bell reads its list again (domain/informHelp.ts). */
  | NoticeStreamMessage;
