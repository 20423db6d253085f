import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { WalletAccount } from '../../platform/ledger/ledger.js';
import { userOfRoom } from '../../platform/realtime/channels.js';
import type { UserFeed, UserOrder } from '../../platform/realtime/userFeed.js';
import { clusterKeys, jsonObject } from './messages.js';
import { followStream } from './streamLog.js';

/** A process's connection to the cluster's Redis (REALTIME_BUS_URL): one writer, which keeps the order of what it writes. `name`: its connections' in CLIENT LIST (`<prefix>:<process>`). */
export interface ClusterRedis {
  url: string;
  prefix: string;
  name: string;
  keys: ReturnType<typeof clusterKeys>;
  writer: Redis;
  log: (message: string, error?: unknown) => void;
  close(): Promise<void>;
}

export function openClusterRedis(bus: { url: string; prefix: string }, name: string, log: (message: string, error?: unknown) => void): ClusterRedis {
  // While Redis is down a command fails after one retry instead of waiting in the offline queue.
  const writer = new Redis(bus.url, { maxRetriesPerRequest: 1, enableAutoPipelining: true, connectionName: `${bus.prefix}:${name}` });
  let failing = false;
  writer.on('error', (error) => {
    if (!failing) log(`cluster redis (${name})`, error);
    failing = true;
  });
  writer.on('ready', () => (failing = false));
  const close = async () => void (await writer.quit().catch(() => writer.disconnect()));
  return { url: bus.url, prefix: bus.prefix, name: `${bus.prefix}:${name}`, keys: clusterKeys(bus.prefix), writer, log, close };
}

/** A pub/sub channel heard on a connection of its own (a subscribed connection can do nothing else); `subscribed` fails if Redis does not answer. */
export function hearChannel(cluster: ClusterRedis, channel: string, connection: string, heard: (text: string) => void): { subscribed: Promise<unknown>; stop(): void } {
  const listener = cluster.writer.duplicate({ connectionName: `${cluster.prefix}:${connection}` });
  listener.on('error', (error) => cluster.log(`cluster: hearing ${connection}`, error));
  listener.on('message', (_channel: string, text: string) => heard(text));
  return { subscribed: listener.subscribe(channel), stop: () => listener.disconnect() };
}

/** A gateway's side of the sockets stream (publisher.ts): a push to `deliver`, a user notice to `notices`, which reads the rows it names; `following`: the Binance streams follow here. */
export function joinSocketsStream(cluster: ClusterRedis, io: Server, deliver: (room: string, payload: object) => void, notices?: UserFeed, following?: () => boolean): () => void {
  const handle = (text: string) => {
    // No socket here and no one else following: skipped undecoded (the stream carries every owner's pushes).
    if (io.engine.clientsCount === 0 && !following?.()) return;
    const { room, payload } = jsonObject(text) ?? {};
    if (typeof room !== 'string' || typeof payload !== 'object' || payload === null) return;
    const userId = userOfRoom(room);
    if (userId !== undefined && notices && 'notice' in payload) hearNotice(notices, userId, payload as UserNotice);
    else deliver(room, payload);
  };
  const reading = followStream(cluster.url, cluster.keys.sockets, `${cluster.name}:sockets`, handle, cluster.log).catch((error: unknown) => {
    cluster.log('cluster: following the sockets stream failed', error);
  });
  return () => void reading.then((reader) => reader?.stop());
}

/** What an owner tells the gateways of a user's sockets, which read and push what it names. */
export type UserNotice =
  | { notice: 'balances'; rows: Array<{ currency: string; account: WalletAccount }> }
  | { notice: 'orders'; orders: UserOrder[] }
  | { notice: 'message'; message: UserChannelMessage };

function hearNotice(feed: UserFeed, userId: number, notice: UserNotice): void {
  if (notice.notice === 'balances') feed.balancesChanged(userId, notice.rows);
  else if (notice.notice === 'orders') feed.ordersCommitted(userId, notice.orders);
  else if (notice.notice === 'message') feed.message?.(userId, notice.message);
}

/** What a new subscriber to each channel gets now, as its owner last wrote it. */
export const readSnapshots = async (cluster: ClusterRedis, channels: readonly string[]): Promise<Array<object | undefined>> =>
  channels.length === 0 ? [] : (await cluster.writer.hmget(cluster.keys.snapshots, ...channels)).map(jsonObject);
export const readSnapshot = async (cluster: ClusterRedis, channel: string): Promise<object | undefined> => (await readSnapshots(cluster, [channel]))[0];
