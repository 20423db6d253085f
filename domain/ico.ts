/**
 * Wire types and pure rules of the ICO subscription (docs/API.md "ICO subscription"), shared by the
 * server and the browser. Amounts and prices are exact decimal strings; times are epoch milliseconds.
 */
import { compareDecimal, divDecimal, mulDecimal, subDecimal } from './decimal';
import { isPositiveDecimalInput } from './decimalRule';
import type { LocaleCode } from './languages';
import type { TextsByLanguage } from './localisedText';

export const ICO_PATHS = {
  /** Public: every project with its figures and the status the clock gives it. */
  projects: '/api/ico/projects',
  /** Signed in: the caller's subscriptions, one per project (with allocation, refund and release). */
  mine: '/api/ico/mine',
  /** Signed in: the ico account (USDT) and each token's released today / in total. */
  account: '/api/ico/account',
  subscribe: '/api/ico/subscribe',
  thaw: '/api/ico/thaw',
  /** Signed in: /order/sub-hold and sub-end. */
  orders: '/api/ico/orders',
  /** Signed in: /order/sub-tran, /wallet/log-ico and log-ico-thaw. */
  records: '/api/ico/records',
  operatorProjects: '/api/operator/ico/projects',
  operatorSave: '/api/operator/ico/project_save',
} as const;

/** Subscriptions are paid in this currency from this wallet account; tokens arrive in the same account. */
export const ICO_CURRENCY = 'USDT';
export const ICO_ACCOUNT = 'ico' as const;
declare module './walletAccounts' {
  interface WalletAccountKinds {
    /** Subscriptions are paid from and tokens arrive in it. */
    ico: true;
  }
}
/** "Ending soon" is the last 24 hours of the recruit period. */
export const ICO_ENDING_SOON_MS = 86_400_000;
/** Raise prices take at most this many decimals; tokens at most ICO_MAX_TOKEN_PLACES. */
export const ICO_PRICE_PLACES = 8;
export const ICO_MAX_TOKEN_PLACES = 8;

/**
 * Status of a project from the clock (and, for `holding`, the release schedule):
 * upcoming (before the recruit start), in_progress, ending_soon (last 24 h), pending_settlement
 * (ended, not settled yet), holding (settled, the schedule still holds part of the allocations
 * frozen), settled (settled and fully released).
 */
export const ICO_STATUSES = ['upcoming', 'in_progress', 'ending_soon', 'pending_settlement', 'holding', 'settled'] as const;
export type IcoStatus = (typeof ICO_STATUSES)[number];

export interface IcoProject {
  id: number;
  /** The token's symbol ("NOVA") and name. */
  symbol: string;
  name: string;
  /**
   * The description in the reader's language (the request's `lang` header) when the operator wrote
   * one, else the default language's (en_US): `description_lang` says which, and
   * `description_fallback` is true when it stands in for the reader's language.
   */
  description: string;
  description_lang: LocaleCode;
  description_fallback: boolean;
  /** Quantity for sale, in tokens. */
  total: string;
  /** Raise price in USDT per token. */
  price: string;
  /** Decimals of the token: allocations are rounded down to these. */
  token_places: number;
  start_at: number;
  end_at: number;
  /** Per-user bounds on the subscribed quantity (tokens, all subscriptions of the user together). */
  min_quantity: string;
  max_quantity: string;
  /** Share of each allocation released per period (the freeze rate's complement: "0.1" = 10 % a period). */
  release_rate: string;
  release_period_ms: number;
  /** Whether the token is to be listed for spot trading after settlement. */
  listed: boolean;
  /** Quantity subscribed by everyone so far, and the number of subscribers (the total activity). */
  subscribed: string;
  participants: number;
  /** subscribed ÷ total, cut to 4 decimals, at most 1 (the progress bar). */
  progress: string;
  /** Quantity still available before the project is oversubscribed (never negative). */
  available: string;
  status: IcoStatus;
  /** Set at settlement: for sale ÷ subscribed (1 when not oversubscribed), 18 decimals cut. */
  winning_rate: string | null;
  settled_at: number | null;
  /** Last spot price of TOKEN_USDT when the token trades, and (last − price) ÷ price (a fraction; shown with 2 decimals). */
  last_price: string | null;
  price_increase: string | null;
  /** The server's clock when it answered (remaining term = end_at − server_time). */
  server_time: number;
}

/** The operator's view of a project: also every language's description, as the desk's form edits them. */
export interface IcoOperatorProject extends IcoProject {
  descriptions: TextsByLanguage;
}

/** The longest description, in any language (characters). */
export const ICO_DESCRIPTION_MAX = 2000;

export interface IcoSubscription {
  project_id: number;
  symbol: string;
  name: string;
  price: string;
  status: IcoStatus;
  end_at: number;
  /** Subscribed quantity and the USDT actually paid (frozen until settlement). */
  quantity: string;
  paid: string;
  /** After settlement: winning quantity, the refund, and the winning rate of the project. */
  allocated: string | null;
  refund: string | null;
  winning_rate: string | null;
  /** Released by the schedule so far, released during today (UTC), moved to available by thaws, and what a thaw would move now. */
  released_total: string;
  released_today: string;
  thawed: string;
  thawable: string;
  /** Tokens still frozen (allocated − thawed). */
  frozen: string;
  release_rate: string;
  first_at: number;
}

