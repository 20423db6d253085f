import type { FastifyInstance } from 'fastify';
import { DEFAULT_FUTURES_LEVERAGE, type FuturesAction } from '../../../domain/futures/api.js';
import { submissionKey } from '../../kernel/platform/idempotency.js';
import { translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import { CLIENT_ID, derivedClientId, idempotencyKeyOf } from './clientOrders.js';
import type { binanceContext } from './context.js';
import {
  BinanceError,
  cancelRejected,
  illegalParameter,
  invalidOrderType,
  invalidSide,
  invalidTimeInForce,
  marginTypeUnchanged,
  reduceOnlyRejected,
  unsupported,
} from './errors.js';
import type { FuturesDesk } from './futuresDesk.js';
import { futuresOrder } from './futuresShapes.js';
import { booleanParam, decimalParam, integerParam, oneOf, required, acceptSelfTradeMode, type Params } from './params.js';

type Lang = Parameters<typeof translate>[0];

const PLACE_NAMES = ['symbol', 'side', 'positionSide', 'type', 'timeInForce', 'quantity', 'reduceOnly', 'price', 'newClientOrderId', 'newOrderRespType', 'workingType', 'priceProtect', 'selfTradePreventionMode'];

/**
 * The futures dialect's TRADE calls: leverage, margin type, placing and cancelling an order.
 * Binance's one-way mode maps onto our actions: BUY opens a long, or closes a short while one is
 * open; SELL the other way; `reduceOnly` only closes.
 */
export function futuresTradeRoutes(d: FuturesDesk, context: ReturnType<typeof binanceContext>) {
  const { desk, pairOf, mayTrade, settingsOf, refusal, findOrder, clientIds, clientIdOf } = d;
  const placeRefusal = (lang: Lang, key: MessageKey, vars?: Record<string, string>) => (key === 'futuresReduceOnlyIncreases' ? reduceOnlyRejected() : refusal(lang, key, vars));

  /**
   * A new order's parameters as Binance's, every one read before anything is placed, as our order
   * (one-way mode: an order against the open position closes it; reduceOnly may only do that).
   */
  async function readFuturesPlace(userId: number, params: Params, lang: Lang) {
    const pair = pairOf(required(params, 'symbol'));
    const side = oneOf(params, 'side', ['BUY', 'SELL'] as const, invalidSide) ?? (required(params, 'side') as never);
    const type = oneOf(params, 'type', ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'] as const, invalidOrderType) ?? (required(params, 'type') as never);
    if (type !== 'LIMIT' && type !== 'MARKET') throw unsupported('type', type);
    const tif = oneOf(params, 'timeInForce', ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'] as const, invalidTimeInForce);
    if (tif !== undefined && tif !== 'GTC') throw unsupported('timeInForce', tif);
    if (params['positionSide'] !== undefined && params['positionSide'] !== 'BOTH') throw unsupported('positionSide', params['positionSide']);
    const clientOrderId = params['newClientOrderId'];
    if (clientOrderId !== undefined && !CLIENT_ID.test(clientOrderId)) throw illegalParameter('newClientOrderId');
    const quantity = decimalParam(params, 'quantity') ?? (required(params, 'quantity') as never);
    const price = decimalParam(params, 'price');
    if (type === 'LIMIT' && price === undefined) required(params, 'price');
    const reduceOnly = booleanParam(params, 'reduceOnly') ?? false;
    // Read and not used (a LIMIT or MARKET order has no trigger to protect), but refused when not Binance's values.
    oneOf(params, 'newOrderRespType', ['ACK', 'RESULT'] as const, () => illegalParameter('newOrderRespType', 'ACK or RESULT is expected'));
    oneOf(params, 'workingType', ['MARK_PRICE', 'CONTRACT_PRICE'] as const, () => illegalParameter('workingType', 'MARK_PRICE or CONTRACT_PRICE is expected'));
    booleanParam(params, 'priceProtect');
    acceptSelfTradeMode(params['selfTradePreventionMode']);
    await mayTrade(userId, lang);
    const position = desk().exchange.positionOf(userId, pair.spec.symbol);
    const want = side === 'BUY' ? 1 : -1;
    const closes = position.side === -want;
    if (reduceOnly && !closes) throw reduceOnlyRejected();
    const action: FuturesAction = closes ? (want === 1 ? 'close_short' : 'close_long') : want === 1 ? 'open_long' : 'open_short';
    const body = { symbol: pair.spec.symbol, action, type: type === 'LIMIT' ? ('limit' as const) : ('market' as const), ...(price !== undefined && type === 'LIMIT' ? { price } : {}), quantity };
    return { body, reduceOnly, clientOrderId };
  }

  return async (app: FastifyInstance) => {
    const route = context.routes(app);
    route.trade('POST', '/fapi/v1/leverage', ['symbol', 'leverage'], async ({ userId, params, request }) => {
      const pair = pairOf(required(params, 'symbol'));
      const leverage = integerParam(params, 'leverage', 1, 125) ?? (required(params, 'leverage') as never);
      await mayTrade(userId, request.lang);
      const mode = settingsOf(userId, pair.spec.symbol).margin_mode ?? 'cross';
      const set = await desk().service.setLeverage(userId, pair.spec.symbol, leverage, mode);
      if (!set.ok) throw new BinanceError(400, -4028, translate(request.lang, set.key, set.vars));
      return { leverage: set.data.leverage, maxNotionalValue: '0', symbol: `${pair.spec.left}${pair.spec.right}` };
    });

    route.trade('POST', '/fapi/v1/marginType', ['symbol', 'marginType'], async ({ userId, params, request }) => {
      const pair = pairOf(required(params, 'symbol'));
      const wanted = oneOf(params, 'marginType', ['ISOLATED', 'CROSSED'] as const, () => illegalParameter('marginType')) ?? (required(params, 'marginType') as never);
      await mayTrade(userId, request.lang);
      const settings = settingsOf(userId, pair.spec.symbol);
      const mode = wanted === 'ISOLATED' ? 'isolated' : 'cross';
      if (settings.margin_mode === mode) throw marginTypeUnchanged();
      const set = await desk().service.setLeverage(userId, pair.spec.symbol, settings.leverage ?? DEFAULT_FUTURES_LEVERAGE, mode);
      if (!set.ok) throw new BinanceError(400, -4048, translate(request.lang, set.key, set.vars));
      return { code: 200, msg: 'success' };
    });

    route.trade('POST', '/fapi/v1/order', PLACE_NAMES, async ({ userId, params, request }) => {
      const { body, reduceOnly, clientOrderId } = await readFuturesPlace(userId, params, request.lang);
      // Only newClientOrderId deduplicates, as on Binance: two identical orders without one are two orders.
      const key = clientOrderId === undefined ? undefined : submissionKey(desk().placeScope, idempotencyKeyOf(clientOrderId), body);
      // reduceOnly is our reduce_only: the engine checks it again under the book's lock (a position closed meanwhile).
      const placed = await desk().exchange.place({ userId, ...body, source: 'user', ...(key ? { key } : {}), reduceOnly });
      if (!placed.ok) throw placeRefusal(request.lang, placed.key, placed.vars);
      await clientIds().remember(userId, 'futures', clientOrderId, placed.data.order.id);
      return futuresOrder(placed.data.order, clientOrderId ?? derivedClientId(placed.data.order.id));
    });

    // The same reading and the same engine checks as placing (FuturesExchange.check), but the
    // margin's, placing nothing: no key claimed (newClientOrderId stays free), nothing held.
    route.trade('POST', '/fapi/v1/order/test', PLACE_NAMES, async ({ userId, params, request }) => {
      const { body, reduceOnly } = await readFuturesPlace(userId, params, request.lang);
      const checked = await desk().exchange.check({ userId, ...body, source: 'user', reduceOnly });
      // As Binance's test, which checks no balance: margin is the engine's last check of an opening order, so every other passed.
      if (!checked.ok && checked.key !== 'futuresInsufficientMargin') throw placeRefusal(request.lang, checked.key, checked.vars);
      return {};
    });

    route.trade('DELETE', '/fapi/v1/order', ['symbol', 'orderId', 'origClientOrderId'], async ({ userId, params, request }) => {
      const order = await findOrder(userId, params).catch((error: unknown) => {
        throw error instanceof BinanceError && error.code === -2013 ? cancelRejected() : error;
      });
      const cancelled = await desk().exchange.cancel(userId, order.id);
      if (!cancelled.ok) throw cancelRejected(translate(request.lang, cancelled.key, cancelled.vars));
      return futuresOrder(cancelled.data.order, (await clientIdOf(userId, [order]))(order));
    });
  };
}
