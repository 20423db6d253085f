/** Business constants of spec §9, in one place so client and server agree. */
export const REQUEST_TIMEOUT_MS = 8000;
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000;
export const APP_REVEAL_DELAY_MS = 500;
export const LOGIN_REDIRECT_DELAY_MS = 200;
export const ANTI_DOUBLE_SUBMIT_MS = 2000;
export const TOAST_DURATION_MS = { info: 1200, error: 1200, success: 1000 } as const;

export const DEFAULT_LEGAL_TRADE = { confirm_time: 60, max_unpaid_num: 5, pay_time: 120 } as const;
export const DEFAULT_NAME_CHECK = {
  draw_check: 10000,
  draw_uncheck: 100,
  trust_single: 1000,
  trust_total: 10000,
  trust_uncheck: 1000,
} as const;
export const DEFAULT_ENABLE_PHONE_REGISTER = 1;

export const PERCENT_DECIMALS = 2;
export const CONTRACT_INDEX_DECIMALS = 4;
export const FIAT_DECIMALS = 2;

/** Seconds before another verification code may be asked for; the server refuses sooner, the forms count down. */
export const CODE_RESEND_SECONDS = 60;

export const ADDRESS_NOTE_MIN = 4;
export const ADDRESS_NOTE_MAX = 20;

export const KLINE_INTERVALS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export const ORDER_FILTER_PRESET_DAYS = [3, 7, 30] as const;
/** Market close and flash close sweep the book down to this level; any surplus cannot be closed. */
export const MARKET_CLOSE_MAX_LEVELS = 30;

/** "Market fetching is enabled" (spec §9): startup starts live subscriptions when this is on. */
export const MARKET_FEATURE_ENABLED = true;

export const QR_SIZES = { small: 110, large: 200 } as const;
