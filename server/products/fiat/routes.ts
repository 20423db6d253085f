import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { FIAT_CURRENCIES, FIAT_PATHS, type AdStatus, type FiatProof, type FiatAdsQuery, type FiatMyAdsQuery, type FiatOrdersTab, type FiatPublishRequest, type FiatTakeRequest } from '../../../domain/fiat.js';
import { IDEMPOTENCY_HEADER, RECORD_DAYS, type RecordDays } from '../../../domain/wallet.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, currency, decimal, paging, recordDays, secondFactorCode, strictObject as object, rowId as id, text, operatorCode, operatorCodeOf, type OperatorCodeBody } from '../../kernel/platform/http/schemas.js';
import { unwrap, type Outcome } from '../../kernel/platform/outcome.js';
import { MAX_PAGE_SIZE, TERMS_MAX } from './ads.js';
import { LEGAL_TRADE_BOUNDS, type LegalTradePatch } from '../../../domain/fiatSettings.js';
import { CHAT_MAX, PUBLISH_SCOPE, RELEASE_SCOPE, TAKE_SCOPE, type Caller, type FiatService } from './service.js';
import './messages.js';

const fiat = { type: 'string', enum: [...FIAT_CURRENCIES] } as const;
const side = { type: 'string', enum: ['buy', 'sell'] } as const;
const pages = paging(MAX_PAGE_SIZE);
const orderBody = object(['order_id'], { order_id: id });
/**
 * The proof a call that sends the caller's crypto carries (issue 49 §2, outflow.ts): optional here,
 * so a missing funds password is refused with its own translated message rather than as a field.
 */
const proof = { funds_password: text(64), totp_code: secondFactorCode } as const;
const releaseBody = object(['order_id'], { order_id: id, ...proof });
/**
 * An appeal's or a ruling's reason: the schema keeps only junk out (ten times the rule), so an empty
 * or over-long one reaches the use case's own message ("Please give a reason (1 to 500 characters)"),
 * not "Invalid value: reason".
 */
const reason = text(10 * CHAT_MAX);
/** A 4 MB payment-proof image as a data URL (4/3 of the bytes) with slack, so an image just over reaches its own message. */
const SAY_BODY_LIMIT = 6 * 1024 * 1024;
/**
 * A chat text is bounded by the body, as the image is: one over CHAT_MAX reaches the use case and
 * its own message ("A message is at most 500 characters"), not the schema's "Invalid value: text".
 */
const sayText = text(SAY_BODY_LIMIT);

const adsBody = object(['side', 'crypto', 'fiat', 'page'], { side, crypto: currency, fiat, ...pages });
const myAdsBody = object(['page'], pages);
const publishBody = object(['side', 'crypto', 'fiat', 'price_kind', 'total', 'min_amount', 'max_amount', 'method_ids', 'terms'], {
  side,
  crypto: currency,
  fiat,
  price_kind: { type: 'string', enum: ['fixed', 'margin'] },
  fixed_price: decimal,
  margin: text(8),
  total: decimal,
  min_amount: decimal,
  max_amount: decimal,
  method_ids: { type: 'array', maxItems: 10, items: id },
  terms: text(TERMS_MAX),
  ...proof,
});
const adStatusBody = object(['ad_id', 'status'], { ad_id: id, status: { type: 'string', enum: ['online', 'paused', 'closed'] }, ...proof });
const takeBody = object(['ad_id', 'by', 'value'], { ad_id: id, by: { type: 'string', enum: ['amount', 'quantity'] }, value: decimal, method_id: id, ...proof });
const ordersBody = object(['tab', 'days', 'page'], { tab: { type: 'string', enum: ['all', 'buy', 'sell', 'open'] }, days: recordDays(RECORD_DAYS), ...pages });
const recordsBody = object(['days', 'page'], { days: recordDays(RECORD_DAYS), ...pages });
const sayBody = object(['order_id'], { order_id: id, text: sayText, image: { type: 'string' } });
const appealBody = object(['order_id', 'reason'], { order_id: id, reason });
const resolveBody = object(['order_id', 'decision', 'reason'], { order_id: id, decision: { type: 'string', enum: ['release', 'return'] }, reason, ...operatorCode });
const imageParams = object(['id', 'message'], { id, message: id });
/** Minutes, fractions allowed down to 6 s (a test's pay deadline), up to a week. */
const minutes = { type: 'number', minimum: LEGAL_TRADE_BOUNDS.minutes.min, maximum: LEGAL_TRADE_BOUNDS.minutes.max } as const;
const maxUnpaid = { type: 'integer', minimum: LEGAL_TRADE_BOUNDS.maxUnpaid.min, maximum: LEGAL_TRADE_BOUNDS.maxUnpaid.max } as const;
const maxOnlineAds = { type: 'integer', minimum: LEGAL_TRADE_BOUNDS.maxOnlineAds.min, maximum: LEGAL_TRADE_BOUNDS.maxOnlineAds.max } as const;
const legalTradeBody = {
  ...object([], { pay_time: minutes, confirm_time: minutes, max_unpaid_num: maxUnpaid, suspend_time: minutes, max_online_ads: maxOnlineAds }),
  minProperties: 1,
} as const;

