import type { FastifyInstance } from 'fastify';
import { mulDecimal } from '../../../domain/decimal.js';
import { futureDepthChannel, futureKlineChannel, futureTradeChannel } from '../../../domain/futures/api.js';
import type { DepthMessage, KlineMessage, TradesMessage } from '../../../domain/market.js';
import type { binanceContext } from './context.js';
import type { FuturesDesk } from './futuresDesk.js';
import { futuresSymbolInfo } from './futuresShapes.js';
import { intervalOf, klineRows } from './klines.js';
import { tradesInWindow } from './tradeHistory.js';
import { windowOf } from './windows.js';
import { integerParam, required } from './params.js';

/** The futures dialect's public reads: exchange info, the book, trades, candles, mark price and funding. */
export function futuresMarketRoutes(d: FuturesDesk, context: ReturnType<typeof binanceContext>) {
  const { channel, pairOf, pairs, haltOf, premium } = d;
  return async (app: FastifyInstance) => {
    const route = context.routes(app);
    route.get('/fapi/v1/ping', [], async () => ({}));
    route.get('/fapi/v1/time', [], async () => ({ serverTime: Date.now() }));

    route.get('/fapi/v1/exchangeInfo', [], async () => ({
      timezone: 'UTC',
      serverTime: Date.now(),
      futuresType: 'U_MARGINED',
      rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }],
      exchangeFilters: [],
      assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '0' }],
      symbols: pairs().map(({ spec }) => futuresSymbolInfo(spec, haltOf(spec.symbol) !== undefined)),
    }));

    route.get('/fapi/v1/depth', ['symbol', 'limit'], async ({ params }) => {
      const { spec } = pairOf(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const depth = await channel<DepthMessage>(futureDepthChannel(spec.left, spec.right));
      const now = Date.now();
      return { lastUpdateId: depth?.seq ?? 0, E: now, T: now, bids: (depth?.bids ?? []).slice(0, limit), asks: (depth?.asks ?? []).slice(0, limit) };
    });

    route.get('/fapi/v1/trades', ['symbol', 'limit'], async ({ params }) => {
      const { spec } = pairOf(required(params, 'symbol'));
      const limit = integerParam(params, 'limit', 1, 1000) ?? 500;
      const trades = (await channel<TradesMessage>(futureTradeChannel(spec.left, spec.right)))?.trades ?? [];
      return trades.slice(0, limit).reverse().map((t) => ({ id: t.id, price: t.price, qty: t.quantity, quoteQty: mulDecimal(t.price, t.quantity), time: t.time, isBuyerMaker: t.side === 'sell' }));
    });

    route.get('/fapi/v1/aggTrades', ['symbol', 'fromId', 'startTime', 'endTime', 'limit'], async ({ params }) => {
      const { spec } = pairOf(required(params, 'symbol'));
      const window = windowOf(params, 'fromId');
      // A window (fromId, startTime, endTime) from the committed trades; the latest from the channel's snapshot.
      if (window.fromId !== undefined || window.startTime !== undefined || window.endTime !== undefined) {
        return (await tradesInWindow(d.desk().exchange.db, 'futures_trade', spec, window)).map(({ M: _best, ...trade }) => trade);
      }
      const trades = (await channel<TradesMessage>(futureTradeChannel(spec.left, spec.right)))?.trades ?? [];
      return trades.slice(0, window.limit).reverse().map((t) => ({ a: t.id, p: t.price, q: t.quantity, f: t.id, l: t.id, T: t.time, m: t.side === 'sell' }));
    });

    route.get('/fapi/v1/klines', ['symbol', 'interval', 'startTime', 'endTime', 'limit'], async ({ params }) => {
      const { spec } = pairOf(required(params, 'symbol'));
      const interval = intervalOf(required(params, 'interval'));
      const limit = integerParam(params, 'limit', 1, 1500) ?? 500;
      const startTime = integerParam(params, 'startTime');
      const endTime = integerParam(params, 'endTime');
      const range = { ...(startTime !== undefined ? { startTime } : {}), ...(endTime !== undefined ? { endTime } : {}), limit };
      const live = async () => (await channel<KlineMessage>(futureKlineChannel(spec.left, spec.right, interval.source)))?.bar;
      return klineRows(d.desk().exchange.db, 'futures_candle', spec, interval, range, live);
    });

    route.get('/fapi/v1/premiumIndex', ['symbol'], async ({ params }) => {
      const symbol = params['symbol'];
      return symbol ? premium(pairOf(symbol)) : pairs().map(premium);
    });
    // The funding rate now (what the next payment will use); past payments are not kept per pair.
    route.get('/fapi/v1/fundingRate', ['symbol', 'startTime', 'endTime', 'limit'], async ({ params }) => {
      const symbol = params['symbol'];
      return (symbol ? [pairOf(symbol)] : pairs()).map((pair) => {
        const p = premium(pair);
        return { symbol: p.symbol, fundingRate: p.lastFundingRate, fundingTime: p.nextFundingTime, markPrice: p.markPrice };
      });
    });
  };
}
