import { randomUUID } from 'node:crypto';
import type { ClusterRedis } from './cluster.js';
import { ALIVE_EVERY_MS, type CommandReply, type OwnerBeat } from './messages.js';
import { streamPublisher, type Publisher } from './publisher.js';
import { appendTrimmed } from './streamLog.js';

export interface Owner extends Pick<Publisher, 'publish' | 'userFeed'> {
  readonly instance: string;
  /** Once its books are built: every snapshot to the sockets already subscribed, and its beats from now on (nothing is published before). */
  announce(): Promise<void>;
  reply(replyTo: string, reply: CommandReply): void;
  /** `strike`: its beat goes at once (followers pause its markets, refuse its commands); else it lapses (a handover). */
  stop(options?: { strike?: boolean }): Promise<void>;
}

/**
 * An entry's holder in the cluster (docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's Redis adapter"): a
 * publisher whose snapshots are its books', a beat in the owners hash every second, and the answers to its commands.
 * `epoch`: the entry's fencing token (standby.ts fenceWrites; 0: nothing fenced).
 */
export function ownEntry(cluster: ClusterRedis, entry: string, source: { channels(): string[]; snapshot(channel: string): object | undefined }, epoch = 0): Owner {
  const instance = randomUUID();
  const { keys, writer, log } = cluster;
  const out = streamPublisher(cluster, (channel) => source.snapshot(channel), entry);
  const ticks = new Set<string>();
  let announced = false;
  let beat: NodeJS.Timeout | undefined;
  const sayAlive = (changed = false) => {
    const said: OwnerBeat = { instance, at: Date.now(), ticks: [...ticks], epoch };
    writer.eval(BEAT_UNLESS_LATER, 1, keys.owners, entry, JSON.stringify(said), String(epoch), String(said.at), String(STALE_BEAT_MS)).catch((error: unknown) => log('cluster: beating failed', error));
    // The cluster's keys live while an owner beats, and go minutes after the last one stopped.
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
      // A takeover rebuilt the books and began their sequence numbers again: subscribed sockets take these snapshots instead.
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
        await writer.eval(STRIKE_OWN_BEAT, 1, keys.owners, entry, instance).catch(() => undefined);
        await writer.publish(keys.ownersChanged, entry).catch(() => undefined);
      }
    },
  };
}

const KEYS_OUTLIVE_MS = 10 * 60_000;
/** A beat older than this (by its owner's clock) no longer holds the entry against a lower epoch. */
const STALE_BEAT_MS = 10_000;
/** Replies are worth nothing past their command's deadline (2 s); kept longer for a caller that reconnects. */
const REPLY_KEEP_MS = 30_000;

const HELD_BEAT = `local ok, beat = pcall(cjson.decode, redis.call('hget', KEYS[1], ARGV[1]) or 'null')
if not ok or type(beat) ~= 'table' then beat = {} end
`;
/**
 * The beat, fenced like the database writes: a holder that lost its lease unawares (cut off from PostgreSQL, not Redis)
 * does not overwrite the beat of a later epoch in the second or two before its first refused write stops it. A stale
 * beat (a database restored, its epochs begun again) does not count.
 */
const BEAT_UNLESS_LATER = `${HELD_BEAT}if tonumber(beat.epoch) and tonumber(beat.epoch) > tonumber(ARGV[3])
  and tonumber(beat.at) and tonumber(ARGV[4]) - tonumber(beat.at) < tonumber(ARGV[5]) then return 0 end
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
return 1`;
/** Struck only if still this holder's: one stopping after losing its lease must not strike the new holder. */
const STRIKE_OWN_BEAT = `${HELD_BEAT}if beat.instance == ARGV[2] then return redis.call('hdel', KEYS[1], ARGV[1]) end
return 0`;

/** A market's 24-hour tick, spot (`btc_usdt_tick`) or futures (`btc_usdt_future_tick`); not the index. */
const isTickChannel = (channel: string) => channel.endsWith('_tick') && !channel.endsWith('_index_tick');
