import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import { followListedPairs, pairOpenings } from './kernel/platform/catalogue.js';
import type { Database } from './kernel/platform/db/database.js';
import { openPostgres, withApplicationName } from './kernel/platform/db/postgres.js';
import { untilPrepared } from './kernel/platform/db/migrate.js';
import { listenForCacheChanges } from './kernel/platform/caches.js';
import { productHttp } from './kernel/platform/http/app.js';
import type { Kernel, ProductParts, RemoteMarkets, ServerProduct } from './kernel/platform/product.js';
import { openClusterRedis } from './kernel/cluster/bus/cluster.js';
import { streamPublisher } from './kernel/cluster/bus/publisher.js';
import { processOf, SERVER } from './kernel/cluster/shards/processes.js';
import { productCallsForwarder } from './kernel/cluster/shards/productCalls.js';
import type { ServerAddresses } from './kernel/platform/http/forward.js';
import { productRoutes, productsApartOf } from './kernel/cluster/shards/productsApart.js';
import { startEdge, type RunningEdge } from './startEdge.js';
import { PRODUCTS } from './products/index.js';
import { accountRules } from './kernel/platform/ledger/accountRules.js';
import { markets } from './products/markets/product.js';
import { platform } from './products/platform/product.js';
import { spot } from './products/spot/product.js';
import { support } from './products/support/product.js';

/**
 * The products a front serves itself: spot's order calls (through commands), and the ones that
 * are reads and writes over the database alone — no timer, engine, upload or in-process state
 * (rate limits, codes) that a second process would duplicate: the platform configuration and
 * notes, the markets' reference data and candle history, the help centre and notifications. These
 * are most of what a page load and its polling call.
 */
export const FRONT_PRODUCTS: readonly ServerProduct[] = [platform, markets, support, spot];

export interface RunningFront {
  app: FastifyInstance;
  db: Database;
  edge: RunningEdge;
  url: string;
  stop(): Promise<void>;
}

/**
 * The spot calls' queries (orders and their pages, the session cache's misses, the row a cancel is
 * routed by), and the edge's: token checks and one balance read at a time.
 */
const FRONT_POOLS = { pool: 6, planOnce: 2 };

/**
 * A cluster node's HTTP front (docs/ARCHITECTURE.md "Scale-out: identical nodes"): what a load
 * balancer spreads the exchange's traffic over, one on every node. It serves the hot path itself —
 * the spot order calls, sending each order to the process that runs its market (the server's own
 * markets included) as a command over the bus — the calls of the products that need nothing but
 * the database (FRONT_PRODUCTS), and the client's files and sockets (a realtime edge on its own
 * HTTP server). Every other API call goes, as it came, to the server that holds the lease now
 * (kernel/platform/http/forward.ts): the other products keep their engines, timers and single-process state
 * there. A front runs no market, timer or market maker.
 *
 * Composition: database (the server's; no migrations) → the spot product with a kernel whose
 * markets are all remote → HTTP with the forwarder → the edge on its server (its first look at the
 * owners done) → listen.
 */
