import type { MessageKey } from '../../../../server/kernel/platform/i18n/messages.js';
import { FUNDS_PASSWORD, type OwnedIds } from './world.js';

/**
 * The ownership audit's table: every signed-in route that names a user's thing by an id, with the
 * body that names A's and the refusal B must get (routes.test.ts), and the routes that take an id
 * but are audited otherwise or name nothing of a user's (coverage.test.ts holds every route with
 * an id-like field to one of these lists, so a route added tomorrow is not left out).
 */
export interface Case {
  path: string;
  body: (ids: OwnedIds) => Record<string, unknown>;
  /** The refusal B must get: the route's "not found". */
  refusal: MessageKey;
  /** A read A may make of her own thing: she gets it (the id is live and the body well formed). */
  ownerReads?: boolean;
}

const methodFields = { real_name: 'Attacker', card_number: '6222000099998888', bank_name: 'Evil Bank', currency: 'USD' };
export const CASES: Case[] = [
  { path: '/api/spot/order_detail', body: (i) => ({ id: i.spotOrder }), refusal: 'spotOrderNotFound', ownerReads: true },
  { path: '/api/spot/order_cancel', body: (i) => ({ id: i.spotOrder }), refusal: 'spotOrderNotFound' },
  { path: '/api/spot/stop_cancel', body: (i) => ({ id: i.spotStop }), refusal: 'spotStopNotFound' },
  { path: '/api/futures/order_detail', body: (i) => ({ order_id: i.futuresOrder }), refusal: 'futuresUnknownOrder', ownerReads: true },
  { path: '/api/futures/cancel', body: (i) => ({ order_id: i.futuresOrder }), refusal: 'futuresUnknownOrder' },
  { path: '/api/futures/plan_cancel', body: (i) => ({ plan_id: i.futuresPlan }), refusal: 'futuresUnknownPlan' },
  { path: '/api/fiat/ad_status', body: (i) => ({ ad_id: i.fiatAd, status: 'paused' }), refusal: 'fiatAdNotYours' },
  { path: '/api/fiat/ad_status', body: (i) => ({ ad_id: i.fiatAd, status: 'closed', funds_password: FUNDS_PASSWORD }), refusal: 'fiatAdNotYours' },
  { path: '/api/fiat/order', body: (i) => ({ order_id: i.fiatOrder }), refusal: 'fiatOrderUnknown', ownerReads: true },
  { path: '/api/fiat/chat', body: (i) => ({ order_id: i.fiatOrder }), refusal: 'fiatOrderUnknown', ownerReads: true },
  { path: '/api/fiat/mark_paid', body: (i) => ({ order_id: i.fiatOrder }), refusal: 'fiatOrderUnknown' },
  { path: '/api/fiat/cancel', body: (i) => ({ order_id: i.fiatOrder }), refusal: 'fiatOrderUnknown' },
  { path: '/api/fiat/release', body: (i) => ({ order_id: i.fiatOrder, funds_password: FUNDS_PASSWORD }), refusal: 'fiatOrderUnknown' },
  { path: '/api/fiat/appeal', body: (i) => ({ order_id: i.fiatOrder, reason: 'mine now' }), refusal: 'fiatOrderUnknown' },
  { path: '/api/fiat/say', body: (i) => ({ order_id: i.fiatOrder, text: 'hello' }), refusal: 'fiatOrderUnknown' },
  {
    path: '/api/fiat/ad_publish',
    body: (i) => ({ side: 'buy', crypto: 'USDT', fiat: 'USD', price_kind: 'fixed', fixed_price: '1', total: '100', min_amount: '10', max_amount: '50', terms: '', method_ids: [i.fiatMethod] }),
    refusal: 'fiatMethodUnknown',
  },
  { path: '/api/wallet/withdraw_cancel', body: (i) => ({ id: i.withdrawal }), refusal: 'walletWithdrawalNotCancellable' },
  { path: '/api/user/address_delete', body: (i) => ({ id: i.address }), refusal: 'notFound' },
  { path: '/api/user/coll_method_edit', body: (i) => ({ id: i.fiatMethod, ...methodFields }), refusal: 'notFound' },
  { path: '/api/user/coll_method_delete', body: (i) => ({ id: i.fiatMethod }), refusal: 'notFound' },
  { path: '/api/user/session_revoke', body: (i) => ({ id: i.session }), refusal: 'sessionNotFound' },
  { path: '/api/inform/read', body: (i) => ({ id: i.notification }), refusal: 'notificationNotFound' },
  { path: '/api/apikey/delete', body: (i) => ({ api_key: i.apiKey }), refusal: 'apiKeyNotFound' },
  { path: '/api/alerts/cancel', body: (i) => ({ id: i.priceAlert }), refusal: 'alertUnknown' },
  { path: '/api/convert/accept', body: (i) => ({ quote_id: i.convertQuote }), refusal: 'convertQuoteUnknown' },
  { path: '/api/recurring/pause', body: (i) => ({ plan_id: i.recurringPlan }), refusal: 'recurringPlanUnknown' },
  { path: '/api/recurring/resume', body: (i) => ({ plan_id: i.recurringPlan }), refusal: 'recurringPlanUnknown' },
  { path: '/api/recurring/cancel', body: (i) => ({ plan_id: i.recurringPlan }), refusal: 'recurringPlanUnknown' },
  { path: '/api/recurring/runs', body: (i) => ({ plan_id: i.recurringPlan }), refusal: 'recurringPlanUnknown', ownerReads: true },
];

/** The id-naming fields' other shapes: each a refusal (never a 500), changing nothing. */
export const ODD_IDS: unknown[] = [0, -1, 1.5, 9_007_199_254_740_991, 9_007_199_254_740_992, '1', [1], { $gt: 0 }, null, true, '1 or 1=1'];

/** Routes with an id that routes.test.ts probes in its own tests (images by path, the Binance dialect). */
export const PROBED_APART = [
  'GET /api/identity/photo/:id/:side',
  'GET /api/fiat/chat_image/:id/:message',
  'GET /api/v3/order',
  'DELETE /api/v3/order',
  'GET /api/v3/allOrders',
  'GET /api/v3/myTrades',
  'GET /fapi/v1/order',
  'DELETE /fapi/v1/order',
  'GET /fapi/v1/allOrders',
  'GET /fapi/v1/userTrades',
  'GET /sapi/v1/convert/orderStatus',
];

/** Routes whose id names nothing a user owns, each with why. */
export const NOT_OWNED: Record<string, string> = {
  'POST /api/fiat/take': 'an online ad is a public offer; its method_id is checked against the ad and the seller (fiat orders.ts takeAd)',
  'POST /api/ico/subscribe': 'a project is public; the subscription is the caller\'s own',
  'POST /api/ico/thaw': 'a project is public; the subscription thawed is found by (project, caller)',
};
