import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { userRoom } from '../../platform/realtime/channels.js';
import type { UserFeed } from '../../platform/realtime/userFeed.js';
import { pushEntry, SOCKETS_STREAM_KEEP, type ClusterRedis, type UserNotice } from './cluster.js';
import { ALIVE_EVERY_MS, type CommandReply, type ListenerReport, type OwnerBeat } from './messages.js';
import { appendTrimmed } from './streamLog.js';

/** What an owner's products and markets serve: every channel, and what a new subscriber to one gets now. */
export interface ChannelSource {
  channels(): string[];
  snapshot(channel: string): object | undefined;
}

export interface Owner {
  readonly instance: string;
  /** A channel payload, to every socket on the channel in the cluster. Dropped before `announce`. */
  publish(channel: string, payload: object): void;
  /**
   * The private channel's feed: what changed, as notices to the user's room, for the gateways that
   * have the user's sockets to read and push (their UserFeedPublisher: the balance reads stay with
   * the sockets, off the owner's pool). A user listens if a socket anywhere does.
   */
  readonly userFeed: UserFeed & Required<Pick<UserFeed, 'listening' | 'message'>>;
  /** Once its books are built: every snapshot to the sockets already subscribed, and its beats from now on. */
  announce(): Promise<void>;
  /** Listening at `url` now: said at once and in every beat after (the cluster nodes' fronts send calls there). */
  advertise(url: string): void;
  /** An answer to a command, to its caller's reply stream. */
  reply(replyTo: string, reply: CommandReply): void;
  /**
   * No more beats; with `strike` its beat is struck from the owners at once (the followers show its
   * markets paused and refuse its commands), else it lapses (a handover: another takes it now).
   */
  stop(options?: { strike?: boolean }): Promise<void>;
}

/**
 * The side of a process that owns an entry (the server, or the holder of a pool entry) in the
 * cluster (docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's Redis adapter"). What its
 * products publish in one turn goes out in one pipeline on the cluster's writing connection: first
 * the snapshot each channel shows after the turn (the snapshots hash), then the pushes, as entries
 * of the sockets stream (cluster.ts pushEntry). Redis runs them in that order, so a socket-serving process
 * that reads a snapshot has every push after it still to come from the stream (gateway.ts joins the
 * room before it reads). It beats in the owners hash every second, and hears who listens on the
 * private channel from the socket-serving processes' reports: the user notices go only to those.
 */
export function ownEntry(
  cluster: ClusterRedis,
  entry: string,
  source: ChannelSource,
  log: (message: string, error?: unknown) => void,
  /** The entry's fencing token (fence.ts): a beat never overwrites one of a later holder. 0 where nothing is fenced. */
  epoch = 0,
): Owner {
  const instance = randomUUID();
  const { keys, writer } = cluster;
  const last = new Map<string, object>();
  const ticks = new Set<string>();
  const changed = new Set<string>();
  const listeners = new Listeners();
  let queued: Array<{ room: string; payload: object }> = [];
  let scheduled = false;
  let announced = false;
  let failing = false;
  let url: string | undefined;
  let beat: NodeJS.Timeout | undefined;
  let reports: Redis | undefined;

  const latest = (channel: string) => source.snapshot(channel) ?? last.get(channel);
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
    pipeline.exec().then(
      (results) => {
        const error = results?.find(([failed]) => failed)?.[0];
        if (error && !failing) log('cluster: pushing failed (dropped until Redis answers again)', error);
        failing = Boolean(error);
      },
      (error: unknown) => {
        if (!failing) log('cluster: pushing failed (dropped until Redis answers again)', error);
        failing = true;
      },
    );
  };
  const send = (room: string, payload: object) => {
    queued.push({ room, payload });
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  const notify = (userId: number, notice: UserNotice) => {
    if (listeners.has(userId)) send(userRoom(userId), notice);
  };
  const sayAlive = (changed = false) => {
    const said: OwnerBeat = { instance, at: Date.now(), channels: source.channels(), ticks: [...ticks], url, epoch };
    writer.eval(BEAT_UNLESS_LATER, 1, keys.owners, entry, JSON.stringify(said), String(epoch), String(said.at), String(STALE_BEAT_MS)).catch((error: unknown) => log('cluster: beating failed', error));
    // The cluster's keys live while an owner beats, and go some minutes after the last one stopped
    // (a test run's prefix, an exchange taken down) instead of staying in Redis for good.
    for (const key of [keys.owners, keys.snapshots, keys.sockets]) writer.pexpire(key, KEYS_OUTLIVE_MS).catch(() => undefined);
    if (changed) writer.publish(keys.ownersChanged, entry).catch(() => undefined);
  };

  return {
    instance,
    publish(channel, payload) {
      if (!announced) return;
      const tagged = { ...payload, channel };
      last.set(channel, tagged);
      if (isTickChannel(channel)) ticks.add(channel);
      changed.add(channel);
      send(channel, tagged);
    },
    userFeed: {
      listening: (userId) => listeners.has(userId),
      balancesChanged: (userId, rows) => notify(userId, { notice: 'balances', rows: rows.map(({ currency, account }) => ({ currency, account })) }),
      ordersCommitted: (userId, orders) => notify(userId, { notice: 'orders', orders: [...orders] }),
      message: (userId, message) => notify(userId, { notice: 'message', message }),
    },
    async announce() {
      listeners.startHearing();
      reports = writer.duplicate({ connectionName: `${cluster.prefix}:listeners:${entry}` });
      reports.on('error', (error) => log('cluster: listener reports', error));
      reports.on('message', (_channel: string, text: string) => listeners.hear(text, log));
      await reports.subscribe(keys.listeners);
      await writer.publish(keys.listenersAsked, entry).catch(() => undefined);
      announced = true;
      // A takeover or restart rebuilt the books and began their sequence numbers again: the sockets
      // already on them take these snapshots in place of what they held (a client takes one any time).
      for (const channel of source.channels()) {
        const now = latest(channel);
        if (!now) continue;
        changed.add(channel);
        send(channel, { ...now, channel });
      }
      sayAlive(true);
      beat = setInterval(sayAlive, ALIVE_EVERY_MS);
      beat.unref();
    },
    advertise(at) {
      url = at;
      if (announced) sayAlive(true);
    },
    reply(replyTo, reply) {
      appendTrimmed(writer, replyTo, JSON.stringify(reply), REPLY_KEEP_MS).catch((error: unknown) => log('cluster: a reply was lost', error));
    },
    async stop({ strike = true } = {}) {
      clearInterval(beat);
      if (scheduled) flush();
      if (announced && strike) {
        // Struck only if the beat there is still this holder's: one that stops after another took
        // the entry over (its lease lost) must not strike the new holder.
        await writer.eval(STRIKE_OWN_BEAT, 1, keys.owners, entry, instance).catch(() => undefined);
        await writer.publish(keys.ownersChanged, entry).catch(() => undefined);
      }
      await reports?.quit().catch(() => reports?.disconnect());
    },
  };
}

