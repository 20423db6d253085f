import type { Redis } from 'ioredis';
import { userRoom } from '../../platform/realtime/channels.js';
import type { UserFeed } from '../../platform/realtime/userFeed.js';
import { pushEntry, SOCKETS_STREAM_KEEP, type ClusterRedis, type UserNotice } from './cluster.js';
import type { ListenerReport } from './messages.js';

export interface Publisher {
  /** A channel payload, to every socket on the channel in the cluster. Dropped before `start`. */
  publish(channel: string, payload: object): void;
  /**
   * The private channel's feed: what changed, as notices to the user's room, for the gateways that
   * have the user's sockets to read and push (their UserFeedPublisher: the balance reads stay with
   * the sockets, off the publisher's pool). A user listens if a socket anywhere does.
   */
  readonly userFeed: UserFeed & Required<Pick<UserFeed, 'listening' | 'message'>>;
  /** What a new subscriber to `channel` gets now: the source's snapshot, else the last payload published here. */
  latest(channel: string): object | undefined;
  /** Hears who listens (asking every gateway at once), and publishes from now on. */
  start(): Promise<void>;
  /** What is queued goes out; no more hearing. */
  stop(): Promise<void>;
}

/**
 * A process's side of the sockets stream (issue 53 §5): what its products publish and tell users,
 * to every socket of the cluster, whichever node serves the call that changed it. Every node has one
 * for the routes it serves (startFront); an entry's holder has its own inside its Owner (owner.ts).
 * What is published in one turn goes out in one pipeline on the cluster's writing connection: first
 * the snapshot each changed channel shows after the turn (the snapshots hash), then the pushes, as
 * entries of the sockets stream (cluster.ts pushEntry). Redis runs them in that order, so a gateway
 * that reads a snapshot has every push after it still to come from the stream (gateway.ts joins
 * the room before it reads). User notices go only to users some gateway reports listening.
 */
export function streamPublisher(
  cluster: ClusterRedis,
  /** The process's own snapshot of a channel it serves (a book); undefined: the last payload stands. */
  snapshot: (channel: string) => object | undefined,
  /** Its listener-report connection's name in CLIENT LIST. */
  name: string,
  log: (message: string, error?: unknown) => void,
): Publisher {
  const { keys, writer } = cluster;
  const last = new Map<string, object>();
  const changed = new Set<string>();
  const listeners = new Listeners();
  let queued: Array<{ room: string; payload: object }> = [];
  let scheduled = false;
  let started = false;
  let failing = false;
  let reports: Redis | undefined;

  const latest = (channel: string) => snapshot(channel) ?? last.get(channel);
  const flush = () => {
    scheduled = false;
    const pushes = queued;
    queued = [];
    const snapshots = [...changed].flatMap((channel) => {
      const now = latest(channel);
      return now ? [channel, JSON.stringify(now)] : [];
    });
    changed.clear();
    const pipeline = writer.pipeline();
    if (snapshots.length > 0) pipeline.hset(keys.snapshots, ...snapshots);
    for (const { room, payload } of pushes) pipeline.xadd(keys.sockets, 'MAXLEN', '~', String(SOCKETS_STREAM_KEEP), '*', ...pushEntry(room, payload));
    const failed = (error: unknown) => {
      if (error && !failing) log('cluster: pushing failed (dropped until Redis answers again)', error);
      failing = Boolean(error);
    };
    pipeline.exec().then((results) => failed(results?.find(([error]) => error)?.[0]), failed);
  };
  const send = (room: string, payload: object) => {
    queued.push({ room, payload });
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  const notify = (userId: number, notice: UserNotice) => {
    if (started && listeners.has(userId)) send(userRoom(userId), notice);
  };

  return {
    publish(channel, payload) {
      if (!started) return;
      const tagged = { ...payload, channel };
      last.set(channel, tagged);
      changed.add(channel);
      send(channel, tagged);
    },
    userFeed: {
      listening: (userId) => listeners.has(userId),
      balancesChanged: (userId, rows) => notify(userId, { notice: 'balances', rows: rows.map(({ currency, account }) => ({ currency, account })) }),
      ordersCommitted: (userId, orders) => notify(userId, { notice: 'orders', orders: [...orders] }),
      message: (userId, message) => notify(userId, { notice: 'message', message }),
    },
    latest,
    async start() {
      listeners.startHearing();
      reports = writer.duplicate({ connectionName: `${cluster.prefix}:listeners:${name}` });
      reports.on('error', (error) => log('cluster: listener reports', error));
      reports.on('message', (_channel: string, text: string) => listeners.hear(text, log));
      await reports.subscribe(keys.listeners);
      await writer.publish(keys.listenersAsked, name).catch(() => undefined);
      started = true;
    },
    async stop() {
      if (scheduled) flush();
      await reports?.quit().catch(() => reports?.disconnect());
    },
  };
}

/**
 * A socket-serving process reports its private channel's users after each change and every
 * LISTENER_HEARTBEAT_MS; one unheard of for three heartbeats is gone (stopped, crashed or cut off),
 * and its users with it.
 */
export const LISTENER_HEARTBEAT_MS = 5000;
/** How long the gateways have to answer a publisher that asks who listens: Redis's way and back, and a busy gateway. */
const LISTENER_REPORT_SLACK_MS = 1000;

class Listeners {
  private readonly edges = new Map<string, { users: Set<number>; heardAt: number }>();
  /**
   * For a moment after this publisher began to hear (it asks every gateway to report at once),
   * anyone may listen: an owner that just took an entry over would otherwise drop the notices of
   * users whose gateways have not answered yet. A gateway reads nothing for a user with no socket there.
   */
  private hearingSince = 0;

  startHearing(): void {
    this.hearingSince = Date.now();
  }

  hear(text: string, log: (message: string, error?: unknown) => void): void {
    try {
      const report = JSON.parse(text) as Partial<ListenerReport>;
      if (typeof report.edge !== 'string' || !Array.isArray(report.users) || !report.users.every(Number.isSafeInteger)) return;
      if (report.users.length === 0) this.edges.delete(report.edge);
      else this.edges.set(report.edge, { users: new Set(report.users), heardAt: Date.now() });
    } catch (error) {
      log('cluster: a listener report that is not JSON', error);
    }
  }

  has(userId: number): boolean {
    const now = Date.now();
    if (now - this.hearingSince < LISTENER_REPORT_SLACK_MS) return true;
    for (const [edge, { users, heardAt }] of this.edges) {
      if (now - heardAt > 3 * LISTENER_HEARTBEAT_MS) this.edges.delete(edge);
      else if (users.has(userId)) return true;
    }
    return false;
  }
}
