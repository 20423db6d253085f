import type { FastifyInstance } from 'fastify';
import type { MarketTick } from '../../../domain/api.js';
import { spotTickChannel } from '../../../domain/api.js';
import { mulDecimal, subDecimal, toFixedDecimal, trimZeros } from '../../../domain/decimal.js';
import { PRICE_BAND } from '../../../domain/priceBand.js';
import { depthChannel, klineChannel, tradeChannel, type DepthMessage, type KlineMessage, type TradesMessage } from '../../../domain/market.js';
import { SpotOrderStatus } from '../../../domain/spotOrders.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { CLIENT_ID, clientOrders, derivedClientId, idempotencyKeyOf } from './clientOrders.js';
import { commissionText } from './commissionRoutes.js';
import type { binanceContext } from './context.js';
import { cancelRejected, illegalParameter, invalidCancelRestrictions, invalidSymbolStatus, invalidTickerType, orderMissing, orderRejected, unavailableRefusal, unknownError } from './errors.js';
import { inTimeZone, intervalOf, klineRows, timeZoneParam } from './klines.js';
import { booleanParam, integerParam, oneOf, required, type Params } from './params.js';
import { cancelReplaceRoute, type CancelRequest } from './cancelReplace.js';
import { PLACE_NAMES, readSpotPlace, spotPlaceRefusal, type SpotPlaceRequest } from './spotPlacing.js';
import { changePercent, spotNewOrder, spotOrder, spotSymbolInfo, spotTrade } from './spotShapes.js';
import { binanceSymbol, pairDirectory } from './symbols.js';
import { tradesInWindow } from './tradeHistory.js';
import { windowOf } from './windows.js';

/** Binance's -2011 text for a cancel whose cancelRestrictions did not hold. */
const CANCEL_RESTRICTED = 'Order was not canceled due to cancel restrictions.';
type Lang = Parameters<typeof translate>[0];

/**
 * Binance's spot REST (`/api/v3`) over our spot product: market data from the same channels the
 * browser subscribes to, orders through spot's own trading calls (offered at the composition root),
 * so an API order is checked, frozen, matched, settled and recorded exactly as a browser order.
 */