/** How long the cluster's keys outlive the last owner's beat. */
const KEYS_OUTLIVE_MS = 10 * 60_000;

/** A beat older than this (by the beating owner's clock) no longer holds the entry against a lower epoch. */
const STALE_BEAT_MS = 10_000;

/**
 * The beat, fenced like the owner's database writes: a holder that lost its lease without knowing it
 * (cut off from PostgreSQL, not from Redis) does not overwrite the beat of the one that took over
 * with a later epoch, in the second or two before its first refused write stops it. Only a fresh
 * beat counts: one left by a holder long gone (a database restored, its epochs begun again) is
 * overwritten.
 */
const BEAT_UNLESS_LATER = `local held = redis.call('hget', KEYS[1], ARGV[1])
if held then
  local ok, beat = pcall(cjson.decode, held)
  if ok and type(beat) == 'table' and tonumber(beat.epoch) and tonumber(beat.epoch) > tonumber(ARGV[3])
    and tonumber(beat.at) and tonumber(ARGV[4]) - tonumber(beat.at) < tonumber(ARGV[5]) then return 0 end
end
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/** Strikes the entry's beat if it is still this holder's (instance ARGV[2]). */
const STRIKE_OWN_BEAT = `local held = redis.call('hget', KEYS[1], ARGV[1])
if held then
  local ok, beat = pcall(cjson.decode, held)
  if ok and type(beat) == 'table' and beat.instance == ARGV[2] then return redis.call('hdel', KEYS[1], ARGV[1]) end
end
return 0`;

/** Replies are worth nothing past their command's deadline (2 s); kept a little longer for a caller that reconnects. */
const REPLY_KEEP_MS = 30_000;

/**
 * A socket-serving process reports its private channel's users after each change and every
 * LISTENER_HEARTBEAT_MS; one unheard of for three heartbeats is gone (stopped, crashed or cut off),
 * and its users with it.
 */
export const LISTENER_HEARTBEAT_MS = 5000;
/** How long the gateways have to answer an owner that asks who listens: Redis's way and back, and a busy gateway. */
const LISTENER_REPORT_SLACK_MS = 1000;

class Listeners {
  private readonly edges = new Map<string, { users: Set<number>; heardAt: number }>();
  /**
   * For a moment after this owner began to hear (it asks every gateway to report at once), anyone
   * may listen: an owner that just took an entry over would otherwise drop the notices of users whose
   * gateways have not answered yet. A gateway reads nothing for a user with no socket there.
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

/** A market's 24-hour tick, spot (`btc_usdt_tick`) or futures (`btc_usdt_future_tick`); not the index. */
export const isTickChannel = (channel: string) => channel.endsWith('_tick') && !channel.endsWith('_index_tick');
