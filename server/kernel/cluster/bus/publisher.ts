import { userRoom } from '../../platform/realtime/channels.js';
import type { Realtime } from '../../platform/realtime/gateway.js';
import type { UserFeed } from '../../platform/realtime/userFeed.js';
import { hearChannel, type ClusterRedis, type UserNotice } from './cluster.js';
import { jsonObject, LISTENER_HEARTBEAT_MS, type ListenerReport } from './messages.js';

/** Pushes the sockets stream keeps (approximately): seconds of them, for a reader that lost Redis a moment. */
const SOCKETS_STREAM_KEEP = 20_000;
/** How long the gateways have to answer a publisher that asks who listens: Redis's way and back, and a busy gateway. */
const LISTENER_REPORT_SLACK_MS = 1000;
/** How soon after a user starts or stops listening here the owners hear of it (a burst goes together). */
const LISTENER_REPORT_DELAY_MS = 20;

export interface Publisher {
  /** To every socket on the channel in the cluster. Dropped before `start`. */
  publish(channel: string, payload: object): void;
  /** Notices to the user's room: the gateways with the user's sockets read the rows (off this pool) and push them. */
  readonly userFeed: UserFeed & Required<Pick<UserFeed, 'listening' | 'message'>>;
  /** What a new subscriber to `channel` gets now: the source's snapshot, else the last payload published here. */
  latest(channel: string): object | undefined;
  /** Writes these channels' snapshots, pushing nothing: else a page subscribing before a channel's first publish (a market's trades) gets none to apply updates to. */
  seed(channels: readonly string[]): void;
  /** Hears who listens (asking every gateway at once), and publishes from now on. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A process's side of the sockets stream (docs/ARCHITECTURE.md "Scale-out: every process publishes"). One turn is one
 * pipeline, the changed channels' snapshots before the pushes, so a gateway that reads a snapshot (after joining the
 * room, gateway.ts) gets every later push. User notices go only to users some gateway reports listening. `snapshot`:
 * the process's own (a book), else the last payload.
 */
export function streamPublisher(cluster: ClusterRedis, snapshot: (channel: string) => object | undefined, name: string): Publisher {
  const { keys, writer, log } = cluster;
  const last = new Map<string, object>();
  const changed = new Set<string>();
  const listeners = listenersHeard();
  const queued: Array<{ room: string; payload: object }> = [];
  let started = false;
  let failing = false;
  let reports: ReturnType<typeof hearChannel> | undefined;
  const latest = (channel: string) => snapshot(channel) ?? last.get(channel);
  const failed = (error: unknown) => {
    if (error && !failing) log('cluster: pushing failed (dropped until Redis answers again)', error);
    failing = Boolean(error);
  };
  const flush = () => {
    const snapshots = [...changed].map((channel) => [channel, latest(channel)] as const).flatMap(([channel, now]) => (now ? [channel, JSON.stringify(now)] : []));
    changed.clear();
    const pipeline = writer.pipeline();
    if (snapshots.length > 0) pipeline.hset(keys.snapshots, ...snapshots);
    // Each push an entry of one field, `m` (joinSocketsStream reads it).
    for (const { room, payload } of queued.splice(0)) pipeline.xadd(keys.sockets, 'MAXLEN', '~', String(SOCKETS_STREAM_KEEP), '*', 'm', JSON.stringify({ room, payload }));
    pipeline.exec().then((results) => failed(results?.find(([error]) => error)?.[0]), failed);
  };
  const send = (room: string, payload: object) => {
    if (queued.push({ room, payload }) === 1) setImmediate(flush);
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
    seed(channels) {
      if (!started) return;
      for (const channel of channels) changed.add(channel);
      setImmediate(flush);
    },
    async start() {
      listeners.startHearing();
      reports = hearChannel(cluster, keys.listeners, `listeners:${name}`, (text) => listeners.hear(jsonObject(text) as Partial<ListenerReport> | undefined));
      await reports.subscribed;
      await writer.publish(keys.listenersAsked, name).catch(() => undefined);
      started = true;
    },
    async stop() {
      if (queued.length > 0) flush();
      reports?.stop();
    },
  };
}

/** The users each gateway reported (reportListeners); a gateway unheard for three heartbeats is gone. */
function listenersHeard() {
  const edges = new Map<string, { users: Set<number>; heardAt: number }>();
  // Just after it began to hear, anyone may listen: a new holder would otherwise drop the notices of users whose gateways have not answered yet.
  let hearingSince = 0;
  return {
    startHearing: () => void (hearingSince = Date.now()),
    hear(report: Partial<ListenerReport> | undefined) {
      if (typeof report?.edge !== 'string' || !Array.isArray(report.users)) return;
      if (report.users.length === 0) edges.delete(report.edge);
      else edges.set(report.edge, { users: new Set(report.users), heardAt: Date.now() });
    },
    has(userId: number): boolean {
      const now = Date.now();
      if (now - hearingSince < LISTENER_REPORT_SLACK_MS) return true;
      for (const [edge, { users, heardAt }] of edges) {
        if (now - heardAt > 3 * LISTENER_HEARTBEAT_MS) edges.delete(edge);
        else if (users.has(userId)) return true;
      }
      return false;
    },
  };
}

/**
 * A gateway's side: who has a socket on the private channel here, told to every publisher for the products that build
 * private pushes only for listeners (seconds' settlement): after a change and as a heartbeat. `stop` reports no one, so
 * the publishers forget these users at once.
 */
export function reportListeners(cluster: ClusterRedis, sockets: Pick<Realtime, 'listeningUsers' | 'onUserListening'>, reporter: string): { stop(): Promise<void> } {
  const { writer, keys, log } = cluster;
  let due: NodeJS.Timeout | undefined;
  let stopped = false;
  const say = (users: number[]) => writer.publish(keys.listeners, JSON.stringify({ edge: reporter, users } satisfies ListenerReport));
  const report = () => {
    clearTimeout(due);
    due = undefined;
    if (!stopped) say(sockets.listeningUsers()).catch((error: unknown) => log('listener report failed', error));
  };
  sockets.onUserListening(() => (due ??= setTimeout(report, LISTENER_REPORT_DELAY_MS)));
  const heartbeat = setInterval(report, LISTENER_HEARTBEAT_MS);
  heartbeat.unref();
  // A publisher that begins asks, and hears at once rather than at the next heartbeat.
  const asked = hearChannel(cluster, keys.listenersAsked, 'listeners-asked', report);
  asked.subscribed.catch((error: unknown) => log('listener requests', error));
  report();
  return {
    async stop() {
      stopped = true;
      clearTimeout(due);
      clearInterval(heartbeat);
      asked.stop();
      await say([]).catch(() => undefined);
    },
  };
}
