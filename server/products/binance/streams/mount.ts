import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../kernel/platform/db/database.js';
import type { Offers } from '../../../kernel/platform/offers.js';
import { clientOrders, derivedClientId } from '../clientOrders.js';
import type { binanceContext } from '../context.js';
import { listenKeyMissing } from '../errors.js';
import { required } from '../params.js';
import { pairDirectory } from '../symbols.js';
import { attachBinanceStreams } from './hub.js';
import { ledgerCursors, ledgerSince } from './balanceUpdates.js';
import type { Fill } from './userEvents.js';
import { listenKeyStore } from './listenKeys.js';
import { userDataStreams } from './userStreams.js';

const FILL_PAGE = 1000;
const FILL_PAGES = 10;

/**
 * Binance's WebSocket streams on the server's own port (hub.ts: market streams; userStreams.ts:
 * the user data stream) and the listenKey calls (`/api/v3/userDataStream`, the API key alone), all
 * fed by the gateway's pushes through the `channels` offer.
 */
export function binanceStreams(db: Database, offers: Offers, context: ReturnType<typeof binanceContext>, limits: { connectionsPerAddress?: number; trustedProxies?: readonly string[] } = {}) {
  return async (app: FastifyInstance) => {
    const pairs = pairDirectory(db);
    const ids = clientOrders(db);
    const users = userDataStreams({
      store: listenKeyStore(db),
      followUser: (userId, listener) => offers.use('channels')?.followUser(userId, listener) ?? (() => undefined),
      // The dialect keeps a client id once the order is placed, just after its push: a fresh order
      // read without one is read again a few times (up to 250 ms) before it is told as `ox<id>`.
      clientIdOf: async (userId, order) => {
        for (let attempt = 0; ; attempt++) {
          const id = (await ids.idsOf(userId, 'spot', [order.id])).get(order.id)!;
          if (id !== derivedClientId(order.id) || attempt === 5 || Date.now() - order.created_at > 2000) return id;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      fillsOf: async (userId, order, afterId) => {
        const trading = offers.use('spotTrading');
        if (!trading) return [];
        const fills: Fill[] = [];
        // Pages of a thousand, as far as a push can need (a market order that walked many levels).
        for (let page = 0, from = afterId + 1; page < FILL_PAGES; page++) {
          const got = await trading.fillsInWindow(userId, { symbol: order.symbol, orderId: order.id, fromId: from, limit: FILL_PAGE });
          fills.push(...got);
          if (got.length < FILL_PAGE) break;
          from = got.at(-1)!.id + 1;
        }
        return fills;
      },
      // balanceUpdate: read from the ledger on this node, as the fills are, when a push names spot balances.
      ledgerCursors: (userId) => ledgerCursors(db, userId),
      ledgerSince: (userId, cursors, currencies) => ledgerSince(db, userId, cursors, currencies),
    });
    const hub = attachBinanceStreams(app.server, {
      pairOf: async (symbol) => {
        const pair = (await pairs.all()).get(symbol.toUpperCase());
        return pair && pair.trade_status === 1 ? { left: pair.left_symbol, right: pair.right_symbol } : undefined;
      },
      snapshot: (channel) => offers.use('channels')?.snapshot(channel),
      follow: (listener) => offers.use('channels')?.follow(listener) ?? (() => undefined),
      privateStream: (name, socket) => users.open(name, socket),
      ...limits,
    });
    app.addHook('onClose', async () => {
      hub.close();
      users.stop();
    });

    const route = context.routes(app);
    route.keyed('POST', '/api/v3/userDataStream', [], async ({ userId }) => ({ listenKey: await users.create(userId) }));
    route.keyed('PUT', '/api/v3/userDataStream', ['listenKey'], async ({ userId, params }) => {
      if (!(await users.keepAlive(userId, required(params, 'listenKey')))) throw listenKeyMissing();
      return {};
    });
    route.keyed('DELETE', '/api/v3/userDataStream', ['listenKey'], async ({ userId, params }) => {
      if (!(await users.close(userId, required(params, 'listenKey')))) throw listenKeyMissing();
      return {};
    });
  };
}
