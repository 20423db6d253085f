import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listPairs } from './kernel/catalogue.js';
import { listenForRevocations } from './kernel/auth/revocations.js';
import { userIdForToken, sessionCache } from './kernel/auth/sessions.js';
import type { Database } from './kernel/db/database.js';
import { openPostgres, withApplicationName } from './kernel/db/postgres.js';
import { ChannelRegistry } from './kernel/realtime/channels.js';
import { attachRealtime, type Realtime } from './kernel/realtime/gateway.js';
import { ChannelReplica } from './kernel/realtime/bus/channelReplica.js';
import { EdgeSync } from './kernel/realtime/bus/edgeSync.js';
import { openRedisBus } from './kernel/realtime/bus/redisBus.js';
import { reportListeners } from './kernel/realtime/bus/listenerReports.js';
import { UserFeedPublisher } from './kernel/realtime/userFeedPublisher.js';
import type { RemoteMarkets } from './kernel/product.js';
import { CommandClient } from './kernel/shards/commandClient.js';
import { followProcess, type FollowedProcess } from './kernel/shards/follower.js';
import { processOf, SERVER, type MarketProcesses } from './kernel/shards/processes.js';
import { productChannels } from './products/channels.js';
import { answerHealth } from './kernel/http/health.js';

export interface EdgeConfig {
  port: number;
  host: string;
  /** The serving process's PostgreSQL (sessions for the private channel, balances for its pushes). */
  databaseUrl: string;
  bus: { url: string; prefix: string };
  /**
   * The server's market processes (MARKET_PROCESSES, the same setting as the server's): the edge
   * follows each one's bus for its markets' channels and user notices, straight from the process.
   */
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
   * Commands to the spot markets it follows — each market process's, and the server's own for every
   * other market — over the bus each one publishes on, with the answers from its stream (an HTTP front).
   */
  remoteMarkets: RemoteMarkets;
  /** Where the server that serves now listens, as its beats say (undefined while none is known to serve). */
  serverUrl(): string | undefined;
  stop(): Promise<void>;
}

const EDGE_POOLS = { pool: 2, planOnce: 2 };

/**
 * A realtime edge (docs/ARCHITECTURE.md "Scale-out: realtime edges"): a process that serves only
 * the socket.io gateway — the same gateway, channels, refusals and private channel as the server's
 * — fed by the realtime bus instead of markets. The writes to hundreds of sockets (a fifth of the
 * serving process's event loop under load, bench/README.md) happen here, in as many processes as
 * there are edges.
 *
 * Composition: database (no migrations: the serving process owns the schema) → registry → gateway
 * with the channel replica's snapshots → user feed → bus. It listens once its first sync is in, so
 * no socket sees an empty book that the market has not.
 */
export async function startEdge(config: EdgeConfig): Promise<RunningEdge> {
  const log = config.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  // Few connections: token checks (mostly answered by the session cache) and one balance read at a
  // time (UserFeedPublisher); the server's pipeline must never wait for one the edges took.
  const db = config.db ?? (await openPostgres(withApplicationName(config.databaseUrl, `openex-edge-${randomUUID().slice(0, 8)}`), EDGE_POOLS));
  const own = !config.server;
  const http: Server =
    config.server ??
    createServer((request, response) => {
      // Sockets, and what a balancer asks (ready once the edge listens: after its first sync).
      if (answerHealth(request, response, () => http.listening)) return;
      // socket.io answers its own path before this handler runs.
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"code":404,"msg":"Not Found","data":null}');
    });
  const registry = new ChannelRegistry(await listPairs(db), productChannels);
  const replica = new ChannelReplica();
  // One replica per market process: a sync replaces everything its replica held.
  const processReplicas = [...(config.marketProcesses?.keys() ?? [])].map((name) => ({ name, replica: new ChannelReplica() }));
  const replicas = [...processReplicas.map((p) => p.replica), replica];
  const realtime = attachRealtime(http, registry, {
    snapshot: (channel) => ChannelReplica.snapshotOf(replicas, channel),
    allowedOrigins: config.allowedOrigins,
    pushIntervalMs: config.pushIntervalMs,
    authenticate: (token) => userIdForToken(db, token),
    revocations: sessionCache,
    trustedProxies: config.trustedProxies,
    limits: config.socketsPerAddress === undefined ? undefined : { socketsPerAddress: config.socketsPerAddress },
  });
  const feed = new UserFeedPublisher(db, { listening: (userId) => realtime.userListening(userId), send: (userId, message) => realtime.publishToUser(userId, message) }, log);
  const stopListening = await listenForRevocations(db);
  const bus = openRedisBus(config.bus.url, config.bus.prefix, log);

  // Who this edge is: in its listener reports, and as the sender of commands whose replies are its own.
  const edgeId = randomUUID();
  const toServer: CommandClient = new CommandClient(bus, edgeId, () => sync.serving);
  const announced = config.onPairOpened;
  const sync = new EdgeSync(bus, config.bus.prefix, {
    realtime,
    registry: announced ? { addChannels: (list) => registry.addChannels(list), addSpotPair: (left, right) => (registry.addSpotPair(left, right), announced(left, right)) } : registry,
    replica,
    feed,
    log,
    replies: (reply) => toServer.receive(reply),
  });
  await sync.start();
  // The market processes' markets, straight from each process's bus (not through the server); a
  // process that is down is followed when it is back.
  const processes = new Map<string, FollowedProcess>();
  for (const { name, replica: own } of processReplicas) {
    processes.set(name, await followProcess(config.bus, name, edgeId, { realtime, registry, replica: own, feed, log, name: `realtime edge (market process ${name})` }));
  }
  const processOfMarket = (market: string) => processOf(config.marketProcesses ?? new Map(), market);
  const remoteMarkets: RemoteMarkets = {
    processOf: (symbol) => processOfMarket(symbol) ?? SERVER,
    call: (market, command) => {
      const name = processOfMarket(market);
      return name ? processes.get(name)!.call(market, command) : toServer.call(market, command);
    },
  };

  // Who listens here, told to the server and to every process this edge follows.
  const listeners = reportListeners([bus, ...[...processes.values()].map((p) => p.bus)], realtime, edgeId, (message, error) => log(`realtime edge: ${message}`, error));
  let stopping: Promise<void> | undefined;

  // Listening once the server has answered.
  await sync.synced;
  if (own) await new Promise<void>((resolve) => http.listen(config.port, config.host, resolve));
  const address = own ? (http.address() as AddressInfo) : undefined;
  return {
    url: address ? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${address.port}` : '',
    realtime,
    db,
    remoteMarkets,
    serverUrl: () => sync.serverUrl,
    stop: () =>
      (stopping ??= (async () => {
        sync.stop();
        toServer.close();
        // The last, empty listener report goes to every bus before they close.
        await listeners.stop();
        await bus.close();
        for (const process of processes.values()) await process.stop();
        await feed.idle();
        await stopListening();
        await realtime.close();
        if (own) await new Promise<void>((resolve) => http.close(() => resolve()));
        if (!config.db) await db.close();
      })()),
  };
}