/**
 * The private channel's push when one of the user's subscriptions changes: `subscribed` (a
 * participation or add more), `settled` (allocation and refund known), `thawed` (released tokens
 * moved to available). The subscription is the same object GET-like calls answer.
 */
export type IcoStreamEvent = 'subscribed' | 'settled' | 'thawed';
export const ICO_STREAM_EVENTS: readonly IcoStreamEvent[] = ['subscribed', 'settled', 'thawed'];
export interface IcoStreamMessage {
  channel: 'user';
  kind: 'ico';
  event: IcoStreamEvent;
  subscription: IcoSubscription;
}

export interface IcoTokenBalance {
  symbol: string;
  available: string;
  frozen: string;
  released_today: string;
  released_total: string;
  thawable: string;
}

export interface IcoAccount {
  currency: typeof ICO_CURRENCY;
  available: string;
  frozen: string;
  tokens: IcoTokenBalance[];
}

export interface IcoSubscribeRequest {
  project_id: number;
  /** Tokens, at most the token's places. */
  quantity: string;
}

export interface IcoThawRequest {
  project_id: number;
}

export type IcoRecordKind = 'subscribe' | 'add' | 'allocation' | 'refund' | 'thaw';
export const ICO_RECORD_TYPES = ['tran', 'log', 'thaw'] as const;
/** tran: subscribe and add (/order/sub-tran); log: every ico movement (/wallet/log-ico); thaw: thaws (/wallet/log-ico-thaw). */
export type IcoRecordType = (typeof ICO_RECORD_TYPES)[number];

export interface IcoRecord {
  id: number;
  project_id: number;
  symbol: string;
  kind: IcoRecordKind;
  /** Tokens (subscribe, add, allocation, thaw) … */
  quantity: string;
  /** … and USDT (paid for subscribe/add, refunded for refund; 0 otherwise). */
  amount: string;
  created_at: number;
}

export const ICO_ORDER_TABS = ['hold', 'end'] as const;
export type IcoOrderTab = (typeof ICO_ORDER_TABS)[number];

export interface IcoProjectInput {
  /** Absent: a new project. */
  id?: number;
  symbol?: string;
  name?: string;
  /**
   * Descriptions by language, merged into the project's: a language sent replaces its text, a blank
   * text removes it (readers then get the default language's), a language not sent is kept. en_US,
   * the default, is required on creation and can never be blanked.
   */
  description?: TextsByLanguage;
  total?: string;
  price?: string;
  token_places?: number;
  start_at?: number;
  end_at?: number;
  min_quantity?: string;
  max_quantity?: string;
  release_rate?: string;
  release_period_ms?: number;
  listed?: boolean;
}

/** Status of a project at `now` (see ICO_STATUSES); `fullyReleased` says whether the schedule has released everything. */
export function icoStatusAt(p: { start_at: number; end_at: number; settled_at: number | null }, now: number, fullyReleased: boolean): IcoStatus {
  if (p.settled_at !== null) return fullyReleased ? 'settled' : 'holding';
  if (now < p.start_at) return 'upcoming';
  if (now >= p.end_at) return 'pending_settlement';
  return p.end_at - now <= ICO_ENDING_SOON_MS ? 'ending_soon' : 'in_progress';
}

/** Subscriptions and add more are accepted only in these statuses. */
export const icoOpen = (status: IcoStatus): boolean => status === 'in_progress' || status === 'ending_soon';

/** The USDT a quantity costs at the raise price (exact). */
export const icoCost = (quantity: string, price: string): string => mulDecimal(quantity, price);

/** Periods of the schedule completed at `now` (0 before the first period ends). */
export function releasePeriods(endAt: number, periodMs: number, now: number): number {
  return now <= endAt ? 0 : Math.floor((now - endAt) / periodMs);
}

/** Released by the schedule after `periods` periods: allocation × rate × periods, cut to the token's places, at most the allocation. */
export function releasedAfter(allocated: string, rate: string, periods: number, places: number): string {
  if (periods <= 0) return '0';
  const share = mulDecimal(rate, String(periods));
  if (compareDecimal(share, '1') >= 0) return allocated;
  const released = divDecimal(mulDecimal(allocated, share), '1', places);
  return compareDecimal(released, allocated) > 0 ? allocated : released;
}

/** (last − price) ÷ price as a fraction cut to 6 decimals; formatPercent shows it with 2. */
export function priceIncrease(last: string, price: string): string {
  return divDecimal(subDecimal(last, price), price, 6);
}

/** The quantity a user may still subscribe: max − what they hold (never negative). */
export function remainingAllowance(max: string, mine: string): string {
  const left = subDecimal(max, mine);
  return compareDecimal(left, '0') > 0 ? left : '0';
}

/** A plain positive decimal with at most `places` decimals and 18 integer digits. */
export function isQuantity(value: string, places: number): boolean {
  return isPositiveDecimalInput(value, { places, integerDigits: 18 });
}
