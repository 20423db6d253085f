/** Wire types of the notification (/inform) and help-centre calls, shared with the server. */

export const NOTIFICATION_KINDS = [
  'welcome',
  'login_new_device',
  'password_changed',
  'funds_password_changed',
  // The account's email or phone changed: also told at the old address (securityNotices.ts).
  'email_changed',
  'phone_changed',
  'kyc_submitted',
  'kyc_approved',
  'kyc_rejected',
  'deposit_credited',
  // A held deposit an operator sent back on the chain (issue 52, the held deposits desk).
  'deposit_returned',
  'withdrawal_completed',
  'withdrawal_failed',
  // P2P (issue 37): to the ad owner when an ad is taken, to the seller when the buyer has paid, to
  // both parties when a deadline is near and when the operator decides an appeal.
  'p2p_order_taken',
  'p2p_order_paid',
  'p2p_pay_deadline_near',
  'p2p_confirm_deadline_near',
  'p2p_appeal_released',
  'p2p_appeal_returned',
  // Security changes (issue 49 §4), each also emailed (server/kernel/platform/auth/securityNotices.ts).
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
  'two_factor_locked',
  'api_key_created',
  'api_key_deleted',
  'allowlist_enabled',
  'allowlist_disabled',
  'withdrawal_address_added',
  'withdrawal_submitted',
  // Orders that wait for a price (issue 50 M10): a spot stop placed its order, a futures TP/SL closed.
  'spot_stop_triggered',
  'futures_plan_triggered',
  // A resting futures close cancelled once funding taken from its position's margin left it unbacked.
  'futures_close_unbacked',
  // A futures position's (or cross account's) margin ratio reached 80 %, before its liquidation at 100 % (marginCalls.ts).
  'futures_margin_call',
  'futures_margin_call_cross',
  // A liquidation closed (some of) a position; auto-deleveraging reduced a counterparty's (handlers.ts, adl.ts).
  'futures_liquidated',
  'futures_adl',
  // A price alert whose price a spot trade reached (server/products/alerts/watch.ts).
  'price_alert_above',
  'price_alert_below',
  'futures_price_alert_above',
  'futures_price_alert_below',
  // A balance correction approved by a second operator (issue 51 §4), with its reason.
  'balance_correction_credit',
  'balance_correction_debit',
  // A recurring buy paused after FAILURES_TO_PAUSE failed runs in a row (server/products/recurring/runner.ts).
  'recurring_paused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Pushed on the private channel after a commit that wrote a notification: the bell reads its list again at once. */
export interface NoticeStreamMessage {
  channel: 'user';
  kind: 'notice';
}
export const NOTICE_PUSH: NoticeStreamMessage = { channel: 'user', kind: 'notice' };

export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  /** Rendered by the server in the request's language. */
  title: string;
  body: string;
  /** ISO 8601. */
  created_at: string;
  read: boolean;
}

export interface NotificationPage {
  list: NotificationItem[];
  total: number;
  unread: number;
  page: number;
  size: number;
}

export interface UnreadCount {
  unread: number;
}

export const HELP_CATEGORIES = ['account', 'security', 'funds', 'spot', 'futures', 'seconds', 'fiat', 'ico'] as const;

export interface HelpSummary {
  id: string;
  category: string;
  common: boolean;
  question: string;
}

export interface HelpArticle extends HelpSummary {
  /** Paragraphs split by blank lines; "- " lines are bullets (rendered like platform notes). */
  answer: string;
}

export interface HelpList {
  list: HelpSummary[];
  /** Every category that has articles, in display order, whatever the filter. */
  categories: string[];
}

export interface HelpQuery {
  search: string;
  category: string;
}

/**
 * Which notices are also emailed: the risk to a futures position (a margin call, a liquidation, an
 * auto-deleveraging), a price alert reached and a recurring buy paused by its failures. The
 * security notices are always emailed; these only while the user's `trading_emails` is on (the
 * default), in the language of their last sign-in.
 */
export const EMAILED_TRADING_KINDS = [
  'futures_margin_call',
  'futures_margin_call_cross',
  'futures_liquidated',
  'futures_adl',
  'price_alert_above',
  'price_alert_below',
  'futures_price_alert_above',
  'futures_price_alert_below',
  'recurring_paused',
] as const satisfies readonly NotificationKind[];
export type EmailedTradingKind = (typeof EMAILED_TRADING_KINDS)[number];

export const NOTICE_SETTINGS_PATHS = {
  /** POST {}: the user's notice settings. */
  get: '/api/user/notice_settings',
  /** POST {trading_emails}: saves them; answers them. */
  set: '/api/user/notice_settings_set',
} as const;

export interface NoticeSettings {
  /** Email the EMAILED_TRADING_KINDS notices too (they are always in the bell). */
  trading_emails: boolean;
}
