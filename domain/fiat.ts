import { addDecimal, compareDecimal, divDecimal, mulDecimal, toFixedDecimal, trimZeros } from './decimal';
import { isDecimalInput, isPositiveDecimalInput } from './decimalRule';
import { PRICING_CODES, type PricingCode } from './pricingCurrencies';

/**
 * P2P fiat buy and sell with escrow (spec §1–§4, §9 legal_trade, §6 name_check): the wire types,
 * the order lifecycle as a transition table both halves apply, and the exact conversions between
 * a fiat amount and a crypto quantity. docs/API.md "P2P fiat" states the rules.
 */

export const FIAT_PATHS = {
  ads: '/api/fiat/ads',
  ad: '/api/fiat/ad',
  myAds: '/api/fiat/my_ads',
  publish: '/api/fiat/ad_publish',
  adStatus: '/api/fiat/ad_status',
  take: '/api/fiat/take',
  order: '/api/fiat/order',
  orders: '/api/fiat/orders',
  markPaid: '/api/fiat/mark_paid',
  release: '/api/fiat/release',
  cancel: '/api/fiat/cancel',
  appeal: '/api/fiat/appeal',
  chat: '/api/fiat/chat',
  say: '/api/fiat/say',
  methods: '/api/fiat/methods',
  records: '/api/fiat/records',
  /** The caller's P2P standing: a suspension's end, unpaid orders counted, online ads against the cap. */
  standing: '/api/fiat/standing',
  operatorAppeals: '/api/operator/fiat/appeals',
  operatorResolve: '/api/operator/fiat/resolve',
  operatorChat: '/api/operator/fiat/chat',
  operatorLegalTrade: '/api/operator/fiat/legal_trade',
  /** The legal_trade section as it applies now (the operator's settings screen reads it). */
  operatorTradeSettings: '/api/operator/fiat/trade_settings',
} as const;

/** A chat message's image by order and message id (GET with the token header, like identity photos). */
export const fiatChatImagePath = (orderId: number, messageId: number) => `/api/fiat/chat_image/${orderId}/${messageId}`;

/** The fiat currencies an ad is priced in: the 8 pricing currencies of spec §1. */
export const FIAT_CURRENCIES = PRICING_CODES;
export type FiatCode = PricingCode;
export const isFiatCode = (value: unknown): value is FiatCode => typeof value === 'string' && (FIAT_CURRENCIES as readonly string[]).includes(value);

/** Spec §9: fiat conversion shows 2 decimals; amounts and prices on the wire carry at most 2. */
export const FIAT_PLACES = 2;
/** Crypto quantities of an order carry at most 6 decimals (enough for BTC at any fiat price). */
export const CRYPTO_PLACES = 6;
/** The wallet account P2P trades from and into. */
export const FIAT_ACCOUNT = 'legal' as const;
declare module './walletAccounts' {
  interface WalletAccountKinds {
    /** The P2P fiat account (spec §3 "legal"). */
    legal: true;
  }
}
/** How many minutes an overdue deadline is extended when it passed while the server was down. */
export const GRACE_MINUTES = 10;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export type AdSide = 'buy' | 'sell';
export type AdStatus = 'online' | 'paused' | 'closed';
export type PriceKind = 'fixed' | 'margin';
export type TakeBy = 'amount' | 'quantity';

/** Spec §4 fiat order states, with `appeal` when a party asked the operator to decide. */
export type FiatOrderStatus = 'unpaid' | 'paid' | 'appeal' | 'completed' | 'cancelled';
export const FIAT_ORDER_STATUSES: readonly FiatOrderStatus[] = ['unpaid', 'paid', 'appeal', 'completed', 'cancelled'];
export const OPEN_STATUSES: readonly FiatOrderStatus[] = ['unpaid', 'paid', 'appeal'];

export type FiatRole = 'buyer' | 'seller' | 'operator' | 'system';
export type FiatAction = 'markPaid' | 'cancel' | 'expire' | 'release' | 'appeal' | 'resolveRelease' | 'resolveReturn';

interface Transition {
  from: readonly FiatOrderStatus[];
  to: FiatOrderStatus;
  by: FiatRole;
}

/**
 * The lifecycle (spec §4). Every transition names the states it may leave and who may take it;
 * the server applies it with `update … where status = any(from)`, so of racing transitions only
 * the first applies. A seller may still release during an appeal (it is theirs to give).
 */
export const FIAT_TRANSITIONS: Record<FiatAction, Transition> = {
  markPaid: { from: ['unpaid'], to: 'paid', by: 'buyer' },
  cancel: { from: ['unpaid'], to: 'cancelled', by: 'buyer' },
  expire: { from: ['unpaid'], to: 'cancelled', by: 'system' },
  release: { from: ['paid', 'appeal'], to: 'completed', by: 'seller' },
  appeal: { from: ['paid'], to: 'appeal', by: 'buyer' },
  resolveRelease: { from: ['appeal'], to: 'completed', by: 'operator' },
  resolveReturn: { from: ['appeal'], to: 'cancelled', by: 'operator' },
};

