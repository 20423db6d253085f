import type { FastifyInstance } from 'fastify';
import { addDecimal, mulDecimal, subDecimal } from '../../../domain/decimal.js';
import { futureDepthChannel, futureKlineChannel, futureTradeChannel, type FuturesAction } from '../../../domain/futures/api.js';
import type { DepthMessage, KlineMessage, TradesMessage } from '../../../domain/market.js';
import { readKlines } from '../../kernel/exchange/market/klineHistory.js';
import { submissionKey } from '../../kernel/idempotency.js';
import { translate, type MessageKey } from '../../kernel/i18n/messages.js';
import type { Offers } from '../../kernel/offers.js';
import { CLIENT_ID, clientOrders, derivedClientId, idempotencyKeyOf } from './clientOrders.js';
import type { binanceContext } from './context.js';
import {
  BinanceError,
  cancelRejected,
  illegalParameter,
  invalidOrderType,
  invalidSide,
  invalidSymbol,
  invalidTimeInForce,
  marginTypeUnchanged,
  orderMissing,
  orderRejected,
  reduceOnlyRejected,
  unknownError,
  unsupported,
} from './errors.js';
import { binanceKline, intervalOf, mergeBars } from './klines.js';
import { booleanParam, decimalParam, integerParam, oneOf, paramSchema, paramsOf, required, type Params } from './params.js';
import { futuresOrder, positionRisk } from './futuresShapes.js';
import { stepOf } from './spotShapes.js';

const SIGNED = ['timestamp', 'recvWindow', 'signature'];
const get = (names: string[]) => ({ schema: { querystring: paramSchema(names) } });
const withBody = (names: string[]) => ({ schema: { querystring: paramSchema(names), body: paramSchema(names) } });
const MARGIN_FAIL: Partial<Record<MessageKey, () => BinanceError>> = {
  futuresInsufficientMargin: () => new BinanceError(400, -2019, 'Margin is insufficient.'),
};

/**
 * Binance's USDT-M futures REST (`/fapi/v1`, `/fapi/v2`, `/fapi/v3` where ccxt asks) over the
 * futures product's own engine and reads (offered at the composition root): the same trading
 * permission (an unverified user is refused as in the browser), the same orders, positions,
 * margin and idempotency. Binance's one-way mode maps onto our actions: BUY opens a long, or
 * closes a short while one is open; SELL the other way; `reduceOnly` only closes.
 */
