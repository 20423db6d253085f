import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserChannelMessage } from '../domain/userChannel.js';
import type { ServerConfig } from './config.js';
import { followListedPairs, listPairs, PAIRS_CACHE, pairOpenings } from './kernel/platform/catalogue.js';
import { listenForRevocations } from './kernel/platform/auth/revocations.js';
import { listenForCacheChanges, onCacheChange } from './kernel/platform/caches.js';
import { accountRules } from './kernel/platform/ledger/accountRules.js';
import { decoyHash } from './kernel/platform/auth/passwords.js';
import { userIdForToken, sessionCache } from './kernel/platform/auth/sessions.js';
import type { Database } from './kernel/platform/db/database.js';
import { openDatabase } from './kernel/platform/db/open.js';
import { productHttp } from './kernel/platform/http/app.js';
import { firstAnswer, type Kernel, type ProductParts, type ServerProduct } from './kernel/platform/product.js';
import { createOffers } from './kernel/platform/offers.js';
import { ChannelRegistry } from './kernel/platform/realtime/channels.js';
import { attachRealtime, type Realtime } from './kernel/platform/realtime/gateway.js';
import { UserFeedPublisher } from './kernel/platform/realtime/userFeedPublisher.js';
import { joinSocketsStream, openClusterRedis } from './kernel/cluster/bus/cluster.js';
import { reportListeners, streamPublisher } from './kernel/cluster/bus/publisher.js';
import { followCluster, type ClusterFollower } from './kernel/cluster/shards/follower.js';
import { marketOwnership } from './kernel/cluster/shards/ownership.js';
import { fenceWrites, takeLease, whenLeaseLost, type ProcessLease, type StandbyHooks } from './kernel/cluster/shards/standby.js';
import { withApplicationName } from './kernel/platform/db/postgres.js';
import { productCallsForwarder } from './kernel/cluster/shards/productCalls.js';
import { productsApartOf } from './kernel/cluster/shards/processes.js';
import { pruneKeys } from './kernel/platform/idempotency.js';
import { pruneLoginFailures } from './kernel/platform/auth/loginThrottle.js';
import { holdDuties } from './kernel/cluster/shards/duties.js';
import { Loops } from './kernel/platform/loops.js';
import { productChannels } from './products/channels.js';
import { PRODUCTS } from './products/index.js';

/** How often spent idempotency keys are forgotten (header keys after a day, body keys after their window). */
const PRUNE_KEYS_EVERY_MS = 10 * 60_000;

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  realtime: Realtime;
  /** The private user channel's feed; products tell it what they changed after each commit. */
  userFeed: UserFeedPublisher;
  /** Whether a socket here, or on a realtime edge, follows the user's private channel. */
  userListening(userId: number): boolean;
  url: string;
  /** Its connections' application_name on a shared PostgreSQL: this run of the server. */
  instance: string;
  stop(): Promise<void>;
}

/**
 * Composition root: config → database → kernel → products (server/products/index.ts) → http →
 * realtime → listen → products start. Nothing here knows what a product does.
 */
