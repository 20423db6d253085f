import type { FastifyInstance } from 'fastify';
import type { binanceContext } from './context.js';
import type { FuturesDesk } from './futuresDesk.js';
import { futuresAccountInfo, futuresBalance, futuresOrder, futuresUserTrade } from './futuresShapes.js';
import { integerParam, required } from './params.js';
import { fillProfits } from './streams/futuresEvents.js';
import { inWindow, windowOf } from './windows.js';

/** More trades than one order can have made (an order walks at most a book's levels). */
const FILLS_PER_ORDER = 10_000;

/** The futures dialect's signed reads (USER_DATA): account, balance, positions, brackets, orders and fills. */
export function futuresAccountRoutes(d: FuturesDesk, context: ReturnType<typeof binanceContext>) {
  const { pairOf, pairs, accountOf, allPositions, findOrder, clientIdOf, orders } = d;
  return async (app: FastifyInstance) => {
    const route = context.routes(app);
    for (const version of ['v2', 'v3']) {
      route.read(`/fapi/${version}/account`, [], async ({ userId }) => {
        const { account, asset } = await accountOf(userId);
        return futuresAccountInfo(account, asset, allPositions(userId));
      });
      route.read(`/fapi/${version}/balance`, [], async ({ userId }) => {
        const { asset } = await accountOf(userId);
        return [futuresBalance(asset)];
      });
      route.read(`/fapi/${version}/positionRisk`, ['symbol'], async ({ userId, params }) => {
        const symbol = params['symbol'];
        if (symbol !== undefined) pairOf(symbol);
        return allPositions(userId, symbol);
      });
    }

    // Our leverage brackets (the same for every user), as ccxt reads them before positions.
    route.read('/fapi/v1/leverageBracket', ['symbol'], async ({ params }) => {
      const symbol = params['symbol'];
      const list = (symbol ? [pairOf(symbol)] : pairs()).map((pair) => ({
        symbol: `${pair.spec.left}${pair.spec.right}`,
        brackets: pair.brackets.map((b) => ({ bracket: b.bracket, initialLeverage: b.maxLeverage, notionalCap: Number(b.cap), notionalFloor: Number(b.floor), maintMarginRatio: Number(b.mmr), cum: Number(b.maintenanceAmount) })),
      }));
      return symbol ? list[0] : list;
    });

    route.read('/fapi/v1/order', ['symbol', 'orderId', 'origClientOrderId'], async ({ userId, params }) => {
      const order = await findOrder(userId, params);
      return futuresOrder(order, (await clientIdOf(userId, [order]))(order));
    });

    route.read('/fapi/v1/openOrders', ['symbol'], async ({ userId, params }) => {
      const symbol = params['symbol'];
      const list = await orders(userId, symbol === undefined ? undefined : pairOf(symbol).spec.symbol, true);
      const clientId = await clientIdOf(userId, list);
      return list.map((o) => futuresOrder(o, clientId(o)));
    });

    route.read('/fapi/v1/allOrders', ['symbol', 'orderId', 'startTime', 'endTime', 'limit'], async ({ userId, params }) => {
      const symbol = pairOf(required(params, 'symbol')).spec.symbol;
      // Binance's window (windows.ts): from orderId or startTime onwards, else the most recent; it had listed the oldest.
      const list = inWindow([...(await orders(userId, symbol, true)), ...(await orders(userId, symbol, false))], windowOf(params, 'orderId'), (o) => o.id, (o) => o.created_ms);
      const clientId = await clientIdOf(userId, list);
      return list.map((o) => futuresOrder(o, clientId(o)));
    });

    route.read('/fapi/v1/userTrades', ['symbol', 'orderId', 'startTime', 'endTime', 'fromId', 'limit'], async ({ userId, params }) => {
      const pair = pairOf(required(params, 'symbol'));
      const window = windowOf(params, 'fromId');
      const orderId = integerParam(params, 'orderId', 1);
      const list = (await orders(userId, pair.spec.symbol, false)).concat(await orders(userId, pair.spec.symbol, true)).filter((o) => o.filled !== '0' && (orderId === undefined || o.id === orderId));
      const trades = [];
      for (const order of list) {
        // Its trades with their ids, fees (issue 52 §2) and roles, as the user data stream tells them.
        const fills = await d.desk().service.streamReads.fillsAfter(userId, order.id, 0, FILLS_PER_ORDER);
        const profits = fillProfits(order, fills);
        trades.push(...fills.map((f, i) => futuresUserTrade(order, f, profits[i]!, `${pair.spec.left}${pair.spec.right}`)));
      }
      return inWindow(trades, window, (t) => t.id, (t) => t.time);
    });
  };
}
