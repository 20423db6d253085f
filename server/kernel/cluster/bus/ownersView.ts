import type { Redis } from 'ioredis';
import { readSnapshots, type ClusterRedis } from './cluster.js';
import { ALIVE_EVERY_MS, SILENT_AFTER_MS, type OwnerBeat } from './messages.js';

/** What a follower does with what it learns: pushes to its own sockets. */
export interface ViewTargets {
  /** To this process's sockets only (the paused ticks are this follower's view of a silent owner). */
  publish(channel: string, payload: object): void;
  log(message: string, error?: unknown): void;
}

interface Heard {
  beat: OwnerBeat;
  /** When this follower last saw the beat change (its own clock: the owners' need not agree with it). */
  heardAt: number;
}

/**
 * A follower's view of the owners hash (each socket-serving process, every caller of a
 * command): which entries have a holder that beats, read once a second.
 *
 * An entry is served while its beat changed within SILENT_AFTER_MS. One whose holder struck its
 * beat (it stopped in order) or fell silent is not: its commands are refused at once, as not done,
 * and its markets' ticks are pushed again to the sockets here marked `paused: true`, kept so for
 * new subscribers, so pages show that the market is not trading rather than a price that merely
 * stopped moving. Heard again (the same holder, or the one that took over), the ticks it holds now
 * are pushed in their place. (The channels a socket may join come from the pairs' rows, as on every
 * process: the registry follows their changes, start.ts.)
 */
export class OwnersView {
  private readonly heard = new Map<string, Heard>();
  /** Entries shown as gone, and the tick channels paused for each. */
  private readonly gone = new Map<string, string[]>();
  /** Each paused tick channel's paused tick. */
  private readonly paused = new Map<string, object>();
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> = Promise.resolve();
  private lookedAt = 0;
  private changes: Redis | undefined;

  constructor(
    private readonly cluster: ClusterRedis,
    private readonly to: ViewTargets,
  ) {}

  /** Reads the owners now, once a second from now on, and at once whenever an owner says it changed. */
  async start(): Promise<void> {
    const changes = this.cluster.writer.duplicate({ connectionName: `${this.cluster.prefix}:owners-changed` });
    this.changes = changes;
    changes.on('error', (error) => this.to.log('cluster: hearing owners change', error));
    changes.on('message', () => void this.look());
    await changes.subscribe(this.cluster.keys.ownersChanged);
    await this.look();
    this.timer = setInterval(() => void this.look(), ALIVE_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.changes?.disconnect();
  }

  /** Whether `entry` has a holder that beats now. */
  serving(entry: string): boolean {
    const heard = this.heard.get(entry);
    return heard !== undefined && Date.now() - heard.heardAt < SILENT_AFTER_MS;
  }

  /** The paused tick a new subscriber gets while the channel's owner is gone; undefined otherwise. */
  pausedTick(channel: string): object | undefined {
    return this.paused.get(channel);
  }

  /** One look at a time: a slow Redis does not pile them up. */
  look(): Promise<void> {
    this.lookedAt = Date.now();
    return (this.looking = this.looking.then(() => this.read().catch((error: unknown) => this.to.log('cluster: reading the owners failed', error))));
  }

  /**
   * Whether `entry` serves, looked at again first unless a look began within FRESH_LOOK_MS: a call
   * to an entry whose holder began a moment ago (since the last look) is not refused for that.
   */
  async servingNow(entry: string): Promise<boolean> {
    if (this.serving(entry)) return true;
    await (Date.now() - this.lookedAt < FRESH_LOOK_MS ? this.looking : this.look());
    return this.serving(entry);
  }

  private async read(): Promise<void> {
    const now = Date.now();
    const all = await this.cluster.writer.hgetall(this.cluster.keys.owners);
    const present = new Set<string>();
    for (const [entry, text] of Object.entries(all)) {
      const beat = parseBeat(text);
      if (!beat) continue;
      present.add(entry);
      const before = this.heard.get(entry);
      if (!before || before.beat.at !== beat.at || before.beat.instance !== beat.instance) this.heard.set(entry, { beat, heardAt: now });
    }
    for (const [entry, { beat }] of [...this.heard]) {
      if (!present.has(entry)) {
        // Struck from the hash: its holder stopped in order.
        this.heard.delete(entry);
        if (!this.gone.has(entry)) await this.pause(entry, beat.ticks, 'stopped');
      } else if (!this.serving(entry) && !this.gone.has(entry)) await this.pause(entry, beat.ticks, `silent for ${SILENT_AFTER_MS / 1000} s`);
    }
    for (const entry of [...this.gone.keys()]) if (this.serving(entry)) await this.resume(entry);
  }

  /** `entry` is gone (silent, or its holder struck its beat): its ticks shown paused. */
  private async pause(entry: string, ticks: readonly string[], why: string): Promise<void> {
    this.gone.set(entry, [...ticks]);
    this.to.log(`cluster: ${entry} ${why}; its markets are shown paused`);
    const held = await readSnapshots(this.cluster, ticks);
    ticks.forEach((channel, i) => {
      const tick = held[i];
      if (!tick) return;
      const shown = { ...tick, paused: true };
      this.paused.set(channel, shown);
      this.to.publish(channel, shown);
    });
  }

  /** Heard again: the ticks it holds now in place of the paused ones. */
  private async resume(entry: string): Promise<void> {
    const ticks = this.gone.get(entry) ?? [];
    this.gone.delete(entry);
    for (const channel of ticks) this.paused.delete(channel);
    this.to.log(`cluster: ${entry} heard again`);
    const held = await readSnapshots(this.cluster, ticks);
    ticks.forEach((channel, i) => {
      const tick = held[i];
      if (tick && (tick as { paused?: unknown }).paused !== true) this.to.publish(channel, tick);
    });
  }

}

/** While an entry is out, calls to it look at the owners at most this often. */
const FRESH_LOOK_MS = 100;

function parseBeat(text: string): OwnerBeat | undefined {
  try {
    const beat = JSON.parse(text) as Partial<OwnerBeat>;
    if (typeof beat.instance !== 'string' || typeof beat.at !== 'number' || !Array.isArray(beat.ticks) || !beat.ticks.every((c) => typeof c === 'string')) return undefined;
    return beat as OwnerBeat;
  } catch {
    return undefined;
  }
}
