import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { WalletAccount } from '../../platform/ledger/ledger.js';
import { userOfRoom } from '../../platform/realtime/channels.js';
import type { UserFeed, UserOrder } from '../../platform/realtime/userFeed.js';
import { clusterKeys, type ClusterKeys } from './messages.js';
import { followStream } from './streamLog.js';

/**
 * A process's connection to the cluster's Redis (REALTIME_BUS_URL): one writing connection, which
 * keeps the order of what it writes (a snapshot before the pushes it holds), and the names.
 */
export interface ClusterRedis {
  url: string;
  prefix: string;
  /** Its connections' name in CLIENT LIST (`<prefix>:<process>`). */
  name: string;
  keys: ClusterKeys;
  writer: Redis;
  log: (message: string, error?: unknown) => void;
  close(): Promise<void>;
}

export function openClusterRedis(bus: { url: string; prefix: string }, name: string, log: (message: string, error?: unknown) => void): ClusterRedis {
  // A command fails after one reconnect attempt while Redis is down, instead of waiting in the
  // offline queue through twenty; the connection reconnects by itself. Commands of one turn go
  // out in one write (auto-pipelining).
  const writer = new Redis(bus.url, { maxRetriesPerRequest: 1, enableAutoPipelining: true, connectionName: `${bus.prefix}:${name}` });
  let failing = false;
  writer.on('error', (error) => {
    if (!failing) log(`cluster redis (${name})`, error);
    failing = true;
  });
  writer.on('ready', () => (failing = false));
  return {
    url: bus.url,
    prefix: bus.prefix,
    name: `${bus.prefix}:${name}`,
    log,
    keys: clusterKeys(bus.prefix),
    writer,
    close: async () => void (await writer.quit().catch(() => writer.disconnect())),
  };
}

/**
 * How many pushes the sockets' stream keeps (approximately: trimming is cheap so). A socket-serving
 * process that loses Redis for a moment reads on from its last entry; at a few thousand pushes a
 * second this is several seconds of them.
 */
export const SOCKETS_STREAM_KEEP = 20_000;

/**
 * Follows the cluster's sockets stream (one stream of our own, written by the owners: owner.ts) for
 * a gateway: each push goes to `deliver` (the gateway's coalescer, which sends each socket one
 * packet a turn and orders them with its subscriptions); a user notice goes to `notices`, this
 * process's user feed, which reads the rows it names and pushes them to the user's sockets here.
 * A reader whose connection broke reads on from the last entry it read, as long as the stream keeps
 * it. Answers the stop. (Until issue 53 this was socket.io's Redis Streams adapter with its private
 * handlers overridden and its wire format written by hand; the gateways use no cross-process
 * socket.io feature, so the adapter carried nothing else.)
 */
export function joinSocketsStream(cluster: ClusterRedis, io: Server, deliver: (room: string, payload: object) => void, notices?: UserFeed): () => void {
  let stopped = false;
  let reading: { stop(): void } | undefined;
  const handle = (text: string) => {
    // With no socket here (a cluster node's server, whose sockets are its front's) a push is skipped
    // before it is decoded: the stream carries every owner's pushes.
    if (io.engine.clientsCount === 0) return;
    const push = pushOf(text);
    if (!push) return;
    const userId = userOfRoom(push.room);
    if (userId !== undefined && notices && 'notice' in push.payload) hearNotice(notices, userId, push.payload as UserNotice);
    else deliver(push.room, push.payload);
  };
  followStream(cluster.url, cluster.keys.sockets, `${cluster.name}:sockets`, handle, cluster.log).then(
    (reader) => (stopped ? reader.stop() : (reading = reader)),
    (error: unknown) => cluster.log('cluster: following the sockets stream failed', error),
  );
  return () => {
    stopped = true;
    reading?.stop();
  };
}

/**
 * What an owner tells the gateways of a user's sockets (owner.ts userFeed), which read and push what
 * it names through their own feed, as the kernel's UserFeed calls would on one process.
 */
export type UserNotice =
  | { notice: 'balances'; rows: Array<{ currency: string; account: WalletAccount }> }
  | { notice: 'orders'; orders: UserOrder[] }
  | { notice: 'message'; message: UserChannelMessage };

function hearNotice(feed: UserFeed, userId: number, notice: UserNotice): void {
  if (notice.notice === 'balances' && Array.isArray(notice.rows)) feed.balancesChanged(userId, notice.rows);
  else if (notice.notice === 'orders' && Array.isArray(notice.orders)) feed.ordersCommitted(userId, notice.orders);
  else if (notice.notice === 'message' && typeof notice.message === 'object' && notice.message !== null) feed.message?.(userId, notice.message);
}

/** An owner's push as the sockets stream carries it (pushEntry), else undefined. */
function pushOf(text: string): { room: string; payload: object } | undefined {
  try {
    const { room, payload } = JSON.parse(text) as { room?: unknown; payload?: unknown };
    return typeof room === 'string' && typeof payload === 'object' && payload !== null ? { room, payload } : undefined;
  } catch {
    return undefined;
  }
}

/** The sockets stream's entry for a push of `payload` to `room`'s sockets: its one field, `m`. */
export function pushEntry(room: string, payload: object): string[] {
  return ['m', JSON.stringify({ room, payload })];
}

/** What a new subscriber to `channel` gets now, as its owner last wrote it; undefined if none has. */
export async function readSnapshot(cluster: ClusterRedis, channel: string): Promise<object | undefined> {
  return (await readSnapshots(cluster, [channel]))[0];
}

export async function readSnapshots(cluster: ClusterRedis, channels: readonly string[]): Promise<Array<object | undefined>> {
  if (channels.length === 0) return [];
  return (await cluster.writer.hmget(cluster.keys.snapshots, ...channels)).map(parsed);
}

function parsed(text: string | null | undefined): object | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