/** Who may appeal: the seller at any time after payment, the buyer once the confirm deadline has passed. */
export function canAppeal(order: Pick<FiatOrder, 'status' | 'confirm_deadline'>, role: 'buyer' | 'seller', now: number): boolean {
  if (order.status !== 'paid') return false;
  return role === 'seller' || (order.confirm_deadline !== null && now >= order.confirm_deadline);
}

/** The next state of `status` under `action` by `role`, or undefined where the table forbids it. */
export function nextStatus(status: FiatOrderStatus, action: FiatAction, role: FiatRole): FiatOrderStatus | undefined {
  const t = FIAT_TRANSITIONS[action];
  if (action === 'appeal') return t.from.includes(status) && (role === 'buyer' || role === 'seller') ? t.to : undefined;
  return t.from.includes(status) && t.by === role ? t.to : undefined;
}

export const isFinished = (status: FiatOrderStatus) => status === 'completed' || status === 'cancelled';

/** A positive decimal with at most `places` decimals, written the one way (decimalRule.ts). */
export function isAmount(value: unknown, places: number): value is string {
  return typeof value === 'string' && value.length <= 30 && isPositiveDecimalInput(value, { places, integerDigits: 18 });
}

/** The unit price of an ad: fixed (cut to 2 decimals), or the reference rate × (100 + margin) % rounded to 2 decimals. */
export function adPrice(kind: PriceKind, fixed: string | null, marginPercent: string | null, reference: string): string {
  if (kind === 'fixed') return toFixedDecimal(fixed ?? '0', FIAT_PLACES, 'down');
  const factor = divDecimal(addDecimal('100', marginPercent ?? '0'), '100', 8);
  return toFixedDecimal(mulDecimal(reference, factor), FIAT_PLACES, 'half-up');
}

/**
 * What an order is for: by fiat amount, the quantity is amount ÷ price rounded down to the crypto's
 * places (the buyer never gets more than was paid for) and the amount stays as entered; by
 * quantity, the amount is quantity × price rounded half up to 2 decimals.
 */
export function orderFigures(by: TakeBy, value: string, price: string): { quantity: string; amount: string } {
  if (by === 'amount') return { amount: value, quantity: divDecimal(value, price, CRYPTO_PLACES) };
  return { quantity: value, amount: trimZeros(toFixedDecimal(mulDecimal(value, price), FIAT_PLACES, 'half-up')) };
}

export const TERMS_MAX = 500;

/**
 * The ad form's rules, shared by the client's adForm and the server: the first field that is
 * wrong, or undefined. Prices and limits take 2 decimals, the total 6, a margin −50 … 50 % with 2.
 */
export function publishProblem(body: FiatPublishRequest): keyof FiatPublishRequest | undefined {
  if (!isFiatCode(body.fiat)) return 'fiat';
  if (body.price_kind === 'fixed' && !isAmount(body.fixed_price, FIAT_PLACES)) return 'fixed_price';
  if (body.price_kind === 'margin') {
    const m = body.margin;
    if (!isDecimalInput(m, { places: 2, signed: true }) || compareDecimal(m, '-50') < 0 || compareDecimal(m, '50') > 0) return 'margin';
  }
  if (!isAmount(body.total, CRYPTO_PLACES)) return 'total';
  if (!isAmount(body.min_amount, FIAT_PLACES)) return 'min_amount';
  if (!isAmount(body.max_amount, FIAT_PLACES) || compareDecimal(body.max_amount, body.min_amount) < 0) return 'max_amount';
  if (body.side === 'sell' && body.method_ids.length === 0) return 'method_ids';
  if (body.terms.length > TERMS_MAX) return 'terms';
  return undefined;
}

/** Remaining milliseconds to a server deadline on this client's clock (offset = server − client). */
export function remainingMs(deadline: number | null, now: number, offset: number): number {
  if (deadline === null) return 0;
  return Math.max(0, deadline - (now + offset));
}

export interface FiatMethod {
  id: number;
  real_name: string;
  bank_name: string;
  card_number: string;
  currency: string;
  branch: string;
}

export interface FiatAd {
  id: number;
  user_id: number;
  merchant: string;
  /** The advertiser's completed orders and completion rate (completed ÷ finished, 2 decimals as a fraction). */
  completed: number;
  completion_rate: string;
  side: AdSide;
  crypto: string;
  fiat: FiatCode;
  price_kind: PriceKind;
  fixed_price: string | null;
  margin: string | null;
  /** The unit price now, in fiat per crypto. */
  price: string;
  total: string;
  remaining: string;
  min_amount: string;
  max_amount: string;
  methods: Array<{ id: number; bank_name: string }>;
  terms: string;
  status: AdStatus;
  created_at: number;
}