export async function startServer(config: ServerConfig, products: readonly ServerProduct[] = PRODUCTS, standby: StandbyHooks = {}): Promise<RunningServer> {
  // Its connections carry its own name (pg_stat_activity shows who holds what; a test cuts one server off by it).
  const instance = `openex-server-${randomUUID().slice(0, 8)}`;
  const databaseUrl = config.databaseUrl && withApplicationName(config.databaseUrl, instance);
  // How long each step of the start took, logged once up (issue 10 counts the seconds of a cold start).
  const phases: string[] = [];
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const t = performance.now();
    phases.push(`${name} ${Math.round(t - phaseStart)} ms`);
    phaseStart = t;
  };
  const productSeeds = products.flatMap((p) => (p.seed ? [p.seed] : []));
  const opened = await openDatabase({ databaseUrl, dataDir: config.dataDir, embedded: config.embeddedDb, poolSize: config.databasePoolSize, productSeeds });
  // On a shared database one server runs; another started on it stands by until the lease is its own
  // (docs/ARCHITECTURE.md "Scale-out: standbys and takeover"), then starts as a restart would. A
  // cluster node's web part takes none: it serves beside the other nodes, and what would run twice
  // (markets, engines, timers) is each an entry of a lease of its own (startNode.ts).
  const lease = config.node ? undefined : await standByForServer(opened, Boolean(databaseUrl), standby);
  // On a shared PostgreSQL every write transaction is fenced by the lease's epoch (standby.ts fenceWrites): a server
  // cut off from the database while its standby took over is refused at its next write, and stops
  // (npm start exits 75), instead of writing beside it. Its own embedded database needs no fence.
  let stopOnLoss: (() => Promise<void>) | undefined;
  const db = lease && lease.epoch > 0
    ? fenceWrites(opened, lease, whenLeaseLost(standby, (message) => console.error(message), () => stopOnLoss?.()))
    : opened;
  // What products hold of rows any process may change (plat_config, halts, fee rates) is forgotten
  // when one says so — this one's own changes by the same path (kernel/platform/caches.ts).
  const stopHearing = await listenForCacheChanges(db);
  // The log and the gateway exist only once the HTTP app does; until then lines go nowhere and
  // pushes are dropped (nobody can have subscribed yet).
  let app: FastifyInstance | undefined;
  let gateway: Realtime | undefined;
  const log: Kernel['log'] = {
    info: (line) => app?.log.info(line),
    error: (message, error) => app?.log.error({ err: error }, message),
  };
  const pairs = pairOpenings(log.error);
  // A pair listed through another node opens here as one listed here does (before the products read the pairs).
  const unfollowPairs = await followListedPairs(db, pairs, log.error);
  // The channels sockets may join: the listed pairs', and those listed later on any node (below).
  const registry = new ChannelRegistry(await listPairs(db), productChannels);
  const parts: ProductParts[] = [];
  const ownSnapshot = (channel: string) => firstAnswer(parts, (part) => part.snapshot?.(channel));
  // In the cluster (REALTIME_BUS_URL) what its products publish and tell users goes to every socket
  // of the cluster through the sockets stream, its own sockets included (bus/publisher.ts); it
  // follows the entries' owners for their snapshots, paused markets and commands (MARKET_PROCESSES).
  const cluster = config.realtimeBus && openClusterRedis(config.realtimeBus, instance, log.error);
  const publisher = cluster && streamPublisher(cluster, ownSnapshot, instance);
  await publisher?.start();
  // This server's own sockets' feed: the kernel's in one process; in the cluster what the
  // publishers' notices name for the users on these sockets (the kernel's feed is then the publisher's).
  const userFeed = new UserFeedPublisher(
    db,
    { listening: (userId) => gateway?.userListening(userId) ?? false, send: (userId, message) => gateway?.publishToUser(userId, message) },
    log.error,
  );
  const processes = config.marketProcesses ?? new Map();
  const follower: ClusterFollower | undefined = cluster && (await followCluster(cluster, processes, (channel, payload) => gateway?.publish(channel, payload)));
  if (processes.size > 0 && !follower) throw new Error('MARKET_PROCESSES needs REALTIME_BUS_URL: the server reaches its market processes through Redis');
  const kernel: Kernel = {
    config,
    db,
    userFeed: publisher?.userFeed ?? userFeed,
    log,
    // Every product's rules, those of products running apart too: the wallet here applies them.
    accounts: accountRules(products.map((p) => p.accounts), log.error, products.map((p) => p.walletAccounts)),
    pairs,
    publish: (channel, payload) => (publisher ? publisher.publish(channel, payload) : gateway?.publish(channel, payload)),
    remoteMarkets: follower && processes.size > 0 ? follower.markets : undefined,
    offers: createOffers(),
  };

  phase('database');

  // Products MARKET_PROCESSES gives to processes of their own run there: their calls go there over the bus.
  const apart = productsApartOf(config, products);
  const here = products.filter((p) => !apart.includes(p));
  for (const product of here) parts.push(await product.create(kernel));
  // What a public channel shows now, from whichever product or entry owns it (the Binance dialect's market data).
  // Who follows the gateway's public pushes besides its sockets (the Binance streams).
  const pushFollowers = new Set<(channel: string, payload: object) => void>();
  // Who follows a user's private channel besides the sockets (a Binance user data stream), and who is told when that changes.
  const userFollowers = new Map<number, Set<(message: UserChannelMessage) => void>>();
  const userListeningListeners: Array<(userId: number, listening: boolean) => void> = [];
  kernel.offers!.offer('channels', {
    snapshot: (channel) => ownSnapshot(channel) ?? follower?.snapshot(channel),
    follow: (listener) => {
      pushFollowers.add(listener);
      return () => void pushFollowers.delete(listener);
    },
    followUser: (userId, listener) => {
      const held = userFollowers.get(userId) ?? new Set();
      userFollowers.set(userId, held.add(listener));
      if (held.size === 1) for (const told of userListeningListeners) told(userId, true);
      return () => {
        if (!held.delete(listener) || held.size > 0) return;
        userFollowers.delete(userId);
        for (const told of userListeningListeners) told(userId, false);
      };
    },
  });
  // One process runs each product that could run apart: a second server, or a product process, on
  // the same database refuses to start (kernel/cluster/shards/ownership.ts).
  const productLocks = marketOwnership(db);
  await productLocks.claim('product', here.filter((p) => p.apart).map((p) => p.id));

  // Readiness: /api requests that arrive after `listen` wait until every product has started.
  let started!: () => void;
  const readiness = new Promise<void>((resolve) => (started = resolve));
  app = await productHttp(config, db, parts, {
    readiness,
    trustedProxies: config.trustedProxies,
    channelSnapshot: (channel) => ownSnapshot(channel) ?? follower?.snapshot(channel),
    productCalls: apart.length > 0 ? productCallsForwarder(apart, (market, call) => kernel.remoteMarkets!.call(market, call), log.error) : undefined,
  });
  phase('http');
  await oneAtATime(config.node ? db : undefined, async () => {
    for (const [i, part] of parts.entries()) {
      await part.prepare?.();
      if (part.prepare) phase(`prepare ${here[i]!.id}`);
    }
  });
  // The books are built: every channel's snapshot for the cluster's gateways (an entry's owner does this in `announce`).
  publisher?.seed(registry.list());
  // Made before the first login, so a refusal for an unknown account never pays an extra hash.
  await decoyHash();
  await app.ready();
  const stopListening = await listenForRevocations(db);
  pairs.onOpened(({ left, right }) => registry.addSpotPair(left, right));
  // A pair's change on any process (a contract listed while running): its channels may be subscribed here from now on.
  const unhearChannels = onCacheChange(db, PAIRS_CACHE, () =>
    void listPairs(db).then(
      (listed) => registry.addPairs(listed),
      (error: unknown) => log.error('reading the pairs for the socket channels failed', error),
    ),
  );
  const realtime = attachRealtime(app.server, registry, {
    // A channel a product here serves (the pair list; a single server's markets), else its entry's owner's.
    snapshot: follower ? (channel) => { const own = ownSnapshot(channel); return own ? Promise.resolve(own) : follower.snapshot(channel); } : ownSnapshot,
    // Read while a socket, a Binance market stream or a user data stream (spot's, futures') follows here:
    // a node whose only client is a user data stream had skipped its user's notices.
    cluster: cluster ? (io, deliver) => joinSocketsStream(cluster, io, deliver, userFeed, () => pushFollowers.size > 0 || userFollowers.size > 0) : undefined,
    allowedOrigins: config.allowedOrigins,
    pushIntervalMs: config.pushIntervalMs,
    authenticate: (token) => userIdForToken(db, token),
    revocations: sessionCache,
    trustedProxies: config.trustedProxies,
    limits: config.socketsPerAddress === undefined ? undefined : { socketsPerAddress: config.socketsPerAddress },
    onPush: (channel, payload) => {
      for (const listener of pushFollowers) listener(channel, payload);
    },
    userFollowers: { has: (userId) => userFollowers.has(userId), users: () => [...userFollowers.keys()] },
    onUserPush: (userId, message) => {
      for (const listener of userFollowers.get(userId) ?? []) listener(message);
    },
  });
  gateway = realtime;
  // Who listens on this process's sockets, told to every owner.
  // (the users a Binance user data stream follows here included).
  const listeners = cluster && reportListeners(cluster, {
    listeningUsers: () => realtime.listeningUsers(),
    onUserListening: (listener) => {
      realtime.onUserListening(listener);
      userListeningListeners.push(listener);
    },
  }, instance);
  const address = await app.listen({ port: config.port, host: config.host });
  phase('listen');
  for (const part of parts) await part.start?.();
  started();
  phase('start');
  log.info(`started: ${phases.join(', ')}`);
  // The timed work one process of a cluster runs at a time, here at once unless another holds its
  // lease (kernel/cluster/shards/duties.ts); ended by the parts' stop and the loops' below.
  let stopping: Promise<void> | undefined;
  const pruning = new Loops(log.error, { unref: true });
  const duties = await holdDuties(
    db,
    async () => {
      pruning.every(PRUNE_KEYS_EVERY_MS, () => pruneKeys(db), 'pruning idempotency keys failed');
      pruning.every(PRUNE_KEYS_EVERY_MS, () => pruneLoginFailures(db), 'pruning stale sign-in failure counts failed');
      for (const part of parts) await part.duties?.();
    },
    (message, error) => (error === undefined ? log.info(message) : log.error(message, error)),
    { stopped: () => stopping !== undefined },
  );

  const running = app;
  const stop = () =>
    (stopping ??= (async () => {
        await pruning.stop();
        unhearChannels();
        unfollowPairs();
        for (const part of [...parts].reverse()) await part.stop?.();
        await duties.stop();
        await follower?.stop();
        await productLocks.release();
        await userFeed.idle();
        await publisher?.stop();
        await listeners?.stop();
        await stopListening();
        await realtime.close();
        await cluster?.close();
        await running.close();
        await stopHearing();
        await lease?.release();
        await db.close();
      })());
  stopOnLoss = stop;
  return {
    app: running,
    db,
    realtime,
    userFeed,
    userListening: (userId) => kernel.userFeed.listening?.(userId) ?? realtime.userListening(userId),
    url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
    instance,
    stop,
  };
}