/** P2P fiat (docs/API.md "P2P fiat"). */
export function fiatRoutes(fiatService: FiatService) {
  const done = <T>(request: FastifyRequest, key: MessageKey, outcome: Outcome<T>) => ({ code: ResultCode.ok, msg: translate(request.lang, key), data: unwrap(outcome) });
  const user = { auth: 'user' } as const;
  const operator = { auth: 'operator' } as const;
  // A key derived from the body leaves the proof out: a retry with a new 2FA code is the same submission (and no password is hashed into a key).
  const key = (scope: string, request: FastifyRequest<{ Body: FiatProof }>) => {
    const { funds_password: _, totp_code: __, ...keyed } = request.body;
    return submissionKey(scope, request.headers[IDEMPOTENCY_HEADER], keyed);
  };
  const caller = (request: FastifyRequest<{ Body: FiatProof }>): Caller => ({ proof: { funds_password: request.body.funds_password, totp_code: request.body.totp_code }, client: request.ip });

  return async (app: FastifyInstance) => {
    app.post<{ Body: FiatAdsQuery }>(FIAT_PATHS.ads, { schema: { body: adsBody } }, async (request) => ok(request.lang, await fiatService.ads(request.body)));
    app.post<{ Body: { ad_id: number } }>(FIAT_PATHS.ad, { schema: { body: object(['ad_id'], { ad_id: id }) } }, async (request) => ok(request.lang, unwrap(await fiatService.ad(request.body.ad_id))));
    app.post<{ Body: FiatMyAdsQuery }>(FIAT_PATHS.myAds, { config: user, schema: { body: myAdsBody } }, async (request) => ok(request.lang, await fiatService.myAds(request.user.id, request.body)));
    app.post(FIAT_PATHS.standing, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, await fiatService.standing(request.user.id)));
    app.post(FIAT_PATHS.methods, { config: user, schema: { body: anyBody } }, async (request) => ok(request.lang, await fiatService.methods(request.user.id)));
    app.post<{ Body: FiatPublishRequest }>(FIAT_PATHS.publish, { config: user, schema: { body: publishBody } }, async (request) =>
      done(request, 'fiatAdPublished', await fiatService.publish(request.user.id, request.body, key(PUBLISH_SCOPE, request), caller(request))),
    );
    app.post<{ Body: { ad_id: number; status: AdStatus } & FiatProof }>(FIAT_PATHS.adStatus, { config: user, schema: { body: adStatusBody } }, async (request) =>
      done(request, 'fiatAdUpdated', await fiatService.setAdStatus(request.user.id, request.body.ad_id, request.body.status, caller(request))),
    );
    app.post<{ Body: FiatTakeRequest }>(FIAT_PATHS.take, { config: user, schema: { body: takeBody } }, async (request) =>
      done(request, 'fiatOrderCreated', await fiatService.take(request.user.id, request.body, key(TAKE_SCOPE, request), caller(request))),
    );
    app.post<{ Body: { order_id: number } }>(FIAT_PATHS.order, { config: user, schema: { body: orderBody } }, async (request) =>
      ok(request.lang, unwrap(await fiatService.order(request.user.id, request.body.order_id))),
    );
    app.post<{ Body: { tab: FiatOrdersTab; days: RecordDays; page: number; size?: number } }>(FIAT_PATHS.orders, { config: user, schema: { body: ordersBody } }, async (request) =>
      ok(request.lang, await fiatService.orders(request.user.id, request.body)),
    );
    app.post<{ Body: { days: RecordDays; page: number; size?: number } }>(FIAT_PATHS.records, { config: user, schema: { body: recordsBody } }, async (request) =>
      ok(request.lang, await fiatService.records(request.user.id, request.body)),
    );
    app.post<{ Body: { order_id: number } }>(FIAT_PATHS.markPaid, { config: user, schema: { body: orderBody } }, async (request) =>
      done(request, 'fiatMarkedPaid', await fiatService.markPaid(request.user.id, request.body.order_id)),
    );
    app.post<{ Body: { order_id: number } }>(FIAT_PATHS.cancel, { config: user, schema: { body: orderBody } }, async (request) =>
      done(request, 'fiatCancelled', await fiatService.cancel(request.user.id, request.body.order_id)),
    );
    app.post<{ Body: { order_id: number } & FiatProof }>(FIAT_PATHS.release, { config: user, schema: { body: releaseBody } }, async (request) =>
      done(request, 'fiatReleased', await fiatService.release(request.user.id, request.body.order_id, key(RELEASE_SCOPE, request), caller(request))),
    );
    app.post<{ Body: { order_id: number; reason: string } }>(FIAT_PATHS.appeal, { config: user, schema: { body: appealBody } }, async (request) =>
      done(request, 'fiatAppealed', await fiatService.appeal(request.user.id, request.body.order_id, request.body.reason)),
    );
    app.post<{ Body: { order_id: number } }>(FIAT_PATHS.chat, { config: user, schema: { body: orderBody } }, async (request) =>
      ok(request.lang, unwrap(await fiatService.chat(request.user.id, request.body.order_id))),
    );
    app.post<{ Body: { order_id: number; text?: string; image?: string } }>(FIAT_PATHS.say, { bodyLimit: SAY_BODY_LIMIT, config: user, schema: { body: sayBody } }, async (request) =>
      done(request, 'fiatSent', await fiatService.say(request.user.id, request.body.order_id, request.body)),
    );
    // Payment-proof images: only the order's parties or an operator; anything else answers like a missing file.
    app.get<{ Params: { id: number; message: number } }>('/api/fiat/chat_image/:id/:message', { config: { auth: 'userOrOperator' }, schema: { params: imageParams } }, async (request, reply) => {
      const viewer = request.principal?.kind === 'user' ? request.user.id : 'operator';
      const image = await fiatService.chatImage(viewer, request.params.id, request.params.message);
      if (!image) throw new ApiFailure(ResultCode.notFound, 'notFound');
      return reply.header('content-type', image.mime).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').header('content-disposition', 'inline').send(image.bytes);
    });

    app.post<{ Body: LegalTradePatch }>(FIAT_PATHS.operatorLegalTrade, { config: operator, schema: { body: legalTradeBody } }, async (request) =>
      done(request, 'fiatSettingsSaved', { ok: true, data: await fiatService.setLegalTrade(request.operator, request.body) }),
    );
    app.post(FIAT_PATHS.operatorTradeSettings, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await fiatService.legalTrade()));
    app.post(FIAT_PATHS.operatorAppeals, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await fiatService.appeals()));
    app.post<{ Body: { order_id: number; decision: 'release' | 'return'; reason: string } & OperatorCodeBody }>(FIAT_PATHS.operatorResolve, { config: operator, schema: { body: resolveBody } }, async (request) =>
      done(request, 'fiatResolved', await fiatService.resolve(request.operator, request.body.order_id, request.body.decision, request.body.reason, operatorCodeOf(request.body), request.lang)),
    );
  };
}
