import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { WalletAccount } from '../../ledger/ledger.js';
import { userOfRoom } from '../channels.js';
import type { UserFeed, UserOrder } from '../userFeed.js';
import { clusterKeys, type ClusterKeys } from './messages.js';

/**
 * A process's connection to the cluster's Redis (REALTIME_BUS_URL): one writing connection, which
 * keeps the order of what it writes (a snapshot before the pushes it holds), and the names.
 */
export interface ClusterRedis {
  url: string;
  prefix: string;
  keys: ClusterKeys;
  writer: Redis;
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
 * Puts socket.io's Redis Streams adapter on a gateway's server, so a push any owner writes into the
 * cluster's stream reaches the sockets here, and hands those pushes to `deliver` (the gateway's
 * coalescer, which sends each socket one packet a turn and orders them with its subscriptions)
 * instead of letting the adapter write each to its room's sockets one by one; a user notice goes to
 * `notices`, this process's user feed, which reads the rows it names and pushes them to the user's
 * sockets here. Everything else the adapter carries (socket management, server-side emits) it
 * handles itself.
 */
export function joinSocketsStream(cluster: ClusterRedis, io: Server, deliver: (room: string, payload: object) => void, notices?: UserFeed): void {
  io.adapter(
    createAdapter(cluster.writer, {
      streamName: cluster.keys.sockets,
      maxLen: SOCKETS_STREAM_KEEP,
      blockTimeInMs: 1000,
      readCount: 500,
      channelPrefix: `${cluster.prefix}:socket.io`,
    }),
  );
  const adapter = io.of('/').adapter as unknown as { onMessage(message: ClusterMessage, offset?: string): void; onRawMessage(raw: { type?: string }, offset: string): void };
  // With no socket here (a cluster node's server, whose sockets are its front's) a push is skipped
  // before it is decoded: the stream carries every owner's pushes.
  const decode = adapter.onRawMessage.bind(adapter);
  adapter.onRawMessage = (raw, offset) => {
    if (raw.type === String(BROADCAST) && io.engine.clientsCount === 0) return;
    decode(raw, offset);
  };
  const original = adapter.onMessage.bind(adapter);
  adapter.onMessage = (message, offset) => {
    const push = pushOf(message);
    if (!push) return original(message, offset);
    const userId = userOfRoom(push.room);
    if (userId !== undefined && notices && 'notice' in push.payload) hearNotice(notices, userId, push.payload as UserNotice);
    else deliver(push.room, push.payload);
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

/** The adapter's message for a broadcast (socket.io-adapter's ClusterMessage, type BROADCAST = 3). */
interface ClusterMessage {
  type: number;
  data?: { packet?: { data?: unknown[] }; opts?: { rooms?: unknown[] }; requestId?: unknown };
}

/** An owner's push (owner.ts: one `data` event to one room, no acknowledgement), else undefined. */
function pushOf(message: ClusterMessage): { room: string; payload: object } | undefined {
  if (message.type !== BROADCAST || message.data?.requestId !== undefined) return undefined;
  const [event, payload] = message.data?.packet?.data ?? [];
  const rooms = message.data?.opts?.rooms ?? [];
  if (event !== 'data' || rooms.length !== 1 || typeof rooms[0] !== 'string' || typeof payload !== 'object' || payload === null) return undefined;
  return { room: rooms[0], payload };
}

const BROADCAST = 3;
/** socket.io-parser's EVENT packet. */
const EVENT = 2;

/**
 * The stream entry socket.io's Redis Streams adapter reads as a broadcast of `data` with `payload`
 * to `room` (its uid `emitter`, as socket.io's emitters write: no process answers it as its own).
 * An owner writes these itself, in the same pipeline as the snapshots they follow, rather than
 * through a socket.io Server of its own, which would also read every other owner's pushes.
 */
export function pushEntry(room: string, payload: object): string[] {
  const data = { packet: { type: EVENT, data: ['data', payload], nsp: '/' }, opts: { rooms: [room], except: [], flags: {} } };
  return ['uid', 'emitter', 'nsp', '/', 'type', String(BROADCAST), 'data', JSON.stringify(data)];
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
