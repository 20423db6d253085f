import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listPairs } from './kernel/platform/catalogue.js';
import { listenForRevocations } from './kernel/platform/auth/revocations.js';
import { userIdForToken, sessionCache } from './kernel/platform/auth/sessions.js';
import type { Database } from './kernel/platform/db/database.js';
import { openPostgres, withApplicationName } from './kernel/platform/db/postgres.js';
import { ChannelRegistry } from './kernel/platform/realtime/channels.js';
import { attachRealtime, type Realtime } from './kernel/platform/realtime/gateway.js';
import { joinSocketsStream, openClusterRedis } from './kernel/cluster/bus/cluster.js';
import { reportListeners } from './kernel/cluster/bus/listenerReports.js';
import type { RemoteMarkets } from './kernel/platform/product.js';
import { followCluster, remoteMarketsOf, type ClusterFollower } from './kernel/cluster/shards/follower.js';
import { SERVER, type MarketProcesses } from './kernel/cluster/shards/processes.js';
import { productChannels } from './products/channels.js';
import { answerHealth } from './kernel/platform/http/health.js';
import { UserFeedPublisher } from './kernel/platform/realtime/userFeedPublisher.js';

export interface EdgeConfig {
  port: number;
  host: string;
  /** The serving process's PostgreSQL (sessions for the private channel, balances for its pushes). */
  databaseUrl: string;
  bus: { url: string; prefix: string };
  /** The server's market processes (MARKET_PROCESSES, the same setting as the server's): where commands for their markets go. */
  marketProcesses?: MarketProcesses;
  allowedOrigins?: string[];
  pushIntervalMs?: number;
  /** TRUSTED_PROXIES: the reverse proxy in front of the edges, so sockets are counted per client address, not per proxy. */
  trustedProxies?: string[];
  /** SOCKETS_PER_ADDRESS (0: no cap). */
  socketsPerAddress?: number;
  log?: (message: string, error?: unknown) => void;
  /**
   * An HTTP front's own server (docs/ARCHITECTURE.md "Scale-out: HTTP fronts"): the sockets are
   * served on it instead of on one of the edge's own on `port`, and the caller listens and closes it.
   */
  server?: Server;
  /** An HTTP front's database, shared with its spot calls (the caller closes it); else the edge opens its own. */
  db?: Database;
  /** A pair the server opened while running (its `pair` message): an HTTP front reaches its market. */
  onPairOpened?(left: string, right: string): void;
}

export interface RunningEdge {
  /** Where its sockets are served (empty when they are on the caller's `server`). */
  url: string;
  realtime: Realtime;
  db: Database;
  /**
   * Commands to the spot markets — each entry's holder's, and the server's own for every other
   * market — through their command queues, answered in this edge's reply stream (an HTTP front).
   */
  remoteMarkets: RemoteMarkets;
  /** Where the server that serves now listens, as its beats say (undefined while none is known to serve). */
  serverUrl(): string | undefined;
  stop(): Promise<void>;
}

const EDGE_POOLS = { pool: 2, planOnce: 2 };

/**
 * A realtime edge (docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's Redis adapter"): a
 * process that serves only the socket.io gateway — the same gateway, channels, refusals and
 * private channel as the server's — with socket.io's Redis Streams adapter bringing every owner's
 * pushes, and snapshots read from the cluster's Redis. The writes to hundreds of sockets (a fifth
 * of the serving process's event loop under load, bench/README.md) happen here, in as many
 * processes as there are edges.
 *
 * Composition: database (token checks and the private channel's balance reads; no migrations: the
 * server owns the schema) → registry → gateway on the adapter, with its user feed → the owners (first
 * look before listening) → listener reports.
 */
export async function startEdge(config: EdgeConfig): Promise<RunningEdge> {
  const log = config.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  // Few connections: token checks (mostly answered by the session cache) and one balance read at a
  // time (UserFeedPublisher); the server's pipeline must never wait for one the edges took.
  const edgeId = randomUUID().slice(0, 8);
  const db = config.db ?? (await openPostgres(withApplicationName(config.databaseUrl, `openex-edge-${edgeId}`), EDGE_POOLS));
  const own = !config.server;
  const http: Server =
    config.server ??
    createServer((request, response) => {
      // Sockets, and what a balancer asks (ready once the edge listens: after its first look at the owners).
      if (answerHealth(request, response, () => http.listening)) return;
      // socket.io answers its own path before this handler runs.
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"code":404,"msg":"Not Found","data":null}');
    });
  const registry = new ChannelRegistry(await listPairs(db), productChannels);
  const cluster = openClusterRedis(config.bus, `edge-${edgeId}`, log);
  let follower: ClusterFollower | undefined;
  // The private channel: the owners' notices name what changed; the rows are read here, for the sockets here.
  const feed = new UserFeedPublisher(db, { listening: (userId) => realtime.userListening(userId), send: (userId, message) => realtime.publishToUser(userId, message) }, log);
  const realtime = attachRealtime(http, registry, {
    snapshot: (channel) => follower?.snapshot(channel) ?? Promise.resolve(undefined),
    cluster: (io, deliver) => joinSocketsStream(cluster, io, deliver, feed),
    allowedOrigins: config.allowedOrigins,
    pushIntervalMs: config.pushIntervalMs,
    authenticate: (token) => userIdForToken(db, token),
    revocations: sessionCache,
    trustedProxies: config.trustedProxies,
    limits: config.socketsPerAddress === undefined ? undefined : { socketsPerAddress: config.socketsPerAddress },
  });
  const stopListening = await listenForRevocations(db);
  const announced = config.onPairOpened;
  follower = await followCluster(cluster, {
    publish: (channel, payload) => realtime.publish(channel, payload),
    addChannels: (channels) => {
      // A spot pair listed while running: its depth channel is new here (an HTTP front reaches its market).
      if (announced) for (const pair of newSpotPairs(registry, channels)) announced(pair.left, pair.right);
      registry.addChannels(channels);
    },
    log,
  });
  const remoteMarkets = remoteMarketsOf(follower, config.marketProcesses ?? new Map(), SERVER);
  // Who listens here, told to every owner.
  const listeners = reportListeners(cluster, realtime, `edge-${edgeId}`, (message, error) => log(`realtime edge: ${message}`, error));
  let stopping: Promise<void> | undefined;

  if (own) await new Promise<void>((resolve) => http.listen(config.port, config.host, resolve));
  const address = own ? (http.address() as AddressInfo) : undefined;
  const following = follower;
  return {
    url: address ? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${address.port}` : '',
    realtime,
    db,
    remoteMarkets,
    serverUrl: () => following.view.urlOf(SERVER),
    stop: () =>
      (stopping ??= (async () => {
        // The last, empty listener report goes out before the connection closes.
        await listeners.stop();
        await following.stop();
        await feed.idle();
        await stopListening();
        await realtime.close();
        await cluster.close();
        if (own) await new Promise<void>((resolve) => http.close(() => resolve()));
        if (!config.db) await db.close();
      })()),
  };
}

/** Spot pairs whose depth channel `channels` lists and `registry` does not know yet. */
function newSpotPairs(registry: ChannelRegistry, channels: readonly string[]): Array<{ left: string; right: string }> {
  return channels.flatMap((channel) => {
    const match = /^([a-z0-9]+)_([a-z0-9]+)_depth$/.exec(channel);
    return match && !registry.has(channel) ? [{ left: match[1]!.toUpperCase(), right: match[2]!.toUpperCase() }] : [];
  });
}
