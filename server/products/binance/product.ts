import { defineProduct } from '../../kernel/platform/product.js';
import { commissionRoutes } from './commissionRoutes.js';
import { binanceContext } from './context.js';
import { convertDialect } from './convertRoutes.js';
import { futuresDialect } from './futuresRoutes.js';
import { spotDialect } from './spotRoutes.js';
import { binanceStreams } from './streams/mount.js';

/**
 * Binance's REST dialect on our own host (issue 36, docs/API.md "Binance-compatible REST"): spot
 * under /api/v3, USDT-M futures under /fapi, Convert under /sapi/v1/convert. It keeps no trading of
 * its own: every call is signed with an API key (server/products/apikeys) and answered by the spot,
 * futures and convert products' own use cases, which they offer through the kernel
 * (kernel/platform/offers.ts), never by importing them.
 */
export const binance = defineProduct({
  id: 'binance',
  create: ({ db, offers, config, remoteMarkets }) => {
    if (!offers) return {};
    return {
      routes: async (app) => {
        const context = binanceContext(app, offers);
        await spotDialect(db, offers, context)(app);
        await futuresDialect(offers, context)(app);
        await commissionRoutes(db, context)(app);
        await convertDialect(offers, context)(app);
        // Binance's WebSocket streams and listenKeys on the same port (streams/), fed by the gateway's pushes
        // (and, where futures runs apart, the futures stream's reads of the engine at its holder: `remoteMarkets`).
        await binanceStreams(db, offers, context, { connectionsPerAddress: config.socketsPerAddress, trustedProxies: config.trustedProxies }, remoteMarkets)(app);
      },
    };
  },
});
