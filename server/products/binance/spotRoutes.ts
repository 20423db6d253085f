import type { FastifyInstance } from 'fastify';
import type { MarketTick } from '../../../domain/api.js';
import { spotTickChannel } from '../../../domain/api.js';
import { mulDecimal, subDecimal, toFixedDecimal, trimZeros } from '../../../domain/decimal.js';
import { PRICE_BAND } from '../../../domain/priceBand.js';
import { depthChannel, klineChannel, tradeChannel, type DepthMessage, type KlineMessage, type TradesMessage } from '../../../domain/market.js';
import { SpotOrderStatus, type SpotTimeInForce } from '../../../domain/spotOrders.js';
import { RECORD_DAYS } from '../../../domain/wallet.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { readKlines } from '../../kernel/platform/marketHistory/klineHistory.js';
import { translate } from '../../kernel/platform/i18n/messages.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { CLIENT_ID, clientOrders, derivedClientId, idempotencyKeyOf } from './clientOrders.js';
import { commissionText } from './commissionRoutes.js';
import type { binanceContext } from './context.js';
import { cancelRejected, filterFailure, illegalParameter, insufficientBalance, invalidOrderType, invalidSide, invalidTimeInForce, mandatoryParameter, orderMissing, orderRejected, parameterNotRequired, unknownError, unsupported } from './errors.js';
import { binanceKline, intervalOf, mergeBars } from './klines.js';
import { decimalParam, integerParam, oneOf, required, type Params } from './params.js';
import { spotNewOrder, spotOrder, spotSymbolInfo, spotTrade } from './spotShapes.js';
import { binanceSymbol, pairDirectory } from './symbols.js';