export function futuresDialect(offers: Offers, context: ReturnType<typeof binanceContext>) {
  const desk = () => {
    const offered = offers.use('futuresTrading');
    if (!offered) throw unknownError();
    return offered;
  };
  const channel = <T>(name: string) => offers.use('channels')?.snapshot(name) as T | undefined;
  const { limited, signedUser } = context;
  let ids: ReturnType<typeof clientOrders> | undefined;
  const clientIds = () => (ids ??= clientOrders(desk().exchange.db));

  function pairOf(symbol: string | undefined) {
    for (const pair of desk().exchange.pairs.values()) if (`${pair.spec.left}${pair.spec.right}` === symbol?.toUpperCase()) return pair;
    throw invalidSymbol();
  }
  const refusal = (lang: Parameters<typeof translate>[0], key: MessageKey, vars?: Record<string, string>) => MARGIN_FAIL[key]?.() ?? orderRejected(translate(lang, key, vars));

  async function mayTrade(userId: number, lang: Parameters<typeof translate>[0]) {
    if (!(await desk().service.canTrade(userId))) throw orderRejected(translate(lang, 'futuresNoTradingPermission'));
  }
  async function findOrder(userId: number, params: Params) {
    const pair = pairOf(required(params, 'symbol'));
    const orderId = integerParam(params, 'orderId', 1);
    const clientId = params['origClientOrderId'];
    const id = orderId ?? (clientId ? await clientIds().orderOf(userId, 'futures', clientId) : (required(params, 'orderId') as never));
    if (id === undefined) throw orderMissing();
    const order = await desk().service.order(userId, id);
    if (!order.ok || order.data.symbol !== pair.spec.symbol) throw orderMissing();
    return order.data;
  }
  async function clientIdOf<T extends { id: number }>(userId: number, orders: T[]) {
    const known = await clientIds().idsOf(userId, 'futures', orders.map((o) => o.id));
    return (o: T) => known.get(o.id) ?? derivedClientId(o.id);
  }
  async function orders(userId: number, symbol: string | undefined, open: boolean) {
    const list = [];
    for (let page = 1; ; page++) {
      const got = await desk().service.orders(userId, { page, size: 50, symbol, open, ...(open ? {} : { days: 30 }) });
      list.push(...got.list);
      if (got.list.length < 50 || list.length >= 1000) return list;
    }
  }
  function settingsOf(userId: number, symbol: string) {
    const config = desk().service.config(symbol, userId);
    if (!config.ok) throw invalidSymbol();
    return config.data;
  }
  async function accountOf(userId: number) {
    const account = await desk().service.account(userId);
    const wallet = subDecimal(account.equity, account.unrealised_pnl);
    const asset = {
      asset: 'USDT',
      walletBalance: wallet,
      unrealizedProfit: account.unrealised_pnl,
      marginBalance: account.equity,
      maintMargin: account.positions.reduce((s, p) => addDecimal(s, p.maintenance_margin), '0'),
      initialMargin: addDecimal(account.margin, account.frozen),
      positionInitialMargin: account.margin,
      openOrderInitialMargin: account.frozen,
      crossWalletBalance: wallet,
      crossUnPnl: account.unrealised_pnl,
      availableBalance: account.available,
      maxWithdrawAmount: account.available,
      marginAvailable: true,
      updateTime: Date.now(),
    };
    return { account, asset };
  }
  const allPositions = (userId: number, symbol?: string) => {
    const open = desk().service.positions(userId);
    const now = Date.now();
    return [...desk().exchange.pairs.values()]
      .filter((pair) => symbol === undefined || `${pair.spec.left}${pair.spec.right}` === symbol.toUpperCase())
      .map((pair) => {
        const settings = settingsOf(userId, pair.spec.symbol);
        return positionRisk(open.find((p) => p.symbol === pair.spec.symbol), pair.spec.symbol, settings.leverage ?? 1, settings.margin_mode ?? 'cross', now);
      });
  };

  return async (app: FastifyInstance) => {
    app.get('/fapi/v1/ping', { config: limited, ...get([]) }, async () => ({}));
    app.get('/fapi/v1/time', { config: limited, ...get([]) }, async () => ({ serverTime: Date.now() }));

    app.get('/fapi/v1/exchangeInfo', { config: limited, ...get([]) }, async () => ({
      timezone: 'UTC',
      serverTime: Date.now(),
      futuresType: 'U_MARGINED',
      rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }],
      exchangeFilters: [],
      assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '0' }],
      symbols: [...desk().exchange.pairs.values()].map(({ spec }) => {
        const tick = stepOf(spec.pricePrecision);
        const step = stepOf(spec.amountPrecision);
        return {
          symbol: `${spec.left}${spec.right}`,
          pair: `${spec.left}${spec.right}`,
          contractType: 'PERPETUAL',
          deliveryDate: 4133404800000,
          onboardDate: 1569398400000,
          status: 'TRADING',
          baseAsset: spec.left,
          quoteAsset: spec.right,
          marginAsset: spec.right,
          pricePrecision: spec.pricePrecision,
          quantityPrecision: spec.amountPrecision,
          baseAssetPrecision: spec.amountPrecision,
          quotePrecision: spec.pricePrecision,
          underlyingType: 'COIN',
          underlyingSubType: [],
          triggerProtect: '0.0500',
          liquidationFee: '0',
          marketTakeBound: '0.05',
          filters: [
            { filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: '1000000000', tickSize: tick },
            { filterType: 'LOT_SIZE', minQty: step, maxQty: '1000000000', stepSize: step },
            { filterType: 'MARKET_LOT_SIZE', minQty: step, maxQty: '1000000000', stepSize: step },
            { filterType: 'MIN_NOTIONAL', notional: '0' },
          ],
          orderTypes: ['LIMIT', 'MARKET'],
          timeInForce: ['GTC'],
        };
      }),
    }));

    app.get('/fapi/v1/depth', { config: limited, ...get(['symbol', 'limit']) }, async (request) => {
      const params = paramsOf(request);
      const { spec } = pairOf(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const depth = channel<DepthMessage>(futureDepthChannel(spec.left, spec.right));
      const now = Date.now();
      return { lastUpdateId: depth?.seq ?? 0, E: now, T: now, bids: (depth?.bids ?? []).slice(0, limit), asks: (depth?.asks ?? []).slice(0, limit) };
    });

    app.get('/fapi/v1/trades', { config: limited, ...get(['symbol', 'limit']) }, async (request) => {
      const params = paramsOf(request);
      const { spec } = pairOf(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const trades = channel<TradesMessage>(futureTradeChannel(spec.left, spec.right))?.trades ?? [];
      return trades.slice(0, limit).reverse().map((t) => ({ id: t.id, price: t.price, qty: t.quantity, quoteQty: mulDecimal(t.price, t.quantity), time: t.time, isBuyerMaker: t.side === 'sell' }));
    });

    app.get('/fapi/v1/aggTrades', { config: limited, ...get(['symbol', 'fromId', 'startTime', 'endTime', 'limit']) }, async (request) => {
      const params = paramsOf(request);
      const { spec } = pairOf(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const trades = channel<TradesMessage>(futureTradeChannel(spec.left, spec.right))?.trades ?? [];
      return trades.slice(0, limit).reverse().map((t) => ({ a: t.id, p: t.price, q: t.quantity, f: t.id, l: t.id, T: t.time, m: t.side === 'sell' }));
    });

    app.get('/fapi/v1/klines', { config: limited, ...get(['symbol', 'interval', 'startTime', 'endTime', 'limit']) }, async (request) => {
      const params = paramsOf(request);
      const { spec } = pairOf(required(params, 'symbol'));
      const interval = intervalOf(required(params, 'interval'));
      const limit = integerParam(params, 'limit', 1, 1500) ?? 500;
      const startTime = integerParam(params, 'startTime');
      const endTime = integerParam(params, 'endTime');
      const saved = await readKlines(desk().exchange.db, 'futures_candle', spec.left, spec.right, interval, endTime === undefined ? Number.MAX_SAFE_INTEGER : endTime + 1, startTime === undefined ? limit : 1500);
      const live = channel<KlineMessage>(futureKlineChannel(spec.left, spec.right, interval))?.bar;
      return mergeBars(saved.bars, live, { startTime, endTime, limit }).map((bar) => binanceKline(bar, interval));
    });

    const premium = (pair: { spec: { symbol: string; left: string; right: string } }) => {
      const config = settingsOf(0, pair.spec.symbol);
      return {
        symbol: `${pair.spec.left}${pair.spec.right}`,
        markPrice: config.mark_price ?? '0',
        indexPrice: config.index_price ?? '0',
        estimatedSettlePrice: config.index_price ?? '0',
        lastFundingRate: config.funding_rate,
        interestRate: '0',
        nextFundingTime: config.next_funding_ms,
        time: Date.now(),
      };
    };
    app.get('/fapi/v1/premiumIndex', { config: limited, ...get(['symbol']) }, async (request) => {
      const symbol = paramsOf(request)['symbol'];
      return symbol ? premium(pairOf(symbol)) : [...desk().exchange.pairs.values()].map(premium);
    });
    // The funding rate now (what the next payment will use); past payments are not kept per pair.
    app.get('/fapi/v1/fundingRate', { config: limited, ...get(['symbol', 'startTime', 'endTime', 'limit']) }, async (request) => {
      const symbol = paramsOf(request)['symbol'];
      const pairs = symbol ? [pairOf(symbol)] : [...desk().exchange.pairs.values()];
      return pairs.map((pair) => {
        const p = premium(pair);
        return { symbol: p.symbol, fundingRate: p.lastFundingRate, fundingTime: p.nextFundingTime, markPrice: p.markPrice };
      });
    });

    for (const version of ['v2', 'v3']) {
      app.get(`/fapi/${version}/account`, { config: limited, ...get(SIGNED) }, async (request) => {
        const userId = await signedUser(request, 'read');
        const { account, asset } = await accountOf(userId);
        return {
          feeTier: 0,
          canTrade: account.can_trade,
          canDeposit: false,
          canWithdraw: false,
          updateTime: 0,
          multiAssetsMargin: false,
          totalInitialMargin: asset.initialMargin,
          totalMaintMargin: asset.maintMargin,
          totalWalletBalance: asset.walletBalance,
          totalUnrealizedProfit: asset.unrealizedProfit,
          totalMarginBalance: asset.marginBalance,
          totalPositionInitialMargin: asset.positionInitialMargin,
          totalOpenOrderInitialMargin: asset.openOrderInitialMargin,
          totalCrossWalletBalance: asset.crossWalletBalance,
          totalCrossUnPnl: asset.crossUnPnl,
          availableBalance: asset.availableBalance,
          maxWithdrawAmount: asset.maxWithdrawAmount,
          assets: [asset],
          positions: allPositions(userId),
        };
      });
      app.get(`/fapi/${version}/balance`, { config: limited, ...get(SIGNED) }, async (request) => {
        const userId = await signedUser(request, 'read');
        const { asset } = await accountOf(userId);
        return [{ accountAlias: 'OpenEx', asset: 'USDT', balance: asset.walletBalance, crossWalletBalance: asset.crossWalletBalance, crossUnPnl: asset.crossUnPnl, availableBalance: asset.availableBalance, maxWithdrawAmount: asset.maxWithdrawAmount, marginAvailable: true, updateTime: asset.updateTime }];
      });
      app.get(`/fapi/${version}/positionRisk`, { config: limited, ...get(['symbol', ...SIGNED]) }, async (request) => {
        const userId = await signedUser(request, 'read');
        const symbol = paramsOf(request)['symbol'];
        if (symbol !== undefined) pairOf(symbol);
        return allPositions(userId, symbol);
      });
    }

    // Our leverage brackets (the same for every user), as ccxt reads them before positions.
    app.get('/fapi/v1/leverageBracket', { config: limited, ...get(['symbol', ...SIGNED]) }, async (request) => {
      await signedUser(request, 'read');
      const symbol = paramsOf(request)['symbol'];
      const pairs = symbol ? [pairOf(symbol)] : [...desk().exchange.pairs.values()];
      const list = pairs.map((pair) => ({
        symbol: `${pair.spec.left}${pair.spec.right}`,
        brackets: pair.brackets.map((b) => ({ bracket: b.bracket, initialLeverage: b.maxLeverage, notionalCap: Number(b.cap), notionalFloor: Number(b.floor), maintMarginRatio: Number(b.mmr), cum: Number(b.maintenanceAmount) })),
      }));
      return symbol ? list[0] : list;
    });

    app.post('/fapi/v1/leverage', { config: limited, ...withBody(['symbol', 'leverage', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'trade');
      const params = paramsOf(request);
      const pair = pairOf(required(params, 'symbol'));
      const leverage = integerParam(params, 'leverage', 1, 125) ?? (required(params, 'leverage') as never);
      await mayTrade(userId, request.lang);
      const mode = settingsOf(userId, pair.spec.symbol).margin_mode ?? 'cross';
      const set = await desk().service.setLeverage(userId, pair.spec.symbol, leverage, mode);
      if (!set.ok) throw new BinanceError(400, -4028, translate(request.lang, set.key, set.vars));
      return { leverage: set.data.leverage, maxNotionalValue: '0', symbol: `${pair.spec.left}${pair.spec.right}` };
    });

    app.post('/fapi/v1/marginType', { config: limited, ...withBody(['symbol', 'marginType', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'trade');
      const params = paramsOf(request);
      const pair = pairOf(required(params, 'symbol'));
      const wanted = oneOf(params, 'marginType', ['ISOLATED', 'CROSSED'] as const, () => illegalParameter('marginType')) ?? (required(params, 'marginType') as never);
      await mayTrade(userId, request.lang);
      const settings = settingsOf(userId, pair.spec.symbol);
      const mode = wanted === 'ISOLATED' ? 'isolated' : 'cross';
      if (settings.margin_mode === mode) throw marginTypeUnchanged();
      const set = await desk().service.setLeverage(userId, pair.spec.symbol, settings.leverage ?? 1, mode);
      if (!set.ok) throw new BinanceError(400, -4048, translate(request.lang, set.key, set.vars));
      return { code: 200, msg: 'success' };
    });

    const placeNames = ['symbol', 'side', 'positionSide', 'type', 'timeInForce', 'quantity', 'reduceOnly', 'price', 'newClientOrderId', 'newOrderRespType', 'workingType', 'priceProtect', 'selfTradePreventionMode', ...SIGNED];
    app.post('/fapi/v1/order', { config: limited, ...withBody(placeNames) }, async (request) => {
      const userId = await signedUser(request, 'trade');
      const params = paramsOf(request);
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
      await mayTrade(userId, request.lang);
      const { exchange, placeScope } = desk();
      // One-way mode: an order against the open position closes it; reduceOnly may only do that.
      const position = exchange.positionOf(userId, pair.spec.symbol);
      const want = side === 'BUY' ? 1 : -1;
      const closes = position.side === -want;
      if (reduceOnly && !closes) throw reduceOnlyRejected();
      const action: FuturesAction = closes ? (want === 1 ? 'close_short' : 'close_long') : want === 1 ? 'open_long' : 'open_short';
      const body = { symbol: pair.spec.symbol, action, type: type === 'LIMIT' ? ('limit' as const) : ('market' as const), ...(price !== undefined && type === 'LIMIT' ? { price } : {}), quantity };
      const key = submissionKey(placeScope, idempotencyKeyOf(clientOrderId), body);
      // reduceOnly is our reduce_only: the engine checks it again under the book's lock (a position closed meanwhile).
      const placed = await exchange.place({ userId, ...body, source: 'user', key, reduceOnly });
      if (!placed.ok) throw placed.key === 'futuresReduceOnlyIncreases' ? reduceOnlyRejected() : refusal(request.lang, placed.key, placed.vars);
      await clientIds().remember(userId, 'futures', clientOrderId, placed.data.order.id);
      return futuresOrder(placed.data.order, clientOrderId ?? derivedClientId(placed.data.order.id));
    });

    app.get('/fapi/v1/order', { config: limited, ...get(['symbol', 'orderId', 'origClientOrderId', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'read');
      const order = await findOrder(userId, paramsOf(request));
      return futuresOrder(order, (await clientIdOf(userId, [order]))(order));
    });

    app.delete('/fapi/v1/order', { config: limited, ...withBody(['symbol', 'orderId', 'origClientOrderId', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'trade');
      const order = await findOrder(userId, paramsOf(request)).catch((error: unknown) => {
        throw error instanceof BinanceError && error.code === -2013 ? cancelRejected() : error;
      });
      const cancelled = await desk().exchange.cancel(userId, order.id);
      if (!cancelled.ok) throw cancelRejected(translate(request.lang, cancelled.key, cancelled.vars));
      return futuresOrder(cancelled.data.order, (await clientIdOf(userId, [order]))(order));
    });

    app.get('/fapi/v1/openOrders', { config: limited, ...get(['symbol', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'read');
      const symbol = paramsOf(request)['symbol'];
      const list = await orders(userId, symbol === undefined ? undefined : pairOf(symbol).spec.symbol, true);
      const clientId = await clientIdOf(userId, list);
      return list.map((o) => futuresOrder(o, clientId(o)));
    });

    app.get('/fapi/v1/allOrders', { config: limited, ...get(['symbol', 'orderId', 'startTime', 'endTime', 'limit', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'read');
      const params = paramsOf(request);
      const symbol = pairOf(required(params, 'symbol')).spec.symbol;
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const fromId = integerParam(params, 'orderId', 1);
      const list = [...(await orders(userId, symbol, true)), ...(await orders(userId, symbol, false))]
        .filter((o) => fromId === undefined || o.id >= fromId)
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
      const clientId = await clientIdOf(userId, list);
      return list.map((o) => futuresOrder(o, clientId(o)));
    });

    app.get('/fapi/v1/userTrades', { config: limited, ...get(['symbol', 'orderId', 'startTime', 'endTime', 'fromId', 'limit', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'read');
      const params = paramsOf(request);
      const pair = pairOf(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const orderId = integerParam(params, 'orderId', 1);
      const list = (await orders(userId, pair.spec.symbol, false)).concat(await orders(userId, pair.spec.symbol, true)).filter((o) => o.filled !== '0' && (orderId === undefined || o.id === orderId));
      const trades = [];
      for (const order of list) {
        const detail = await desk().service.order(userId, order.id);
        if (!detail.ok) continue;
        // Our futures fills have no id of their own in the order's view: the order id and the fill's place in it.
        trades.push(
          ...detail.data.trades.map((t, i) => ({
            symbol: `${pair.spec.left}${pair.spec.right}`,
            id: order.id * 1000 + i,
            orderId: order.id,
            side: order.action === 'open_long' || order.action === 'close_short' ? 'BUY' : 'SELL',
            price: t.price,
            qty: t.quantity,
            realizedPnl: '0',
            quoteQty: mulDecimal(t.price, t.quantity),
            commission: '0',
            commissionAsset: 'USDT',
            time: t.time,
            positionSide: 'BOTH',
            buyer: order.action === 'open_long' || order.action === 'close_short',
            maker: false,
          })),
        );
      }
      return trades.sort((a, b) => a.time - b.time).slice(-limit);
    });
  };
}

