/**
 * Price alerts (server/products/alerts, src/features/alerts): a signed-in user asks to be told
 * when a spot pair's or a USDT-M contract's last traded price rises to or falls to a price. The server checks every
 * second against the trades since its last look (so a spike between two looks still counts),
 * tells the user once — a notice in their language and the bell rung — and the alert ends.
 */
export const ALERT_PATHS = {
  /** POST {}: the user's active alerts (oldest first) and their latest triggered ones (newest first). */
  list: '/api/alerts/list',
  /** POST {symbol, condition, price}: a new active alert; refused when the price is already there. */
  create: '/api/alerts/create',
  /** POST {id}: ends one of the user's active alerts. */
  cancel: '/api/alerts/cancel',
} as const;

/** Which market's last trade an alert follows: the spot pair's, or its USDT-M perpetual contract's. */
export const ALERT_MARKETS = ['spot', 'futures'] as const;
export type AlertMarket = (typeof ALERT_MARKETS)[number];

/** `above`: tell me when the price rises to `price` or higher; `below`: falls to it or lower. */
export const ALERT_CONDITIONS = ['above', 'below'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export type AlertStatus = 'active' | 'triggered' | 'cancelled';

/** How many active alerts one user may keep. */
export const MAX_ACTIVE_ALERTS = 20;
/** How many triggered alerts the list returns (newest first). */
export const TRIGGERED_SHOWN = 20;

export interface PriceAlert {
  id: number;
  market: AlertMarket;
  /** The pair (or the contract's pair), "BTC_USDT". */
  symbol: string;
  condition: AlertCondition;
  /** At the pair's price precision. */
  price: string;
  status: AlertStatus;
  created_ms: number;
  triggered_ms: number | null;
  /** The traded price that crossed it. */
  triggered_price: string | null;
}

export interface AlertList {
  active: PriceAlert[];
  triggered: PriceAlert[];
}

export interface CreateAlertInput {
  /** Spot when absent. */
  market?: AlertMarket;
  /** "BTC_USDT" or "btc_usdt": a spot pair that trades, or a contract that does (`contract_status`). */
  symbol: string;
  condition: AlertCondition;
  /** A positive decimal with at most the pair's price places. */
  price: string;
}
