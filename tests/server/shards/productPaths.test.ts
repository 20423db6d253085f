import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.js';
import { pairOpenings } from '../../../server/kernel/platform/catalogue.js';
import { noAccountRules } from '../../../server/kernel/platform/ledger/accountRules.js';
import type { Kernel } from '../../../server/kernel/platform/product.js';
import { registerRateLimits } from '../../../server/kernel/platform/http/rateLimit.js';
import { PRODUCTS } from '../../../server/products/index.js';
import { STREAM_READS_PATH } from '../../../server/products/binance/streams/futuresReads.js';
import { openTestDatabase } from '../testDb.js';

/**
 * A product that can run in a process of its own is reached there by its paths alone
 * (docs/ARCHITECTURE.md "Scale-out: product processes"): a route outside them would be answered by
 * the server, which does not run it. Every route each such product registers is under its paths.
 */
/** A kernel that publishes and logs nothing, without market makers: enough to create a product and list its routes. */
function quietKernel(db: Kernel['db'], config: Partial<Kernel['config']> = {}): Kernel {
  return {
    config: { ...readConfig({}), marketMakers: false, ...config },
    db,
    userFeed: { balancesChanged: () => undefined, ordersCommitted: () => undefined },
    log: { info: () => undefined, error: () => undefined },
    pairs: pairOpenings(),
    accounts: noAccountRules,
    publish: () => undefined,
  };
}

describe('products that run apart', () => {
  it('register every route under the paths they declare', async () => {
    const db = await openTestDatabase();
    try {
      const kernel = quietKernel(db);
      const apart = PRODUCTS.filter((p) => p.apart);
      expect(apart.map((p) => p.id)).toContain('futures');
      for (const product of apart) {
        const parts = await product.create(kernel);
        const app = Fastify();
        const urls: string[] = [];
        app.addHook('onRoute', (route) => void urls.push(route.url));
        await app.register(parts.routes!);
        await app.ready();
        expect(urls.length).toBeGreaterThan(0);
        expect(urls.filter((url) => !product.apart!.paths.some((prefix) => url.startsWith(prefix)))).toEqual([]);
        await app.close();
        await parts.stop?.();
      }
    } finally {
      await db.close();
    }
  });

  it("register every route under the paths they declare in their own process too (futures with the Binance dialect's engine calls), the nodes' stream reads apart", async () => {
    const db = await openTestDatabase();
    try {
      // As the futures entry's holder creates it (its kernel names the entry it holds).
      const kernel = quietKernel(db, { marketProcess: 'f1' });
      const futures = PRODUCTS.find((p) => p.id === 'futures')!;
      const parts = await futures.create(kernel);
      const app = Fastify();
      await registerRateLimits(app);
      const urls: string[] = [];
      app.addHook('onRoute', (route) => void urls.push(route.url));
      await app.register(parts.routes!);
      await app.ready();
      expect(urls).toContain('/fapi/v1/order');
      expect(urls).toContain('/api/futures/order');
      // Outside them: the dialect's ping and time, which every node answers itself (needing no engine),
      // and the holder's reads for the nodes' futures user data streams (by a live listenKey), which no node forwards.
      expect([...new Set(urls.filter((url) => !futures.apart!.paths.some((prefix) => url.startsWith(prefix))))].sort()).toEqual(['/fapi/v1/ping', '/fapi/v1/time', STREAM_READS_PATH]);
      await app.close();
      await parts.stop?.();
    } finally {
      await db.close();
    }
  });
});
