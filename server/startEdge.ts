import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listPairs } from './kernel/catalogue.js';
import { listenForRevocations } from './kernel/auth/revocations.js';
import { principalForToken } from './kernel/auth/sessions.js';
import type { Database } from './kernel/db/database.js';
import { openPostgres } from './kernel/db/postgres.js';
import { ChannelRegistry } from './kernel/realtime/channels.js';
import { attachRealtime, type Realtime } from './kernel/realtime/gateway.js';
import { ChannelReplica } from './kernel/realtime/bus/channelReplica.js';
import type { BusMessage } from './kernel/realtime/bus/messages.js';
import { openRedisBus } from './kernel/realtime/bus/redisBus.js';
import { LISTENER_HEARTBEAT_MS } from './kernel/realtime/bus/servingSide.js';
import { UserFeedPublisher } from './kernel/realtime/userFeedPublisher.js';

export interface EdgeConfig {
  port: number;
  host: string;
  /** The serving process's PostgreSQL (sessions for the private channel, balances for its pushes). */
  databaseUrl: string;
  bus: { url: string; prefix: string };
  allowedOrigins?: string[];
  pushIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface RunningEdge {
  url: string;
  realtime: Realtime;
  db: Database;
  stop(): Promise<void>;
}

const EDGE_POOLS = { pool: 2, planOnce: 2 };
/** How soon after a user starts or stops listening here the server hears of it. */
const LISTENER_REPORT_DELAY_MS = 50;

/** How long an edge waits for the serving process to answer its sync before asking again. */
const SYNC_RETRY_MS = 1000;

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
  const db = await openPostgres(config.databaseUrl, EDGE_POOLS);
  const http: Server = createServer((_request, response) => {
    // Only sockets are served here; socket.io answers its own path before this handler runs.
    response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"code":404,"msg":"Not Found","data":null}');
  });
  const registry = new ChannelRegistry(await listPairs(db));
  const replica = new ChannelReplica();
  const realtime = attachRealtime(http, registry, {
    snapshot: (channel) => replica.snapshot(channel),
    allowedOrigins: config.allowedOrigins,
    pushIntervalMs: config.pushIntervalMs,
    authenticate: async (token) => {
      const principal = await principalForToken(db, token);
      return principal?.kind === 'user' ? principal.id : undefined;
    },
  });
  const feed = new UserFeedPublisher(db, { listening: (userId) => realtime.userListening(userId), send: (userId, message) => realtime.publishToUser(userId, message) }, log);
  const stopListening = await listenForRevocations(db);
  const bus = openRedisBus(config.bus.url, config.bus.prefix, log);

  // Channel messages are dropped while a sync is awaited: the snapshot it brings already holds them.
  let awaiting: string | undefined;
  let instance: string | undefined;
  let firstSync: (() => void) | undefined;
  const synced = new Promise<void>((resolve) => (firstSync = resolve));
  let retry: NodeJS.Timeout | undefined;
  const resync = () => {
    awaiting = randomUUID();
    let asked = 0;
    const ask = () => {
      bus.requestSync(awaiting!).catch((error: unknown) => log('realtime edge: sync request failed', error));
      if (++asked === 5) log(`realtime edge: no answer from the server on bus ${config.bus.prefix} yet; still asking every second`, undefined);
      retry = setTimeout(ask, SYNC_RETRY_MS);
    };
    clearTimeout(retry);
    ask();
  };

  const receive = (message: BusMessage) => {
    switch (message.k) {
      case 'hello':
        // The serving process restarted: its books were rebuilt and their sequence numbers began again.
        if (message.instance !== instance) resync();
        return;
      case 'sync': {
        if (message.nonce !== awaiting) return;
        clearTimeout(retry);
        const again = instance !== undefined;
        awaiting = undefined;
        instance = message.instance;
        if (Array.isArray(message.channels)) registry.addChannels(message.channels);
        replica.load(message.snapshots);
        // After a restart, sockets already here get the rebuilt books and trades as fresh snapshots.
        if (again) for (const channel of Object.keys(message.snapshots)) resnapshot(channel);
        firstSync?.();
        return;
      }
      case 'channel':
        if (awaiting) return;
        replica.fold(message.channel, message.payload);
        realtime.publish(message.channel, message.payload);
        return;
      case 'orders':
        return feed.ordersCommitted(message.userId, message.orders);
      case 'balances':
        return feed.balancesChanged(message.userId, message.rows);
      case 'user':
        return feed.message(message.userId, message.message);
      case 'pair':
        return registry.addSpotPair(message.left, message.right);
    }
  };
  const resnapshot = (channel: string) => {
    const snapshot = replica.snapshot(channel) as { kind?: string } | undefined;
    if (snapshot?.kind === 'snapshot' && realtime.subscriberCount(channel) > 0) realtime.publish(channel, snapshot);
  };

  // Who listens here, for the server's products that build private pushes only for listeners:
  // reported shortly after a change (changes in a burst go together) and as a heartbeat.
  const edgeId = randomUUID();
  let reportDue: NodeJS.Timeout | undefined;
  const report = () => {
    clearTimeout(reportDue);
    reportDue = undefined;
    bus.reportListeners({ edge: edgeId, users: realtime.listeningUsers() }).catch((error: unknown) => log('realtime edge: listener report failed', error));
  };
  realtime.onUserListening(() => (reportDue ??= setTimeout(report, LISTENER_REPORT_DELAY_MS)));
  const heartbeat = setInterval(report, LISTENER_HEARTBEAT_MS);
  heartbeat.unref();

  bus.onResubscribed(() => {
    log('realtime edge: the bus is back; syncing again', undefined);
    resync();
  });
  await bus.onStream((messages) => {
    for (const message of messages) {
      try {
        receive(message);
      } catch (error) {
        log('realtime edge: a bus message failed', error);
      }
    }
  });
  resync();
  await synced;
  await new Promise<void>((resolve) => http.listen(config.port, config.host, resolve));
  const address = http.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${address.port}`,
    realtime,
    db,
    stop: () =>
      (stopping ??= (async () => {
        clearTimeout(retry);
        clearInterval(heartbeat);
        clearTimeout(reportDue);
        // The server forgets this edge's listeners now rather than after three missed heartbeats.
        await bus.reportListeners({ edge: edgeId, users: [] }).catch(() => undefined);
        await bus.close();
        await feed.idle();
        await stopListening();
        await realtime.close();
        await new Promise<void>((resolve) => http.close(() => resolve()));
        await db.close();
      })()),
  };
}