/** Orders a list is read from: the open ones and those finished in the longest history we keep. */
const HISTORY_DAYS = RECORD_DAYS[RECORD_DAYS.length - 1]!;

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
  async function finishedOrders(userId: number, symbol: string, limit: number) {
    const list = [];
    for (let page = 1; list.length < limit; page++) {
      const got = await trading().history(userId, { days: HISTORY_DAYS, page, size: 100, symbol });
      list.push(...got.list);
      if (got.list.length < 100) break;
    }
    return list;
  }
  const ourSymbol = async (symbol: string | undefined) => {
    const pair = await pairs.pair(symbol);
    return `${pair.left_symbol}_${pair.right_symbol}`;
  };

  return async (app: FastifyInstance) => {
    const route = context.routes(app);
    route.get('/api/v3/ping', [], async () => ({}));
    route.get('/api/v3/time', [], async () => ({ serverTime: Date.now() }));

    route.get('/api/v3/exchangeInfo', ['symbol', 'symbols', 'permissions', 'showPermissionSets', 'symbolStatus'], async ({ params }) => {
      const wanted = params['symbol'] || params['symbols'] ? new Set((await symbolsOf(params)).map((s) => s.toUpperCase())) : undefined;
      const all = [...(await pairs.all()).values()];
      if (wanted) for (const s of wanted) await pairs.pair(s);
      return {
        timezone: 'UTC',
        serverTime: Date.now(),
        rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }],
        exchangeFilters: [],
        symbols: all.filter((p) => !wanted || wanted.has(`${p.left_symbol}${p.right_symbol}`)).map(spotSymbolInfo),
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

    // ccxt's fetchTrades asks for these: each of our trades is its own aggregate.
    route.get('/api/v3/aggTrades', ['symbol', 'fromId', 'startTime', 'endTime', 'limit'], async ({ params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const trades = (await channel<TradesMessage>(tradeChannel(pair.left_symbol, pair.right_symbol)))?.trades ?? [];
      return trades.slice(0, limit).reverse().map((t) => ({ a: t.id, p: t.price, q: t.quantity, f: t.id, l: t.id, T: t.time, m: t.side === 'sell', M: true }));
    });

    route.get('/api/v3/klines', ['symbol', 'interval', 'startTime', 'endTime', 'timeZone', 'limit'], async ({ params }) => {
      const pair = await pairs.pair(required(params, 'symbol'));
      const interval = intervalOf(required(params, 'interval'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const startTime = integerParam(params, 'startTime');
      const endTime = integerParam(params, 'endTime');
      const saved = await readKlines(db, 'candle', pair.left_symbol, pair.right_symbol, interval, endTime === undefined ? Number.MAX_SAFE_INTEGER : endTime + 1, startTime === undefined ? limit : 1000);
      const live = (await channel<KlineMessage>(klineChannel(pair.left_symbol, pair.right_symbol, interval)))?.bar;
      return mergeBars(saved.bars, live, { startTime, endTime, limit }).map((bar) => binanceKline(bar, interval));
    });

    route.get('/api/v3/ticker/24hr', ['symbol', 'symbols', 'type'], async ({ params }) =>
      oneOrList(params, async (symbol) => {
        const { pair, tick, bid, ask } = await tickerOf(symbol);
        const now = Date.now();
        return {
          symbol: `${pair.left_symbol}${pair.right_symbol}`,
          priceChange: tick ? subDecimal(tick.close, tick.open) : '0',
          priceChangePercent: tick?.increase ?? '0',
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
      }),
    );

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

    const RESPONSE_TYPES = ['ACK', 'RESULT', 'FULL'] as const;
    const placeNames = ['symbol', 'side', 'type', 'timeInForce', 'quantity', 'quoteOrderQty', 'price', 'newClientOrderId', 'newOrderRespType', 'selfTradePreventionMode'];
    route.trade('POST', '/api/v3/order', placeNames, async ({ userId, params, request }) => {
      const symbol = await ourSymbol(required(params, 'symbol'));
      const side = oneOf(params, 'side', ['BUY', 'SELL'] as const, invalidSide) ?? (required(params, 'side') as never);
      const type = oneOf(params, 'type', ['LIMIT', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT', 'LIMIT_MAKER'] as const, invalidOrderType) ?? (required(params, 'type') as never);
      if (type !== 'LIMIT' && type !== 'MARKET' && type !== 'LIMIT_MAKER') throw unsupported('type', type);
      // Time in force as the engine has it: GTC, IOC, and post-only (Binance's LIMIT_MAKER type, or GTX as futures spell it); FOK it has not.
      const tif = oneOf(params, 'timeInForce', ['GTC', 'IOC', 'FOK', 'GTX'] as const, invalidTimeInForce);
      if (type === 'LIMIT' && tif === undefined) throw mandatoryParameter('timeInForce');
      if (type !== 'LIMIT' && tif !== undefined) throw parameterNotRequired('timeInForce');
      if (tif === 'FOK') throw unsupported('timeInForce', tif);
      const postOnly = type === 'LIMIT_MAKER' || tif === 'GTX';
      const timeInForce: SpotTimeInForce | undefined = postOnly ? 'POST_ONLY' : tif === 'IOC' ? 'IOC' : undefined;
      if (params['selfTradePreventionMode'] !== undefined && params['selfTradePreventionMode'] !== 'NONE') throw unsupported('selfTradePreventionMode', params['selfTradePreventionMode']);
      const clientOrderId = params['newClientOrderId'];
      if (clientOrderId !== undefined && !CLIENT_ID.test(clientOrderId)) throw illegalParameter('newClientOrderId');
      // Read before the order is placed: one refused after it would leave an order the bot was told failed.
      const respType = oneOf(params, 'newOrderRespType', RESPONSE_TYPES, () => illegalParameter('newOrderRespType', 'ACK, RESULT or FULL is expected')) ?? 'FULL';
      const quantity = decimalParam(params, 'quantity');
      const quoteOrderQty = decimalParam(params, 'quoteOrderQty');
      const price = decimalParam(params, 'price');
      // A MARKET order names one of quantity (base) and quoteOrderQty (quote to spend), as on Binance.
      if (type === 'MARKET' && quantity !== undefined && quoteOrderQty !== undefined) throw parameterNotRequired('quoteOrderQty');
      if (type === 'MARKET' && side === 'SELL' && quoteOrderQty !== undefined) throw unsupported('quoteOrderQty', 'MARKET SELL by quote amount; send quantity');
      const byQuantity = type === 'MARKET' && side === 'BUY' && quantity !== undefined;
      const body =
        type !== 'MARKET'
          ? {
              symbol,
              side: side === 'BUY' ? ('buy' as const) : ('sell' as const),
              type: 'limit' as const,
              price: price ?? (required(params, 'price') as never),
              quantity: quantity ?? (required(params, 'quantity') as never),
              ...(timeInForce ? { time_in_force: timeInForce } : {}),
            }
          : side === 'BUY'
            ? // By quoteOrderQty our market buy spends that budget; by quantity it buys that much, bounded by the balance.
              { symbol, side: 'buy' as const, type: 'market' as const, ...(byQuantity ? { quantity } : { amount: quoteOrderQty ?? (required(params, 'quantity') as never) }) }
            : { symbol, side: 'sell' as const, type: 'market' as const, quantity: quantity ?? (required(params, 'quantity') as never) };
      // Only newClientOrderId deduplicates (no key of the browser's kind derived from the body).
      const placed = await trading().place(userId, body, idempotencyKeyOf(clientOrderId), { keyedOnly: true, marketBuyByQuantity: byQuantity });
      if (!placed.ok) {
        if (placed.key === 'spotInsufficientBalance') throw insufficientBalance();
        throw placed.key === 'spotPriceOutsideBand' ? filterFailure('PERCENT_PRICE_BY_SIDE') : orderRejected(translate(request.lang, placed.key, placed.vars));
      }
      await ids.remember(userId, 'spot', clientOrderId, placed.data.id);
      // A post-only order that would have taken was cancelled unfilled: Binance refuses a LIMIT_MAKER so.
      if (postOnly && placed.data.status === SpotOrderStatus.cancelled && placed.data.filled === '0') throw orderRejected('Order would immediately match and take.');
      const clientId = clientOrderId ?? derivedClientId(placed.data.id);
      if (respType === 'ACK') return { symbol: binanceSymbol(symbol), orderId: placed.data.id, orderListId: -1, clientOrderId: clientId, transactTime: placed.data.updated_at };
      const deals = respType === 'FULL' && placed.data.filled !== '0' ? await trading().detail(userId, placed.data.id) : undefined;
      return spotNewOrder(placed.data, clientId, deals?.ok ? deals.data.deals : [], { type, timeInForce: tif ?? 'GTC' });
    });

    route.read('/api/v3/order', ['symbol', 'orderId', 'origClientOrderId'], async ({ userId, params }) => {
      const order = await findOrder(userId, params);
      return spotOrder(order, (await withClientIds(userId, [order]))(order));
    });

    route.trade('DELETE', '/api/v3/order', ['symbol', 'orderId', 'origClientOrderId', 'newClientOrderId', 'cancelRestrictions'], async ({ userId, params, request }) => {
      const order = await findOrder(userId, params).catch((error: unknown) => {
        throw error instanceof Error && (error as { code?: number }).code === -2013 ? cancelRejected() : error;
      });
      const cancelled = await trading().cancel(userId, order.id);
      if (!cancelled.ok) throw cancelRejected(translate(request.lang, cancelled.key, cancelled.vars));
      const answer = spotOrder(cancelled.data, (await withClientIds(userId, [order]))(order));
      return { ...answer, origClientOrderId: answer.clientOrderId };
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

    route.read('/api/v3/allOrders', ['symbol', 'orderId', 'startTime', 'endTime', 'limit'], async ({ userId, params }) => {
      const symbol = await ourSymbol(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const fromId = integerParam(params, 'orderId', 1);
      const startTime = integerParam(params, 'startTime');
      const endTime = integerParam(params, 'endTime');
      const orders = [...(await openOrders(userId, symbol)), ...(await finishedOrders(userId, symbol, limit + 100))]
        .filter((o) => (fromId === undefined || o.id >= fromId) && (startTime === undefined || o.created_at >= startTime) && (endTime === undefined || o.created_at <= endTime))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
      const clientId = await withClientIds(userId, orders);
      return orders.map((o) => spotOrder(o, clientId(o)));
    });

    route.read('/api/v3/myTrades', ['symbol', 'orderId', 'startTime', 'endTime', 'fromId', 'limit'], async ({ userId, params }) => {
      const symbol = await ourSymbol(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const orderId = integerParam(params, 'orderId', 1);
      const fromId = integerParam(params, 'fromId', 0);
      const startTime = integerParam(params, 'startTime');
      const endTime = integerParam(params, 'endTime');
      const orders = [...(await openOrders(userId, symbol)), ...(await finishedOrders(userId, symbol, 1000))].filter((o) => o.filled !== '0' && (orderId === undefined || o.id === orderId));
      const trades = [];
      for (const order of orders) {
        const detail = await trading().detail(userId, order.id);
        if (detail.ok) trades.push(...detail.data.deals.map((deal) => spotTrade(detail.data, deal)));
      }
      return trades
        .filter((t) => (fromId === undefined || t.id >= fromId) && (startTime === undefined || t.time >= startTime) && (endTime === undefined || t.time <= endTime))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
    });
  };
}
