/**
 * Wire types of the USDT-margined perpetual futures (docs/API.md "Futures"), shared by the server
 * and the browser. Amounts and prices are exact decimal strings (USDT for money, the base currency
 * for quantities); times are epoch milliseconds.
 */
import type { LeverageBracket } from './brackets.js';
import type { FuturesOrderStatus, PlanStatus } from './orderStatus.js';

export const FUTURES_PATHS = {
  config: '/api/futures/config',
  /** The config with the user's leverage and margin mode on the pair. */
  settings: '/api/futures/settings',
  account: '/api/futures/account',
  positions: '/api/futures/positions',
  leverage: '/api/futures/leverage',
  order: '/api/futures/order',
  cancel: '/api/futures/cancel',
  close: '/api/futures/close',
  flashClose: '/api/futures/flash_close',
  plan: '/api/futures/plan',
  planCancel: '/api/futures/plan_cancel',
  current: '/api/futures/orders_current',
  history: '/api/futures/orders_history',
  plans: '/api/futures/plans',
  orderDetail: '/api/futures/order_detail',
  /** Adds margin to or removes it from an isolated position. */
  margin: '/api/futures/margin',
  /** GET: a contract market's candle history (the query string of GET /api/market/kline). */
  kline: '/api/futures/kline',
} as const;

/** The futures wallet account and its currency. */
export const FUTURES_ACCOUNT = 'contract' as const;
declare module '../walletAccounts' {
  interface WalletAccountKinds {
    /** Futures' margin account. */
    contract: true;
  }
}
export const FUTURES_CURRENCY = 'USDT';

/** Fee rates as fractions: makers pay 0.02 %, takers 0.05 % of the notional; opening holds the taker rate. */
export const FUTURES_FEES = { maker: '0.0002', taker: '0.0005' } as const;
/** The liquidation fee (a fraction of the liquidated notional), taken from what remains of the margin. */
export const LIQUIDATION_FEE_RATE = '0.005';
/** A market close or flash close reaches at most this many levels of the book (§9). */
export const CLOSE_BOOK_LEVELS = 30;
/** Default funding interval: 8 hours (FUNDING_INTERVAL, in ms on the server). */
export const DEFAULT_FUNDING_INTERVAL_MS = 8 * 3_600_000;

