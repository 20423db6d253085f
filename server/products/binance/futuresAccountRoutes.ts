import type { FastifyInstance } from 'fastify';
import type { binanceContext } from './context.js';
import { get, SIGNED, type FuturesDesk } from './futuresDesk.js';
import { futuresAccountInfo, futuresBalance, futuresOrder, futuresUserTrade } from './futuresShapes.js';
import { integerParam, paramsOf, required } from './params.js';

/** The futures dialect's signed reads (USER_DATA): account, balance, positions, brackets, orders and fills. */
export function futuresAccountRoutes(d: FuturesDesk, context: ReturnType<typeof binanceContext>) {
  const { limited, signedUser } = context;
  const { pairOf, pairs, accountOf, allPositions, findOrder, clientIdOf, orders } = d;
  return async (app: FastifyInstance) => {
    for (const version of ['v2', 'v3']) {
      app.get(`/fapi/${version}/account`, { config: limited, ...get(SIGNED) }, async (request) => {
        const userId = await signedUser(request, 'read');
        const { account, asset } = await accountOf(userId);
        return futuresAccountInfo(account, asset, allPositions(userId));
      });
      app.get(`/fapi/${version}/balance`, { config: limited, ...get(SIGNED) }, async (request) => {
        const userId = await signedUser(request, 'read');
        const { asset } = await accountOf(userId);
        return [futuresBalance(asset)];
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
      const list = (symbol ? [pairOf(symbol)] : pairs()).map((pair) => ({
        symbol: `${pair.spec.left}${pair.spec.right}`,
        brackets: pair.brackets.map((b) => ({ bracket: b.bracket, initialLeverage: b.maxLeverage, notionalCap: Number(b.cap), notionalFloor: Number(b.floor), maintMarginRatio: Number(b.mmr), cum: Number(b.maintenanceAmount) })),
      }));
      return symbol ? list[0] : list;
    });

    app.get('/fapi/v1/order', { config: limited, ...get(['symbol', 'orderId', 'origClientOrderId', ...SIGNED]) }, async (request) => {
      const userId = await signedUser(request, 'read');
      const order = await findOrder(userId, paramsOf(request));
      return futuresOrder(order, (await clientIdOf(userId, [order]))(order));
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
        const detail = await d.desk().service.order(userId, order.id);
        if (!detail.ok) continue;
        trades.push(...detail.data.trades.map((t, i) => futuresUserTrade(order, t, i, `${pair.spec.left}${pair.spec.right}`)));
      }
      return trades.sort((a, b) => a.time - b.time).slice(-limit);
    });
  };
}
