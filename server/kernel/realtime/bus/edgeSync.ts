import { randomUUID } from 'node:crypto';
import type { ChannelRegistry } from '../channels.js';
import type { Realtime } from '../gateway.js';
import type { UserFeed } from '../userFeed.js';
import type { ChannelReplica } from './channelReplica.js';
import { ALIVE_EVERY_MS, SILENT_AFTER_MS, type BusMessage } from './messages.js';
import type { RealtimeBus } from './redisBus.js';

/** How long an edge waits for the serving process to answer its sync before asking again. */
const SYNC_RETRY_MS = 1000;

/**
 * What an edge's bus messages go to: its gateway, its registry, its channel replica and its user
 * feed. The server following a market process (kernel/shards/follower.ts) gives its kernel's
 * publish and feed instead, and takes the process's replies to its commands.
 */
export interface EdgeTargets {
  realtime: Pick<Realtime, 'publish' | 'subscriberCount'>;
  registry: Pick<ChannelRegistry, 'addChannels' | 'addSpotPair'>;
  replica: ChannelReplica;
  feed: UserFeed & Required<Pick<UserFeed, 'message'>>;
  replies?: (reply: Extract<BusMessage, { k: 'reply' }>) => void;
  log: (message: string, error?: unknown) => void;
  /** Who is following, for the log: "realtime edge" unless told. */
  name?: string;
  /**
   * Publish the snapshots of the first sync too, not only of a resync: a server following a market
   * process may have edges of its own that hold nothing of the process's books yet.
   */
  snapshotsOnFirstSync?: boolean;
}

/**
 * An edge's side of the bus stream (docs/ARCHITECTURE.md "Scale-out: realtime edges"): it asks for a
 * sync, drops channel messages until its answer (the snapshots it brings already hold them), and
 * from then on folds every channel message into the replica and pushes it. A new server's `hello`
 * or a subscribing connection come back start it over; after such a resync the sockets already
 * here get the rebuilt books and trades as snapshots. User notices are never dropped.
 */
export class EdgeSync {
  private awaiting: string | undefined;
  private instance: string | undefined;
  private retry: NodeJS.Timeout | undefined;
  /** The channels of the last sync: the serving process's own. */
  private served: string[] = [];
  private heardAt = Date.now();
  private watch: NodeJS.Timeout | undefined;
  /** While the serving process is silent or gone: each paused tick channel and the tick it had. */
  private paused: Map<string, object> | undefined;
  /** Where the serving process listens, as its last beat said (a cluster node's server). */
  private url: { instance: string; url: string } | undefined;
  /** It said bye: paused until a new instance's sync, whatever else is heard meanwhile. */
  private gone = false;
  private firstSync: (() => void) | undefined;
  /** Resolves with the first sync's answer: the edge listens only then. */
  readonly synced = new Promise<void>((resolve) => (this.firstSync = resolve));

  constructor(
    private readonly bus: RealtimeBus,
    private readonly prefix: string,
    private readonly to: EdgeTargets,
  ) {}

  /** Subscribes to the stream and asks for the first sync. */
  async start(): Promise<void> {
    this.bus.onResubscribed(() => {
      this.to.log(`${this.name}: the bus is back; syncing again`, undefined);
      this.resync();
    });
    await this.bus.onStream((messages) => {
      for (const message of messages) {
        try {
          this.receive(message);
        } catch (error) {
          this.to.log(`${this.name}: a bus message failed`, error);
        }
      }
      // After the messages: a tick they brought is newer than the one the pause replaced.
      this.heard();
    });
    this.resync();
    this.watch = setInterval(() => this.checkSilence(), ALIVE_EVERY_MS);
    this.watch.unref();
  }

  stop(): void {
    clearTimeout(this.retry);
    clearInterval(this.watch);
  }

  /** Whether the serving process has gone silent or said bye (its markets are shown paused). */
  get silent(): boolean {
    return this.paused !== undefined;
  }

  /** Whether a holder is known to run now: one has synced, and it has neither fallen silent nor said bye. */
  get serving(): boolean {
    return this.instance !== undefined && this.paused === undefined;
  }

  /**
   * Where the server that serves now listens (it says so in its beats once it does): undefined
   * while none is known to serve — silent, gone, or a new one not yet listening.
   */
  get serverUrl(): string | undefined {
    const url = this.url;
    return this.serving && url?.instance === this.instance ? url?.url : undefined;
  }