export const FUTURES_ACTIONS = ['open_long', 'open_short', 'close_long', 'close_short'] as const;
export type FuturesAction = (typeof FUTURES_ACTIONS)[number];
export const MARGIN_MODES = ['isolated', 'cross'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];
/** A contract's leverage for a user who never set one (Binance's default for BTC: 20×). */
export const DEFAULT_FUTURES_LEVERAGE = 20;
export const PLAN_KINDS = ['take_profit', 'stop_loss'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const TRIGGER_BY = ['mark', 'last', 'roe'] as const;
export type TriggerBy = (typeof TRIGGER_BY)[number];
/** `delist`: the close of a position when its contract was delisted, at the mark (issue 52 §1). */
export type FuturesOrderSource = 'user' | 'flash' | 'take_profit' | 'stop_loss' | 'liquidation' | 'adl' | 'maker' | 'delist';

export const isOpening = (a: FuturesAction) => a === 'open_long' || a === 'open_short';
/** The book side an action trades on: opening long and closing short buy. */
export const bookSideOf = (a: FuturesAction): 'buy' | 'sell' => (a === 'open_long' || a === 'close_short' ? 'buy' : 'sell');
/** The position side an action opens or closes: 1 long, −1 short. */
export const positionSideOf = (a: FuturesAction): 1 | -1 => (a === 'open_long' || a === 'close_long' ? 1 : -1);

export interface PlanRequest {
  trigger_by: TriggerBy;
  /**
   * A price, or for 'roe' a percentage ("50" is +50 % for a take-profit, −50 % for a stop-loss),
   * which the server stores as the mark price it means for the position (issue 50 M8).
   */
  trigger_value: string;
  exec_type: 'limit' | 'market';
  exec_price?: string;
}

export interface FuturesOrderRequest {
  symbol: string;
  action: FuturesAction;
  type: 'limit' | 'market';
  price?: string;
  quantity: string;
  /**
   * Reduce-only: the order only reduces the position it is opposite to (it is placed as that
   * position's close, at most its closable quantity) and is refused if it would open or increase one.
   */
  reduce_only?: boolean;
  take_profit?: PlanRequest;
  stop_loss?: PlanRequest;
}

export const MARGIN_ADJUSTMENTS = ['add', 'remove'] as const;
export type MarginAdjustment = (typeof MARGIN_ADJUSTMENTS)[number];

/** POST /api/futures/margin: USDT moved between the futures account and an isolated position. */
export interface FuturesMarginRequest {
  symbol: string;
  type: MarginAdjustment;
  /** A positive USDT amount with at most MARGIN_AMOUNT_PLACES decimals. */
  amount: string;
}

/** Decimals a margin adjustment may carry. */
export const MARGIN_AMOUNT_PLACES = 8;

export interface FuturesCloseRequest {
  symbol: string;
  type: 'limit' | 'market';
  price?: string;
  quantity: string;
}

export interface FuturesPlanCreate extends PlanRequest {
  symbol: string;
  kind: PlanKind;
  quantity?: string;
}

export interface FuturesOrder {
  id: number;
  symbol: string;
  action: FuturesAction;
  type: 'limit' | 'market';
  price: string | null;
  quantity: string;
  filled: string;
  /** Average traded price ("0" before any trade). */
  avg_price: string;
  leverage: number;
  margin_mode: MarginMode;
  fee: string;
  profit: string;
  status: FuturesOrderStatus;
  source: FuturesOrderSource;
  trigger_price: string | null;
  /** Set when a market close stopped at the 30th level: the quantity left open. */
  note: string | null;
  created_ms: number;
  updated_ms: number;
}

/**
 * POST /api/futures/order_detail: the order with its trades, each with the order's fee on it (USDT)
 * and the rate it was charged at (issue 52 §2: a market maker's and an auto-deleveraged close's 0;
 * both null on trades recorded before fills kept them).
 */
export interface FuturesOrderDetail extends FuturesOrder {
  trades: Array<{ time: number; price: string; quantity: string; fee: string | null; rate: string | null }>;
}

export interface FuturesPlan {
  id: number;
  symbol: string;
  kind: PlanKind;
  position_side: 1 | -1;
  trigger_by: TriggerBy;
  trigger_value: string;
  exec_type: 'limit' | 'market';
  exec_price: string | null;
  quantity: string | null;
  status: PlanStatus;
  order_id: number | null;
  created_ms: number;
}

export interface FuturesPosition {
  symbol: string;
  side: 1 | -1;
  margin_mode: MarginMode;
  leverage: number;
  /** Open interest (the position's quantity). */
  quantity: string;
  closable: string;
  entry_price: string;
  mark_price: string;
  last_price: string | null;
  /** Guarantee assets: the margin (isolated) or initial margin (cross) of the position. */
  margin: string;
  unrealised_pnl: string;
  /** ROE as a fraction. */
  roe: string;
  maintenance_margin: string;
  /** A fraction, null when the margin balance is not positive. */
  margin_ratio: string | null;
  liquidation_price: string;
  bankruptcy_price: string;
  realised: string;
  /** Isolated: what may leave the position now (it keeps its initial margin at the mark and its loss); "0" for cross. */
  max_removable_margin: string;
}

export interface FuturesAccount {
  /** Verified users may trade (spec §6); others see "no trading permission". */
  can_trade: boolean;
  equity: string;
  available: string;
  frozen: string;
  margin: string;
  unrealised_pnl: string;
  margin_ratio: string | null;
  positions: FuturesPosition[];
}

export interface FuturesConfig {
  symbol: string;
  price_precision: number;
  amount_precision: number;
  max_leverage: number;
  brackets: LeverageBracket[];
  /** Maker and taker rates: the schedule's default, or (signed in: /api/futures/settings) the user's own. */
  fees: { maker: string; taker: string };
  index_price: string | null;
  mark_price: string | null;
  last_price: string | null;
  funding_rate: string;
  next_funding_ms: number;
  funding_interval_ms: number;
  /** The user's leverage and margin mode on this pair (signed in only). */
  leverage?: number;
  margin_mode?: MarginMode;
}

/** The result of an order or close: the order, and what a market close could not close within 30 levels. */
export interface FuturesPlaced {
  order: FuturesOrder;
  unfilled: string;
}

/** A pushed change of the user's futures state (private channel, `kind: 'futures'`). */
export interface FuturesPush {
  kind: 'futures';
  /** The contracts the commit changed for the user (BTC_USDT…), as adopt.ts sends them. */
  symbols: string[];
  orders: number[];
}

/**
 * A user's leverage on a contract changed (private channel, `kind: 'futures_leverage'`): pushed once
 * per change that set another leverage than the one held (not for a margin mode change alone), with
 * the values, so a listener (the Binance futures stream's ACCOUNT_CONFIG_UPDATE) reads nothing.
 */
export interface FuturesLeveragePush {
  kind: 'futures_leverage';
  /** Ours: BTC_USDT. */
  symbol: string;
  leverage: number;
  /** When the batch that set it ran (ms). */
  time: number;
}

export const futureDepthChannel = (left: string, right: string) => `${left}_${right}_future_depth`.toLowerCase();
export const futureTradeChannel = (left: string, right: string) => `${left}_${right}_future_trade`.toLowerCase();
export const futureKlineChannel = (left: string, right: string, interval: string) => `${left}_${right}_future_kline_${interval}`.toLowerCase();

/**
 * One side of a futures trade as the order that made it sees it (the futures product's stream
 * reads; the Binance futures stream's TRADE reports): the trade's id, this order's fee, its role.
 */
export interface FuturesFill {
  id: number;
  time: number;
  price: string;
  quantity: string;
  /** What this order paid on it (USDT; "0" on trades from before fills kept their fees). */
  fee: string;
  maker: boolean;
}
