import { randomUUID } from 'node:crypto';
import type { ClusterRedis } from './cluster.js';
import { ALIVE_EVERY_MS, type CommandReply, type OwnerBeat } from './messages.js';
import { streamPublisher, type Publisher } from './publisher.js';
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
  /** The private channel's feed, as its publisher's (publisher.ts). */
  readonly userFeed: Publisher['userFeed'];
  /** Once its books are built: every snapshot to the sockets already subscribed, and its beats from now on. */
  announce(): Promise<void>;
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
 * cluster (docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's Redis adapter"): a publisher to
 * the sockets stream (publisher.ts) whose snapshots are its books', which beats in the owners hash
 * every second and answers the commands it carried out.
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
  const out = streamPublisher(cluster, (channel) => source.snapshot(channel), entry, log);
  const ticks = new Set<string>();
  let announced = false;
  let beat: NodeJS.Timeout | undefined;

  const sayAlive = (changed = false) => {
    const said: OwnerBeat = { instance, at: Date.now(), ticks: [...ticks], epoch };
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
      if (isTickChannel(channel)) ticks.add(channel);
      out.publish(channel, payload);
    },
    userFeed: out.userFeed,
    async announce() {
      await out.start();
      announced = true;
      // A takeover or restart rebuilt the books and began their sequence numbers again: the sockets
      // already on them take these snapshots in place of what they held (a client takes one any time).
      for (const channel of source.channels()) {
        const now = out.latest(channel);
        if (now) out.publish(channel, now);
      }
      sayAlive(true);
      beat = setInterval(sayAlive, ALIVE_EVERY_MS);
      beat.unref();
    },
    reply(replyTo, reply) {
      appendTrimmed(writer, replyTo, JSON.stringify(reply), REPLY_KEEP_MS).catch((error: unknown) => log('cluster: a reply was lost', error));
    },
    async stop({ strike = true } = {}) {
      clearInterval(beat);
      await out.stop();
      if (announced && strike) {
        // Struck only if the beat there is still this holder's: one that stops after another took
        // the entry over (its lease lost) must not strike the new holder.
        await writer.eval(STRIKE_OWN_BEAT, 1, keys.owners, entry, instance).catch(() => undefined);
        await writer.publish(keys.ownersChanged, entry).catch(() => undefined);
      }
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

/** A market's 24-hour tick, spot (`btc_usdt_tick`) or futures (`btc_usdt_future_tick`); not the index. */
export const isTickChannel = (channel: string) => channel.endsWith('_tick') && !channel.endsWith('_index_tick');