  /**
   * A serving process that was running and has said nothing for SILENT_AFTER_MS (it says `alive`
   * every second) is gone — crashed, or cut off from Redis.
   */
  private checkSilence(): void {
    if (this.paused || this.instance === undefined || Date.now() - this.heardAt < SILENT_AFTER_MS) return;
    this.pause(`nothing heard for ${SILENT_AFTER_MS / 1000} s`);
  }

  /**
   * The serving process is gone (silent, or it said bye). Its markets' ticks are pushed again
   * marked `paused: true`, and kept so for new subscribers, so pages show that the market is not
   * trading rather than a price that merely stopped moving. Orders meanwhile are refused at once
   * (`spotMarketUnavailable`) by whoever sends them.
   */
  private pause(why: string): void {
    if (this.paused) return;
    this.paused = new Map();
    this.to.log(`${this.name}: ${why}; its markets are shown paused`, undefined);
    for (const channel of this.served) {
      if (!isTickChannel(channel)) continue;
      const before = this.to.replica.snapshot(channel);
      if (!before) continue;
      const shown = { ...before, paused: true };
      this.paused.set(channel, before);
      this.to.replica.fold(channel, shown);
      this.to.realtime.publish(channel, shown);
    }
  }

  /** Heard again: a tick still shown paused gets back the one it had (a newer tick, or a new sync, has replaced it already). */
  private heard(): void {
    this.heardAt = Date.now();
    const paused = this.paused;
    if (!paused || this.gone) return;
    this.paused = undefined;
    this.to.log(`${this.name}: heard again`, undefined);
    for (const [channel, before] of paused) {
      if ((this.to.replica.snapshot(channel) as { paused?: unknown } | undefined)?.paused !== true) continue;
      this.to.replica.fold(channel, before);
      this.to.realtime.publish(channel, before);
    }
  }

  private get name(): string {
    return this.to.name ?? 'realtime edge';
  }

  private resync(): void {
    const nonce = (this.awaiting = randomUUID());
    let asked = 0;
    const ask = () => {
      this.bus.requestSync(nonce).catch((error: unknown) => this.to.log(`${this.name}: sync request failed`, error));
      if (++asked === 5) this.to.log(`${this.name}: no answer on bus ${this.prefix} yet; still asking every second`, undefined);
      this.retry = setTimeout(ask, SYNC_RETRY_MS);
    };
    clearTimeout(this.retry);
    ask();
  }

  private receive(message: BusMessage): void {
    const { realtime, registry, replica, feed } = this.to;
    switch (message.k) {
      case 'hello':
        // The serving process restarted: its books were rebuilt and their sequence numbers began again.
        // What the old instance was asked and never answered waits in its command queue for this one.
        if (message.instance === this.instance) return;
        this.resync();
        return;
      case 'alive':
        if (message.url) this.url = { instance: message.instance, url: message.url };
        return;
      case 'bye':
        if (message.instance !== this.instance) return;
        this.gone = true;
        this.pause('it stopped');
        return;
      case 'sync':
        if (message.nonce === this.awaiting) this.adopt(message);
        return;
      case 'channel':
        if (this.awaiting) return;
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
      case 'reply':
        return this.to.replies?.(message);
    }
  }

  private adopt(sync: Extract<BusMessage, { k: 'sync' }>): void {
    const { realtime, registry, replica } = this.to;
    clearTimeout(this.retry);
    const again = this.instance !== undefined;
    this.awaiting = undefined;
    this.instance = sync.instance;
    if (sync.url) this.url = { instance: sync.instance, url: sync.url };
    this.gone = false;
    if (Array.isArray(sync.channels)) {
      registry.addChannels(sync.channels);
      this.served = sync.channels;
    }
    replica.load(sync.snapshots);
    if (again || this.to.snapshotsOnFirstSync) {
      for (const channel of Object.keys(sync.snapshots)) {
        const snapshot = replica.snapshot(channel) as { kind?: string } | undefined;
        if (snapshot?.kind === 'snapshot' && realtime.subscriberCount(channel) > 0) realtime.publish(channel, snapshot);
      }
    }
    this.firstSync?.();
  }
}

/** A market's 24-hour tick, spot (`btc_usdt_tick`) or futures (`btc_usdt_future_tick`); not the index. */
const isTickChannel = (channel: string) => channel.endsWith('_tick') && !channel.endsWith('_index_tick');