/** Any constant: the same on every node sharing one PostgreSQL. */
const PREPARE_LOCK_KEY = 7_241_002;

/**
 * The products' prepare on a cluster node (the first admin's account, the ICO demo's projects):
 * nodes started together on a fresh database run it one after another, so a check-then-insert seed
 * never runs twice at once. A single server (no `db` given) just runs it.
 */
async function oneAtATime(db: Database | undefined, work: () => Promise<void>): Promise<void> {
  const session = await db?.session?.();
  if (!session) return work();
  try {
    await session.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    await work();
  } finally {
    await session.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]).catch(() => undefined);
    await session.close();
  }
}

/**
 * The server's lease (entry `server`), taken once its database is open: a second server on the same
 * PostgreSQL (or on a server's embedded one, through its socket) stands by here — no products, no
 * port — and starts as a restarted server would once the holder is gone. Fenced on a shared one.
 */
async function standByForServer(db: Database, fenced: boolean, hooks: StandbyHooks): Promise<ProcessLease> {
  const lease = await takeLease(db, ['server'], {
    fenced,
    stopped: hooks.stopped,
    onStandby: () => {
      console.log('standing by: another server runs on this database; taking over when its lease lapses');
      hooks.onStandby?.();
    },
  }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  if (lease) return lease;
  await db.close();
  throw new Error('stopped while standing by for the server');
}