export interface FiatOrder {
  id: number;
  order_no: string;
  ad_id: number;
  /** The caller's side of the order (buy when the caller is its buyer). */
  side: AdSide;
  role: 'buyer' | 'seller' | 'operator';
  buyer_id: number;
  seller_id: number;
  buyer_name: string;
  seller_name: string;
  crypto: string;
  fiat: FiatCode;
  price: string;
  quantity: string;
  amount: string;
  /** The seller's collection method the buyer pays to. */
  method: FiatMethod | null;
  status: FiatOrderStatus;
  pay_deadline: number | null;
  confirm_deadline: number | null;
  /** The deadline was extended because it passed while the server was down. */
  graced: boolean;
  created_at: number;
  paid_at: number | null;
  finished_at: number | null;
  cancel_reason: string | null;
  appeal_by: 'buyer' | 'seller' | null;
  appeal_reason: string | null;
  resolution: string | null;
  /** The server's clock when it answered, for the countdowns' clock offset. */
  server_now: number;
}

export interface FiatChatMessage {
  id: number;
  order_id: number;
  sender: 'buyer' | 'seller' | 'operator';
  text: string;
  image: string | null;
  created_at: number;
}

export interface FiatStreamMessage {
  channel: 'user';
  kind: 'fiat';
  order?: FiatOrder;
  chat?: FiatChatMessage;
}

export interface FiatAdsQuery {
  side: AdSide;
  crypto: string;
  fiat: FiatCode;
  page: number;
  size?: number;
}

/**
 * What a user proves before their crypto goes to another user (issue 49 §2), as for a withdrawal:
 * the funds password and, with 2FA on, the authenticator's code (or a recovery code). Sent with a
 * release, a sale into a buy ad, and a sell ad published or resumed; refused during the 24-hour
 * lock after a security change. docs/API.md "P2P fiat".
 */
export interface FiatProof {
  funds_password?: string;
  totp_code?: string;
}

/** Whether taking `ad` sends the taker's crypto (a sale into a buy ad), so the take needs a FiatProof. */
export const takeSendsCrypto = (ad: Pick<FiatAd, 'side'>): boolean => ad.side === 'buy';
/** Whether an ad going online freezes its owner's crypto for others to take (a sell ad), so it needs a FiatProof. */
export const adSendsCrypto = (ad: Pick<FiatAd, 'side'>): boolean => ad.side === 'sell';

export interface FiatTakeRequest extends FiatProof {
  ad_id: number;
  by: TakeBy;
  value: string;
  /** When the taker sells into a buy ad: the taker's collection method the advertiser pays to. */
  method_id?: number;
}

export interface FiatPublishRequest extends FiatProof {
  side: AdSide;
  crypto: string;
  fiat: FiatCode;
  price_kind: PriceKind;
  fixed_price?: string;
  margin?: string;
  total: string;
  min_amount: string;
  max_amount: string;
  method_ids: number[];
  terms: string;
}

export type FiatOrdersTab = 'all' | 'buy' | 'sell' | 'open';

/** /api/fiat/my_ads: the owner's ads (online and paused), newest first, a page at a time. */
export interface FiatMyAdsQuery {
  page: number;
  size?: number;
}

/** One of the owner's ads with what it holds frozen in their legal account (a sell ad's remaining while online). */
export interface FiatMyAd extends FiatAd {
  frozen: string;
}

export interface FiatMyAdsPage {
  list: FiatMyAd[];
  total: number;
  page: number;
  size: number;
  /** Frozen by all the owner's ads together, per crypto (not only this page's). */
  frozen: Array<{ crypto: string; quantity: string }>;
}

/**
 * The caller's P2P standing (legal_trade): orders that went unpaid in the last 24 h count against
 * the side that had to pay; at max_unpaid of them the user is suspended from P2P until
 * `suspended_until` (no takes, no ads online, their ads unlisted). Online ads are capped.
 */
export interface FiatStanding {
  suspended_until: number | null;
  unpaid_24h: number;
  max_unpaid: number;
  online_ads: number;
  max_online_ads: number;
  server_now: number;
}

/**
 * Payment-proof images in an order's chat: each at most `maxBytes`, at most `perOrder` from each
 * party of an order, and at most `perWindow` from one user across all orders within `windowMs`.
 */
export const CHAT_IMAGE_LIMITS = { maxBytes: 4 * 1024 * 1024, perOrder: 5, perWindow: 10, windowMs: 60 * MINUTE_MS } as const;

export interface FiatRecord {
  id: number;
  order_no: string;
  kind: string;
  currency: string;
  quantity: string;
  created_at: number;
}

export interface FiatAppeal {
  order: FiatOrder;
  buyer_methods: FiatMethod[];
  seller_methods: FiatMethod[];
  chat: FiatChatMessage[];
  timeline: Array<{ at: number; event: string }>;
}