export async function startFront(given: ServerConfig & { frontPort: number }, products: readonly ServerProduct[] = FRONT_PRODUCTS): Promise<RunningFront> {
  // A front runs no duties (config.ts runsDuties): the serving server does.
  const config = { ...given, followServer: true };
  if (!config.realtimeBus) throw new Error('An HTTP front needs REALTIME_BUS_URL (the Redis its server and market processes publish to)');
  if (!config.databaseUrl) throw new Error("An HTTP front needs DATABASE_URL (its server's PostgreSQL)");
  const log: Kernel['log'] = {
    info: (line) => console.log(`[front] ${line}`),
    error: (message, error) => console.error(`[front] ${message}`, error ?? ''),
  };
  // Named like the server's and market processes' connections, so pg_stat_activity tells who holds what.
  const name = `front-${randomUUID().slice(0, 8)}`;
  const db = await openPostgres(withApplicationName(config.databaseUrl, `openex-${name}`), FRONT_POOLS);
  // Started together with the node that migrates a fresh database, the front waits for the schema
  // its products read (the pairs, the lease tables) and for the seed (issue 53 §2): it used to read
  // `pair` first and exit.
  try {
    await untilPrepared(db, { onWait: (pending) => log.info(`waiting for the database to be prepared (${pending.length} steps to go)`) });
  } catch (error) {
    await db.close();
    throw error;
  }
  // What its products hold of rows any process may change (plat_config, halts, fee rates) is
  // forgotten when that one says so (kernel/platform/caches.ts).
  let stopHearing: () => Promise<void>;
  try {
    stopHearing = await listenForCacheChanges(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const processes = config.marketProcesses ?? new Map();
  // The edge, which carries the commands, needs the HTTP server, which needs the routes: until it
  // is up (before listening) nothing calls a market.
  let edge: RunningEdge | undefined;
  const remoteMarkets: RemoteMarkets = {
    processOf: (symbol) => processOf(processes, symbol) ?? SERVER,
    call: (market, command) => edge!.remoteMarkets.call(market, command),
  };
  const pairs = pairOpenings(log.error);
  // A pair listed through another node is reached here as one listed here is (kernel/platform/catalogue.ts).
  const unfollowPairs = await followListedPairs(db, pairs, log.error).catch(async (error: unknown) => {
    await stopHearing();
    await db.close();
    throw error;
  });
  // What the calls served here change goes to every socket of the cluster, as an owner's does
  // (bus/publisher.ts): a notice published or a stop placed here is heard on every node.
  const cluster = openClusterRedis(config.realtimeBus, name, log.error);
  const publisher = streamPublisher(cluster, () => undefined, name, log.error);
  const kernel: Kernel = {
    config,
    db,
    userFeed: publisher.userFeed,
    log,
    accounts: accountRules(PRODUCTS.map((p) => p.accounts), log.error, PRODUCTS.map((p) => p.walletAccounts)),
    pairs,
    publish: publisher.publish,
    remoteMarkets,
  };
  const parts: ProductParts[] = [];
  let app: FastifyInstance | undefined;
  try {
    await publisher.start();
    for (const product of products) parts.push(await product.create(kernel));
    // Products that run in processes of their own (futures): their calls go there over the bus, not through the server.
    const apart = productsApartOf(config, PRODUCTS);
    app = await productHttp(config, db, parts, {
      // Wherever the server that serves now says it listens (its beat in the owners hash).
      forwardTo: followedServer(() => edge?.serverUrl()),
      productCalls: apart.length > 0 ? productCallsForwarder(productRoutes(apart), (market, call) => edge!.remoteMarkets.call(market, call), log.error) : undefined,
    });
    await app.ready();
    edge = await startEdge({
      port: config.frontPort,
      host: config.host,
      databaseUrl: config.databaseUrl,
      db,
      server: app.server,
      bus: config.realtimeBus,
      marketProcesses: processes,
      allowedOrigins: config.allowedOrigins,
      pushIntervalMs: config.pushIntervalMs,
      trustedProxies: config.trustedProxies,
      socketsPerAddress: config.socketsPerAddress,
      onPairOpened: (left, right) => pairs.announce({ left, right }),
      log: log.error,
    });
  } catch (error) {
    unfollowPairs();
    await app?.close();
    await publisher.stop();
    await cluster.close();
    await stopHearing();
    await db.close();
    throw error;
  }
  const address = await app.listen({ port: config.frontPort, host: config.host });
  const running = app;
  const followed = edge;
  let stopping: Promise<void> | undefined;
  return {
    app: running,
    db,
    edge: followed,
    url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
    stop: () =>
      (stopping ??= (async () => {
        unfollowPairs();
        for (const part of [...parts].reverse()) await part.stop?.();
        await followed.stop();
        await running.close();
        await publisher.stop();
        await cluster.close();
        await stopHearing();
        await db.close();
      })()),
  };
}

/**
 * The server a cluster node's front passes calls to: the one its edge follows, at the address its
 * beats give. None while no server is known to serve (the calls are refused at once, nothing sent);
 * a refused connection needs nothing here: its beats stop, and the next server's come.
 */
function followedServer(url: () => string | undefined): ServerAddresses {
  let last: { text: string; url: URL } | undefined;
  return {
    current() {
      const text = url();
      if (!text) return undefined;
      if (last?.text !== text) last = { text, url: new URL(text) };
      return last.url;
    },
  };
}
