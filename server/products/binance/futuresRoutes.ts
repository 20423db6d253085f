import type { FastifyInstance } from 'fastify';
import type { Database } from '../../kernel/platform/db/database.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { binanceContext } from './context.js';
import { futuresAccountRoutes } from './futuresAccountRoutes.js';
import { futuresDesk } from './futuresDesk.js';
import { futuresMarketRoutes } from './futuresMarketRoutes.js';
import { futuresTradeRoutes } from './futuresTradeRoutes.js';
import { streamReadRoutes } from './streams/futuresReads.js';
import { listenKeyStore } from './streams/listenKeys.js';

/**
 * The dialect's calls that need the futures engine (its contracts, book, orders, positions), by
 * path prefix: where futures runs apart (MARKET_PROCESSES, a cluster node) they travel with the
 * browser's /api/futures/ calls to the engine's holder and are answered there by these same routes
 * (server/products/futuresApart.ts). The rest of /fapi is answered where it arrives: ping and time
 * need nothing, the commission rates and listenKey calls only the database (commissionRoutes.ts,
 * streams/mount.ts).
 */
export const FUTURES_ENGINE_PATHS: readonly string[] = [
  '/fapi/v1/exchangeInfo',
  '/fapi/v1/depth',
  '/fapi/v1/trades',
  '/fapi/v1/aggTrades',
  '/fapi/v1/klines',
  '/fapi/v1/premiumIndex',
  '/fapi/v1/fundingRate',
  '/fapi/v1/leverageBracket',
  '/fapi/v1/leverage',
  '/fapi/v1/marginType',
  '/fapi/v1/order',
  '/fapi/v1/openOrders',
  '/fapi/v1/allOrders',
  '/fapi/v1/userTrades',
  '/fapi/v2/',
  '/fapi/v3/',
];
const ANSWERED_WHERE_ASKED = ['/fapi/v1/ping', '/fapi/v1/time', '/fapi/v1/commissionRate', '/fapi/v1/listenKey'];

/**
 * Binance's USDT-M futures REST (`/fapi/v1`, `/fapi/v2`, `/fapi/v3` where ccxt asks) over the
 * futures product's own engine and reads (offered at the composition root): the same trading
 * permission (an unverified user is refused as in the browser), the same orders, positions,
 * margin and idempotency. Split by job: public reads (futuresMarketRoutes), signed reads
 * (futuresAccountRoutes), trading (futuresTradeRoutes), what they share (futuresDesk) and the
 * mapping between our wire and Binance's (futuresShapes).
 */
export function futuresDialect(offers: Offers, context: ReturnType<typeof binanceContext>) {
  const desk = futuresDesk(offers);
  return async (app: FastifyInstance) => {
    // A /fapi route neither listed as the engine's nor answered where asked would, with futures
    // apart, answer -1000 on every node but the engine's holder: refused here, at the start.
    app.addHook('onRoute', ({ url }) => {
      if (!url.startsWith('/fapi/') || ANSWERED_WHERE_ASKED.includes(url) || FUTURES_ENGINE_PATHS.some((path) => url.startsWith(path))) return;
      throw new Error(`${url}: a /fapi route needs its place in FUTURES_ENGINE_PATHS (binance/futuresRoutes.ts), or in the routes answered where asked`);
    });
    await futuresMarketRoutes(desk, context)(app);
    await futuresAccountRoutes(desk, context)(app);
    await futuresTradeRoutes(desk, context)(app);
  };
}

/**
 * The dialect's futures routes in the futures engine's own process (it runs apart): the calls of
 * FUTURES_ENGINE_PATHS arrive here from every node, with the caller's address and headers
 * (kernel/cluster/shards/productCalls.ts), and go through the same checks as on a single server —
 * signature and key, the key's address list, weights (counted in the cluster's Redis), client ids.
 * `offers`: the futures engine's, the API keys' check and the engine's own channel snapshots. Beside
 * them, the engine's reads for the nodes' futures user data streams (streams/futuresReads.ts).
 */
export function futuresDialectApart(db: Database, offers: Offers) {
  return async (app: FastifyInstance) => {
    await app.register(async (dialect) => futuresDialect(offers, binanceContext(dialect, offers))(dialect));
    // The futures user data streams' reads of the engine, asked by the nodes' streams (streams/futuresReads.ts).
    await app.register(streamReadRoutes(offers, listenKeyStore(db, 'futures')));
  };
}
