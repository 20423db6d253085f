import type { FastifyInstance } from 'fastify';
import type { ConvertResult } from '../../../domain/convert.js';
import { compareDecimal, divDecimal } from '../../../domain/decimal.js';
import { translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import type { Offers } from '../../kernel/platform/offers.js';
import type { binanceContext } from './context.js';
import { BinanceError, illegalParameter, insufficientBalance, mandatoryParameter, orderMissing, orderRejected, unavailableRefusal, unknownError, unsupported } from './errors.js';
import { decimalParam, integerParam, required, type Params } from './params.js';

type Lang = Parameters<typeof translate>[0];

/** How long our quotes hold (domain/convert.ts QUOTE_VALID_MS), as Binance names a validTime. */
const VALID_TIME = '10s';
/** tradeFlow's widest window, as Binance's: 30 days. */
const MOST_DAYS = 30;
const RATIO_PLACES = 10;

/**
 * A refusal of Convert's use cases as Binance answers it, in the caller's language: the market
 * process unreachable as spot's orders (-1001 / -1007), the balance as Binance's own -2010 text, a
 * quote that is not the caller's -2013 (ccxt's OrderNotFound), what the quote's parameters cannot
 * be (no market joins the two assets, an amount of too many places) -1100, any other -2010.
 */
export function convertRefusal(lang: Lang, key: MessageKey, vars?: Record<string, string>): BinanceError {
  const unavailable = unavailableRefusal(key);
  if (unavailable) return unavailable;
  const text = translate(lang, key, vars);
  switch (key) {
    case 'spotInsufficientBalance':
      return insufficientBalance();
    case 'convertQuoteUnknown':
      return new BinanceError(400, -2013, text);
    case 'convertNoMarket':
    case 'convertAmountInvalid':
      return new BinanceError(400, -1100, text);
    default:
      return orderRejected(text);
  }
}

/** received ÷ paid and its inverse, as Binance's ratio / inverseRatio; "0" for a conversion that moved nothing. */
function ratios(paid: string, received: string) {
  if (compareDecimal(paid, '0') <= 0 || compareDecimal(received, '0') <= 0) return { ratio: '0', inverseRatio: '0' };
  return { ratio: divDecimal(received, paid, RATIO_PLACES), inverseRatio: divDecimal(paid, received, RATIO_PLACES) };
}

/** Ours `converted` was done whole in the call (SUCCESS); `moved` did nothing, the book having moved past the quote (FAIL). */
const orderStatus = (result: ConvertResult) => (result.status === 'converted' ? 'SUCCESS' : 'FAIL');

/** A conversion as orderStatus answers it; its orderId is the quote's id (one id names both). */
const conversionOf = (result: ConvertResult) => ({
  orderId: result.quote_id,
  orderStatus: orderStatus(result),
  fromAsset: result.from,
  fromAmount: result.paid,
  toAsset: result.to,
  toAmount: result.received,
  ...ratios(result.paid, result.received),
  createTime: result.created_at,
});

/** quoteId / orderId: our quote's row id (Binance's are text; ours are whole numbers). */
const idParam = (params: Params, name: string) => integerParam(params, name, 1);

/**
 * Binance's Convert (`/sapi/v1/convert/*`, what ccxt's fetchConvertQuote, createConvertTrade,
 * fetchConvertTrade and fetchConvertTradeHistory call) over our Convert product's own use cases,
 * which it offers (kernel/platform/offers.ts): a quote is ours — the pair's book, the user's taker
 * fee, spot's checks — and accepting it places its fill-or-kill spot order, once. docs/API.md
 * "Supported surface" lists what differs from Binance.
 */
export function convertDialect(offers: Offers, context: ReturnType<typeof binanceContext>) {
  const convert = () => {
    const offered = offers.use('convert');
    if (!offered) throw unknownError();
    return offered;
  };

  return async (app: FastifyInstance) => {
    const route = context.routes(app);

    route.trade('POST', '/sapi/v1/convert/getQuote', ['fromAsset', 'toAsset', 'fromAmount', 'toAmount', 'walletType', 'validTime'], async ({ userId, params, request }) => {
      const from = required(params, 'fromAsset');
      const to = required(params, 'toAsset');
      // Our quote is by the amount paid: a bound on what is received would need the book walked the other way.
      if (params['toAmount'] !== undefined && params['toAmount'] !== '') throw new BinanceError(400, -1100, "Illegal characters found in parameter 'toAmount'; OpenEx quotes by fromAmount only.");
      const amount = decimalParam(params, 'fromAmount') ?? (required(params, 'fromAmount') as never);
      const wallet = params['walletType'];
      if (wallet !== undefined && wallet !== '' && wallet !== 'SPOT') throw unsupported('walletType', wallet);
      const valid = params['validTime'];
      if (valid !== undefined && valid !== '' && valid !== VALID_TIME) throw unsupported('validTime', valid);
      const quoted = await convert().quote(userId, { from, to, amount });
      if (!quoted.ok) throw convertRefusal(request.lang, quoted.key, quoted.vars);
      const q = quoted.data;
      // What the quote does at the book as it stands; the order's bound (pay at most, receive at least) is /api/convert/quote's.
      return { quoteId: String(q.quote_id), ratio: q.rate, inverseRatio: q.inverse_rate, validTimestamp: q.expires_at, toAmount: q.receive_expected, fromAmount: q.pay_expected };
    });

    route.trade('POST', '/sapi/v1/convert/acceptQuote', ['quoteId'], async ({ userId, params, request }) => {
      const quoteId = idParam(params, 'quoteId') ?? (required(params, 'quoteId') as never);
      const accepted = await convert().accept(userId, quoteId);
      if (!accepted.ok) throw convertRefusal(request.lang, accepted.key, accepted.vars);
      // Done (or not) within the call: never Binance's PROCESS.
      return { orderId: String(accepted.data.quote_id), createTime: accepted.data.created_at, orderStatus: orderStatus(accepted.data) };
    });

    route.read('/sapi/v1/convert/orderStatus', ['orderId', 'quoteId'], async ({ userId, params }) => {
      const orderId = idParam(params, 'orderId');
      const quoteId = idParam(params, 'quoteId');
      if (orderId === undefined && quoteId === undefined) throw mandatoryParameter('orderId');
      // One id names both here: two that differ name no conversion.
      if (orderId !== undefined && quoteId !== undefined && orderId !== quoteId) throw orderMissing();
      const found = await convert().conversion(userId, (orderId ?? quoteId)!);
      if (!found) throw orderMissing();
      return conversionOf(found);
    });

    route.read('/sapi/v1/convert/tradeFlow', ['startTime', 'endTime', 'limit'], async ({ userId, params }) => {
      const startTime = integerParam(params, 'startTime') ?? (required(params, 'startTime') as never);
      const endTime = integerParam(params, 'endTime') ?? (required(params, 'endTime') as never);
      const limit = integerParam(params, 'limit', 1, 1000) ?? 100;
      if (startTime > endTime) throw illegalParameter('startTime', 'startTime must not be after endTime');
      if (endTime - startTime > MOST_DAYS * 86_400_000) throw new BinanceError(400, -1127, `More than ${MOST_DAYS * 24} hours between startTime and endTime.`);
      const { list, more } = await convert().conversionsBetween(userId, { from: startTime, to: endTime, limit });
      return { list: list.map((r) => ({ quoteId: String(r.quote_id), ...conversionOf(r) })), startTime, endTime, limit, moreData: more };
    });
  };
}
