import { createOffers } from '../kernel/platform/offers.js';
import { defineProduct } from '../kernel/platform/product.js';
import { openKeyStore } from './apikeys/product.js';
import { engineNoAnswer, engineUnreachable } from './binance/errors.js';
import { FUTURES_ENGINE_PATHS, futuresDialectApart } from './binance/futuresRoutes.js';
import { futures } from './futures/product.js';

/**
 * Futures as the server composes it: the product itself, and, where it runs apart (a process of its
 * own, a cluster node's entry: docs/ARCHITECTURE.md "Scale-out: product processes"), the Binance
 * dialect's calls that need its engine beside it. Those paths (binance/futuresRoutes.ts) join the
 * product's, so every node sends them whole to the engine's holder as it sends /api/futures/, and
 * there they go through the dialect's own routes over the engine's offer — where the browser's and
 * a bot's orders take the same path as on a single server. A server that runs futures itself
 * creates the product alone: its Binance product answers /fapi there.
 */
export const futuresComposed = defineProduct({
  ...futures,
  apart: {
    paths: [...futures.apart!.paths, ...FUTURES_ENGINE_PATHS],
    // A bot's call refused as Binance refuses it (HTTP 503, -1001 or -1007), not in the browser's envelope.
    refusal: (path, maybeDone) => {
      if (!path.startsWith('/fapi/')) return undefined;
      const refused = maybeDone ? engineNoAnswer() : engineUnreachable();
      return { status: refused.status, body: refused.toBody() };
    },
  },
  create: async (kernel) => {
    if (kernel.config.marketProcess === undefined) return futures.create(kernel);
    // The holder's kernel offers nothing (no other product runs here): the dialect's needs are offered
    // to it alone — the engine (by the product's own create), the API keys' check and the engine's channels.
    const offers = createOffers();
    const parts = await futures.create({ ...kernel, offers });
    offers.offer('apiKeys', openKeyStore(kernel.db, kernel.config));
    offers.offer('channels', {
      snapshot: (channel) => parts.snapshot?.(channel),
      // No socket and no stream here: the user data streams are the nodes' (binance/streams).
      follow: () => () => undefined,
      followUser: () => () => undefined,
    });
    return {
      ...parts,
      routes: async (app) => {
        if (parts.routes) await app.register(parts.routes);
        await app.register(futuresDialectApart(kernel.db, offers));
      },
    };
  },
});
