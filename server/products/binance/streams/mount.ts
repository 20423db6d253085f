import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../kernel/platform/db/database.js';
import type { Offers } from '../../../kernel/platform/offers.js';
import type { RemoteMarkets } from '../../../kernel/platform/product.js';
import { clientOrders, derivedClientId, type Market } from '../clientOrders.js';
import { signedRefusal, type binanceContext } from '../context.js';
import { listenKeyMissing, unknownError } from '../errors.js';
import { required } from '../params.js';
import { pairDirectory } from '../symbols.js';
import { attachBinanceStreams } from './hub.js';
import { ledgerCursors, ledgerSince } from './balanceUpdates.js';
import { futuresStreamsOf } from './futuresMount.js';
import type { Fill } from './userEvents.js';
import { listenKeyStore } from './listenKeys.js';
import { userDataStreams } from './userStreams.js';
import { attachWsApi } from './wsApi.js';

const FILL_PAGE = 1000;
const FILL_PAGES = 10;

/**
 * Binance's WebSocket streams on the server's own port (hub.ts: market streams; userStreams.ts and
 * futuresStreams.ts: spot's and USDⓈ-M futures' user data streams, both at /ws/<listenKey>) and the
 * listenKey calls (`/api/v3/userDataStream`, `/fapi/v1/listenKey`, the API key alone), all fed by
 * the gateway's pushes through the `channels` offer.
 */
export function binanceStreams(
  db: Database,
  offers: Offers,
  context: ReturnType<typeof binanceContext>,
  limits: { connectionsPerAddress?: number; trustedProxies?: readonly string[] } = {},
  remote?: RemoteMarkets,
) {
  return async (app: FastifyInstance) => {
    const pairs = pairDirectory(db);
    const ids = clientOrders(db);
    // The dialect keeps a client id once the order is placed, just after its push: a fresh order
    // read without one is read again a few times (up to 250 ms) before it is told as `ox<id>`.
    const clientIdOf = (market: Market) => async (userId: number, orderId: number, createdMs: number) => {
      for (let attempt = 0; ; attempt++) {
        const id = (await ids.idsOf(userId, market, [orderId])).get(orderId)!;
        if (id !== derivedClientId(orderId) || attempt === 5 || Date.now() - createdMs > 2000) return id;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const spotClientId = clientIdOf('spot');
    const users = userDataStreams({
      store: listenKeyStore(db, 'spot'),
      followUser: (userId, listener) => offers.use('channels')?.followUser(userId, listener) ?? (() => undefined),
      clientIdOf: (userId, order) => spotClientId(userId, order.id, order.created_at),
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
    const futures = futuresStreamsOf(db, offers, remote, clientIdOf('futures'));
    const hub = attachBinanceStreams(app.server, {
      pairOf: async (symbol) => {
        const pair = (await pairs.all()).get(symbol.toUpperCase());
        return pair && pair.trade_status === 1 ? { left: pair.left_symbol, right: pair.right_symbol } : undefined;
      },
      snapshot: (channel) => offers.use('channels')?.snapshot(channel),
      follow: (listener) => offers.use('channels')?.follow(listener) ?? (() => undefined),
      // A key is spot's or futures' (one table, a market each): spot's looked up first.
      privateStream: async (name) => (await users.claim(name)) ?? futures.claim(name),
      ...limits,
    });
    // The WebSocket API's user data stream (ccxt.pro's spot watchOrders, watchBalance): spot's events, subscribed by a signature.
    const wsApi = attachWsApi(app.server, {
      signedUser: async ({ apiKey, text, signature, timestamp, recvWindow, ip }) => {
        const keys = offers.use('apiKeys');
        if (!keys) throw unknownError();
        const checked = await keys.check({ query: `${text}&signature=${encodeURIComponent(signature)}`, body: '', apiKey, ip, timestamp, recvWindow, needs: 'read' });
        if (!checked.ok) throw signedRefusal(checked.reason);
        return checked.userId;
      },
      keyStillValid: async (apiKey, ip) => (await offers.use('apiKeys')?.owner(apiKey, ip).catch(() => undefined)) !== undefined,
      subscribeUser: (userId, push) => users.follow(userId, push),
      ...limits,
    });
    app.addHook('onClose', async () => {
      wsApi.close();
      hub.close();
      users.stop();
      futures.stop();
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
    // USDⓈ-M futures': Binance's keepalive and close there take no parameter (the user's one key)
    // and the keepalive answers the key; a `listenKey` sent (ccxt sends it) must be that key.
    const futuresKey = async (userId: number, given: string | undefined) => {
      const key = given ?? (await futures.liveKeyOf(userId));
      if (key === undefined) throw listenKeyMissing();
      return key;
    };
    route.keyed('POST', '/fapi/v1/listenKey', [], async ({ userId }) => ({ listenKey: await futures.create(userId) }));
    route.keyed('PUT', '/fapi/v1/listenKey', ['listenKey'], async ({ userId, params }) => {
      const listenKey = await futuresKey(userId, params['listenKey']);
      if (!(await futures.keepAlive(userId, listenKey))) throw listenKeyMissing();
      return { listenKey };
    });
    route.keyed('DELETE', '/fapi/v1/listenKey', ['listenKey'], async ({ userId, params }) => {
      if (!(await futures.close(userId, await futuresKey(userId, params['listenKey'])))) throw listenKeyMissing();
      return {};
    });
  };
}