export function spotDialect(db: Database, offers: Offers, context: ReturnType<typeof binanceContext>) {
  const pairs = pairDirectory(db);
  const ids = clientOrders(db);
  const channel = async <T>(name: string) => (await offers.use('channels')?.snapshot(name)) as T | undefined;
  // Spot's trading, offered when the spot product was created; absent only in a composition without spot.
  const trading = () => {
    const offered = offers.use('spotTrading');
    if (!offered) throw unknownError();
    return offered;
  };

  async function tickerOf(symbol: string) {
    const pair = await pairs.pair(symbol);
    const tick = await channel<Omit<MarketTick, 'channel'>>(spotTickChannel(pair.left_symbol, pair.right_symbol));
    const depth = await channel<DepthMessage>(depthChannel(pair.left_symbol, pair.right_symbol));
    return { pair, tick, bid: depth?.bids[0], ask: depth?.asks[0] };
  }
  async function symbolsOf(params: Params): Promise<string[]> {
    if (params['symbol']) return [params['symbol']];
    if (params['symbols']) {
      try {
        const list = JSON.parse(params['symbols']) as unknown;
        if (Array.isArray(list) && list.every((s) => typeof s === 'string')) return list as string[];
      } catch {
        // Refused below.
      }
      throw illegalParameter('symbols');
    }
    return [...(await pairs.all()).values()].filter((p) => p.trade_status === 1).map((p) => `${p.left_symbol}${p.right_symbol}`);
  }
  /** One answer for `symbol`, a list for `symbols` or none. */
  const oneOrList = async <T>(params: Params, each: (symbol: string) => Promise<T>) => {
    const list = await Promise.all((await symbolsOf(params)).map(each));
    return params['symbol'] ? list[0] : list;
  };

  async function findOrder(userId: number, params: Params) {
    const orderId = integerParam(params, 'orderId', 1);
    const clientId = params['origClientOrderId'];
    const id = orderId ?? (clientId ? await ids.orderOf(userId, 'spot', clientId) : (required(params, 'orderId') as never));
    if (id === undefined) throw orderMissing();
    const detail = await trading().detail(userId, id);
    const pair = await pairs.pair(required(params, 'symbol'));
    if (!detail.ok || detail.data.symbol !== `${pair.left_symbol}_${pair.right_symbol}`) throw orderMissing();
    // Both sent: the order by its id must also be the one the client id names, as on Binance.
    if (orderId !== undefined && clientId && (await withClientIds(userId, [detail.data]))(detail.data) !== clientId) throw orderMissing();
    return detail.data;
  }
  async function withClientIds<T extends { id: number }>(userId: number, orders: T[]) {
    const known = await ids.idsOf(userId, 'spot', orders.map((o) => o.id));
    return (o: T) => known.get(o.id) ?? derivedClientId(o.id);
  }
  async function openOrders(userId: number, symbol: string | undefined) {
    const list = [];
    for (let page = 1; ; page++) {
      const got = await trading().current(userId, { page, size: 100, symbol });
      list.push(...got.list);
      if (got.list.length < 100) return list;
    }
  }
  const ourSymbol = async (symbol: string | undefined) => {
    const pair = await pairs.pair(symbol);
    return `${pair.left_symbol}_${pair.right_symbol}`;
  };

  /** POST /api/v3/order's placing, once its parameters are read (the answer by newOrderRespType). */
  async function place(userId: number, symbol: string, placing: SpotPlaceRequest, lang: Lang) {
    const { body, type, tif, postOnly, byQuantity, clientOrderId, respType } = placing;
    // Only newClientOrderId deduplicates (no key of the browser's kind derived from the body).
    const placed = await trading().place(userId, body, idempotencyKeyOf(clientOrderId), { keyedOnly: true, marketBuyByQuantity: byQuantity });
    if (!placed.ok) throw spotPlaceRefusal(lang, placed.key, placed.vars, type);
    await ids.remember(userId, 'spot', clientOrderId, placed.data.id);
    // A post-only order that would have taken was cancelled unfilled: Binance refuses a LIMIT_MAKER so.
    if (postOnly && placed.data.status === SpotOrderStatus.cancelled && placed.data.filled === '0') throw orderRejected('Order would immediately match and take.');
    const clientId = clientOrderId ?? derivedClientId(placed.data.id);
    if (respType === 'ACK') return { symbol: binanceSymbol(symbol), orderId: placed.data.id, orderListId: -1, clientOrderId: clientId, transactTime: placed.data.updated_at };
    const deals = respType === 'FULL' && placed.data.filled !== '0' ? await trading().detail(userId, placed.data.id) : undefined;
    return spotNewOrder(placed.data, clientId, deals?.ok ? deals.data.deals : [], { type, timeInForce: tif ?? 'GTC' });
  }

  /** DELETE /api/v3/order's parameters of its own, read before anything is done. */
  function readCancel(params: Params): CancelRequest {
    // Read, not ignored: a bot that cancels ONLY_NEW must not see a partly filled order cancelled.
    const restriction = oneOf(params, 'cancelRestrictions', ['ONLY_NEW', 'ONLY_PARTIALLY_FILLED'] as const, invalidCancelRestrictions);
    const cancelId = params['newClientOrderId'];
    if (cancelId !== undefined && !CLIENT_ID.test(cancelId)) throw illegalParameter('newClientOrderId');
    return { restriction, cancelId };
  }

  /** DELETE /api/v3/order's cancel: the order named by `params` (symbol, orderId or origClientOrderId). */
  async function cancel(userId: number, params: Params, { restriction, cancelId }: CancelRequest, lang: Lang) {
    const order = await findOrder(userId, params).catch((error: unknown) => {
      throw error instanceof Error && (error as { code?: number }).code === -2013 ? cancelRejected() : error;
    });
    const clientId = (await withClientIds(userId, [order]))(order);
    // Refused at once by the status just read; else judged again by the market in the step that
    // cancels (spot's restricted cancel), so an order that fills meanwhile is not cancelled.
    if (restriction && spotOrder(order, clientId).status !== (restriction === 'ONLY_NEW' ? 'NEW' : 'PARTIALLY_FILLED')) throw cancelRejected(CANCEL_RESTRICTED);
    const cancelled = await trading().cancel(userId, order.id, restriction && (restriction === 'ONLY_NEW' ? 'new' : 'partial'));
    if (!cancelled.ok) throw unavailableRefusal(cancelled.key) ?? cancelRejected(cancelled.key === 'spotCancelRestricted' ? CANCEL_RESTRICTED : translate(lang, cancelled.key, cancelled.vars));
    // Binance names the cancel by newClientOrderId and the order by origClientOrderId.
    return { ...spotOrder(cancelled.data, cancelId ?? clientId), origClientOrderId: clientId };
  }

  return async (app: FastifyInstance) => {
    const route = context.routes(app);
    route.get('/api/v3/ping', [], async () => ({}));
    route.get('/api/v3/time', [], async () => ({ serverTime: Date.now() }));

    route.get('/api/v3/exchangeInfo', ['symbol', 'symbols', 'permissions', 'showPermissionSets', 'symbolStatus'], async ({ params }) => {
      const wanted = params['symbol'] || params['symbols'] ? new Set((await symbolsOf(params)).map((s) => s.toUpperCase())) : undefined;
      const status = oneOf(params, 'symbolStatus', ['TRADING', 'HALT', 'BREAK'] as const, invalidSymbolStatus);
      const all = [...(await pairs.all()).values()];
      if (wanted) for (const s of wanted) await pairs.pair(s);
      return {
        timezone: 'UTC',
        serverTime: Date.now(),
        rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }],
        exchangeFilters: [],
        symbols: all
          .filter((p) => !wanted || wanted.has(`${p.left_symbol}${p.right_symbol}`))
          .map(spotSymbolInfo)
          .filter((info) => status === undefined || info.status === status),
      };
    });

    route.get('/api/v3/depth', ['symbol', 'limit'], async ({ params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 5000) ?? 100;
      const depth = await channel<DepthMessage>(depthChannel(pair.left_symbol, pair.right_symbol));
      return { lastUpdateId: depth?.seq ?? 0, bids: (depth?.bids ?? []).slice(0, limit), asks: (depth?.asks ?? []).slice(0, limit) };
    });

    route.get('/api/v3/trades', ['symbol', 'limit'], async ({ params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const trades = (await channel<TradesMessage>(tradeChannel(pair.left_symbol, pair.right_symbol)))?.trades ?? [];
      // Newest first in the channel; Binance lists oldest first.
      return trades.slice(0, limit).reverse().map((t) => ({ id: t.id, price: t.price, qty: t.quantity, quoteQty: mulDecimal(t.price, t.quantity), time: t.time, isBuyerMaker: t.side === 'sell', isBestMatch: true }));
    });

    // ccxt's fetchTrades asks for these: each of our trades is its own aggregate; the latest from the
    // channel's snapshot, a window (fromId, startTime, endTime) from the committed trades.
    route.get('/api/v3/aggTrades', ['symbol', 'fromId', 'startTime', 'endTime', 'limit'], async ({ params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const window = windowOf(params, 'fromId');
      if (window.fromId !== undefined || window.startTime !== undefined || window.endTime !== undefined) return tradesInWindow(db, 'spot_trade', { left: pair.left_symbol, right: pair.right_symbol }, window);
      const trades = (await channel<TradesMessage>(tradeChannel(pair.left_symbol, pair.right_symbol)))?.trades ?? [];
      return trades.slice(0, window.limit).reverse().map((t) => ({ a: t.id, p: t.price, q: t.quantity, f: t.id, l: t.id, T: t.time, m: t.side === 'sell', M: true }));
    });

    // Binance's old trade lookup (MARKET_DATA: the API key, no signature): from `fromId` onwards, else the latest, oldest first.
    route.market('/api/v3/historicalTrades', ['symbol', 'limit', 'fromId'], async ({ params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const fromId = integerParam(params, 'fromId');
      const trades = await tradesInWindow(db, 'spot_trade', { left: pair.left_symbol, right: pair.right_symbol }, { limit, ...(fromId !== undefined ? { fromId } : {}) });
      return trades.map((t) => ({ id: t.a, price: t.p, qty: t.q, quoteQty: mulDecimal(t.p, t.q), time: t.T, isBuyerMaker: t.m, isBestMatch: true }));
    });

    // uiKlines: Binance's klines "modified for presentation"; ours are the same bars. timeZone: klines.ts inTimeZone.
    const klines = async ({ params }: { params: Params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const interval = inTimeZone(intervalOf(required(params, 'interval')), timeZoneParam(params));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const startTime = integerParam(params, 'startTime');
      const endTime = integerParam(params, 'endTime');
      const range = { ...(startTime !== undefined ? { startTime } : {}), ...(endTime !== undefined ? { endTime } : {}), limit };
      const live = async () => (await channel<KlineMessage>(klineChannel(pair.left_symbol, pair.right_symbol, interval.source)))?.bar;
      return klineRows(db, 'candle', { left: pair.left_symbol, right: pair.right_symbol }, interval, range, live);
    };
    for (const url of ['/api/v3/klines', '/api/v3/uiKlines']) route.get(url, ['symbol', 'interval', 'startTime', 'endTime', 'timeZone', 'limit'], klines);

    // type MINI is answered in full (its fields are FULL's); any other than FULL or MINI is Binance's -1139.
    route.get('/api/v3/ticker/24hr', ['symbol', 'symbols', 'type'], async ({ params }) => {
      oneOf(params, 'type', ['FULL', 'MINI'] as const, invalidTickerType);
      return oneOrList(params, async (symbol) => {
        const { pair, tick, bid, ask } = await tickerOf(symbol);
        const now = Date.now();
        return {
          symbol: `${pair.left_symbol}${pair.right_symbol}`,
          priceChange: tick ? subDecimal(tick.close, tick.open) : '0',
          priceChangePercent: changePercent(tick?.increase),
          weightedAvgPrice: tick?.close ?? '0',
          prevClosePrice: tick?.open ?? '0',
          lastPrice: tick?.close ?? '0',
          lastQty: '0',
          bidPrice: bid?.[0] ?? '0',
          bidQty: bid?.[1] ?? '0',
          askPrice: ask?.[0] ?? '0',
          askQty: ask?.[1] ?? '0',
          openPrice: tick?.open ?? '0',
          highPrice: tick?.high ?? '0',
          lowPrice: tick?.low ?? '0',
          volume: tick?.amount ?? '0',
          quoteVolume: tick?.vol ?? '0',
          openTime: now - 86_400_000,
          closeTime: now,
          firstId: -1,
          lastId: -1,
          count: tick?.count ?? 0,
        };
      });
    });

    // The price band's reference (PERCENT_PRICE_BY_SIDE): the volume-weighted price of the last
    // PRICE_BAND.minutes of trades, else the last trade's; read from the committed trades.
    route.get('/api/v3/avgPrice', ['symbol'], async ({ params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const since = Date.now() - PRICE_BAND.minutes * 60_000;
      const [row] = await db.query<{ avg: string | null; last: string | null; at: string | null }>(
        `select (select (sum(price * quantity) / nullif(sum(quantity), 0))::text from spot_trade where left_symbol = $1 and right_symbol = $2 and created_ms >= $3) as avg,
                last.price::text as last, last.created_ms::text as at
         from (select 1) one left join lateral (select price, created_ms from spot_trade where left_symbol = $1 and right_symbol = $2 order by created_ms desc, id desc limit 1) last on true`,
        [pair.left_symbol, pair.right_symbol, since],
      );
      const price = row?.avg ?? row?.last;
      return { mins: PRICE_BAND.minutes, price: price ? trimZeros(toFixedDecimal(price, pair.price_precision + 2)) : '0', closeTime: Number(row?.at ?? 0) };
    });

    route.get('/api/v3/ticker/price', ['symbol', 'symbols'], async ({ params }) =>
      oneOrList(params, async (symbol) => {
        const { pair, tick } = await tickerOf(symbol);
        return { symbol: `${pair.left_symbol}${pair.right_symbol}`, price: tick?.close ?? '0' };
      }),
    );

    route.get('/api/v3/ticker/bookTicker', ['symbol', 'symbols'], async ({ params }) =>
      oneOrList(params, async (symbol) => {
        const { pair, bid, ask } = await tickerOf(symbol);
        return { symbol: `${pair.left_symbol}${pair.right_symbol}`, bidPrice: bid?.[0] ?? '0', bidQty: bid?.[1] ?? '0', askPrice: ask?.[0] ?? '0', askQty: ask?.[1] ?? '0' };
      }),
    );

    route.read('/api/v3/account', ['omitZeroBalances'], async ({ userId, params }) => {
      const rows = await db.query<{ currency: string; available: string; frozen: string }>(
        `select currency, trim_scale(available)::text as available, trim_scale(frozen)::text as frozen from balance where user_id = $1 and account = 'spot' order by currency`,
        [userId],
      );
      const omitZero = params['omitZeroBalances'] === 'true';
      const fees = await trading().feeRate(userId);
      const bps = (fraction: string) => Math.round(Number(fraction) * 10_000);
      return {
        makerCommission: bps(fees.maker),
        takerCommission: bps(fees.taker),
        buyerCommission: 0,
        sellerCommission: 0,
        commissionRates: { maker: commissionText(fees.maker), taker: commissionText(fees.taker), buyer: commissionText('0'), seller: commissionText('0') },
        canTrade: true,
        canWithdraw: false,
        canDeposit: false,
        brokered: false,
        requireSelfTradePrevention: false,
        preventSor: false,
        updateTime: Date.now(),
        accountType: 'SPOT',
        balances: rows.filter((r) => !omitZero || r.available !== '0' || r.frozen !== '0').map((r) => ({ asset: r.currency, free: r.available, locked: r.frozen })),
        permissions: ['SPOT'],
        uid: userId,
      };
    });

    route.trade('POST', '/api/v3/order', PLACE_NAMES, async ({ userId, params, request }) => {
      const symbol = await ourSymbol(required(params, 'symbol'));
      return place(userId, symbol, readSpotPlace(params, symbol), request.lang);
    });

    // Read and checked as POST /api/v3/order, by spot's own checks (SpotTrading.check), placing
    // nothing: no key claimed (newClientOrderId stays free), nothing frozen, no balance checked.
    route.trade('POST', '/api/v3/order/test', [...PLACE_NAMES, 'computeCommissionRates'], async ({ userId, params, request }) => {
      const symbol = await ourSymbol(required(params, 'symbol'));
      const { body, type, byQuantity } = readSpotPlace(params, symbol);
      const rates = booleanParam(params, 'computeCommissionRates');
      const checked = await trading().check(userId, body, { keyedOnly: true, marketBuyByQuantity: byQuantity });
      if (!checked.ok) throw spotPlaceRefusal(request.lang, checked.key, checked.vars, type);
      if (!rates) return {};
      const fees = await trading().feeRate(userId, symbol);
      const none = { maker: commissionText('0'), taker: commissionText('0') };
      return {
        standardCommissionForOrder: { maker: commissionText(fees.maker), taker: commissionText(fees.taker) },
        specialCommissionForOrder: none,
        taxCommissionForOrder: none,
        discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: commissionText('0') },
      };
    });

    route.read('/api/v3/order', ['symbol', 'orderId', 'origClientOrderId'], async ({ userId, params }) => {
      const order = await findOrder(userId, params);
      return spotOrder(order, (await withClientIds(userId, [order]))(order));
    });

    route.trade('DELETE', '/api/v3/order', ['symbol', 'orderId', 'origClientOrderId', 'newClientOrderId', 'cancelRestrictions'], async ({ userId, params, request }) =>
      cancel(userId, params, readCancel(params), request.lang),
    );

    // Binance's cancel-replace, of the cancel and place above (cancelReplace.ts).
    cancelReplaceRoute(route, {
      symbolOf: ourSymbol,
      check: async (userId, placing, lang) => {
        const checked = await trading().check(userId, placing.body, { keyedOnly: true, marketBuyByQuantity: placing.byQuantity });
        if (!checked.ok) throw spotPlaceRefusal(lang, checked.key, checked.vars, placing.type);
      },
      cancel,
      place,
    });

    route.read('/api/v3/openOrders', ['symbol'], async ({ userId, params }) => {
      const symbol = params['symbol'];
      const orders = await openOrders(userId, symbol === undefined ? undefined : await ourSymbol(symbol));
      const clientId = await withClientIds(userId, orders);
      return orders.map((o) => spotOrder(o, clientId(o)));
    });

    route.trade('DELETE', '/api/v3/openOrders', ['symbol'], async ({ userId, params }) => {
      const orders = await openOrders(userId, await ourSymbol(required(params, 'symbol')));
      const clientId = await withClientIds(userId, orders);
      const answers = [];
      for (const order of orders) {
        const cancelled = await trading().cancel(userId, order.id);
        // One filled meanwhile is not cancelled; the others still are.
        if (cancelled.ok) answers.push({ ...spotOrder(cancelled.data, clientId(order)), origClientOrderId: clientId(order) });
      }
      return answers;
    });

    // Binance's windows (windows.ts): from orderId / fromId or startTime onwards, else the most recent, oldest first.
    route.read('/api/v3/allOrders', ['symbol', 'orderId', 'startTime', 'endTime', 'limit'], async ({ userId, params }) => {
      const symbol = await ourSymbol(required(params, 'symbol'));
      const orders = await trading().ordersInWindow(userId, { symbol, ...windowOf(params, 'orderId') });
      const clientId = await withClientIds(userId, orders);
      return orders.map((o) => spotOrder(o, clientId(o)));
    });

    route.read('/api/v3/myTrades', ['symbol', 'orderId', 'startTime', 'endTime', 'fromId', 'limit'], async ({ userId, params }) => {
      const symbol = await ourSymbol(required(params, 'symbol'));
      const orderId = integerParam(params, 'orderId', 1);
      const fills = await trading().fillsInWindow(userId, { symbol, ...windowOf(params, 'fromId'), ...(orderId !== undefined ? { orderId } : {}) });
      return fills.map((fill) => spotTrade(fill.order, fill));
    });
  };
}
