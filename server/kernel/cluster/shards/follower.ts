import { randomUUID } from 'node:crypto';
import type { RemoteMarkets } from '../../platform/product.js';
import { hearChannel, readSnapshot, readSnapshots, type ClusterRedis } from '../bus/cluster.js';
import { appendCommands } from '../bus/commandQueue.js';
import { followStream } from '../bus/streamLog.js';
import { ALIVE_EVERY_MS, jsonObject, SILENT_AFTER_MS, type CommandBatch, type CommandReply, type OwnerBeat } from '../bus/messages.js';
import { CommandClient } from './commandClient.js';
import { processOf, type MarketProcesses } from './processes.js';

/** While an entry is out, calls to it look at the owners at most this often. */
const FRESH_LOOK_MS = 100;

/** How a process that serves routes and sockets follows the owners: who serves, the snapshots, the commands. */
export interface ClusterFollower {
  /** MARKET_PROCESSES' markets and products, each reached through its entry's holder (a call answers as CommandClient's). */
  markets: RemoteMarkets;
  /** The paused tick while its owner is gone, else its owner's snapshot. */
  snapshot(channel: string): Promise<object | undefined>;
  stop(): Promise<void>;
}

/** `publish`: to this follower's own sockets (the paused ticks are its view of a silent owner). */
export async function followCluster(cluster: ClusterRedis, processes: MarketProcesses, publish: (channel: string, payload: object) => void): Promise<ClusterFollower> {
  const view = new OwnersView(cluster, publish);
  const clients = new Map<string, CommandClient>();
  // Its reply stream, read from the moment it opened: an answer appended while the connection was broken is read once it is back.
  const caller = randomUUID();
  const key = cluster.keys.replies(caller);
  const replies = await followStream(cluster.url, key, `${cluster.prefix}:replies`, (text) => {
    const reply = jsonObject(text) as CommandReply | undefined;
    if (reply) for (const client of clients.values()) client.receive(reply);
  }, cluster.log);
  const clientOf = (entry: string) => {
    const send = (batch: CommandBatch) => appendCommands(cluster.writer, cluster.keys.commandQueue(entry), batch);
    return clients.get(entry) ?? clients.set(entry, new CommandClient(send, { caller: `${caller}/${entry}`, key }, () => view.serving(entry))).get(entry)!;
  };
  await view.start();
  return {
    markets: {
      processOf: (symbol) => processOf(processes, symbol),
      call: async (market, command) => {
        const entry = processOf(processes, market);
        if (!entry) throw new Error(`no entry runs ${market}`);
        await view.servingNow(entry);
        return clientOf(entry).call(market, command);
      },
    },
    snapshot: async (channel) => view.pausedTick(channel) ?? (await readSnapshot(cluster, channel)),
    async stop() {
      view.stop();
      for (const client of clients.values()) client.close();
      replies.stop();
    },
  };
}

/**
 * A follower's view of the owners hash, read once a second and whenever an owner says it changed. An entry serves while
 * its beat changed within SILENT_AFTER_MS (by this follower's clock). One struck or silent does not: its commands are
 * refused at once as not done, and its ticks are pushed to the sockets here again as `paused: true` (kept so for new
 * subscribers), so pages show a market not trading rather than a price that stopped moving; heard again, its ticks
 * replace them.
 */
export class OwnersView {
  /** Each entry's beat, and when this follower last saw it change. */
  private readonly heard = new Map<string, { beat: OwnerBeat; heardAt: number }>();
  /** Entries shown as gone, and their paused tick channels. */
  private readonly gone = new Map<string, string[]>();
  private readonly paused = new Map<string, object>();
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> = Promise.resolve();
  private lookedAt = 0;
  private changes: ReturnType<typeof hearChannel> | undefined;
  constructor(
    private readonly cluster: ClusterRedis,
    private readonly publish: (channel: string, payload: object) => void,
  ) {}
  async start(): Promise<void> {
    this.changes = hearChannel(this.cluster, this.cluster.keys.ownersChanged, 'owners-changed', () => void this.look());
    await this.changes.subscribed;
    await this.look();
    this.timer = setInterval(() => void this.look(), ALIVE_EVERY_MS);
    this.timer.unref();
  }
  stop(): void {
    clearInterval(this.timer);
    this.changes?.stop();
  }
  serving(entry: string): boolean {
    const heard = this.heard.get(entry);
    return heard !== undefined && Date.now() - heard.heardAt < SILENT_AFTER_MS;
  }
  pausedTick(channel: string): object | undefined {
    return this.paused.get(channel);
  }
  /** One look at a time: a slow Redis does not pile them up. */
  look(): Promise<void> {
    this.lookedAt = Date.now();
    return (this.looking = this.looking.then(() => this.read().catch((error: unknown) => this.cluster.log('cluster: reading the owners failed', error))));
  }
  /** Looked at again first (unless a look began within FRESH_LOOK_MS): a holder that began a moment ago is not refused. */
  async servingNow(entry: string): Promise<boolean> {
    if (!this.serving(entry)) await (Date.now() - this.lookedAt < FRESH_LOOK_MS ? this.looking : this.look());
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
      if (!present.has(entry)) this.heard.delete(entry);
      if (!this.serving(entry) && !this.gone.has(entry)) {
        this.gone.set(entry, [...beat.ticks]);
        this.cluster.log(`cluster: ${entry} ${present.has(entry) ? `silent for ${SILENT_AFTER_MS / 1000} s` : 'stopped'}; its markets are shown paused`);
        await this.show(beat.ticks, true);
      }
    }
    for (const [entry, ticks] of [...this.gone]) {
      if (!this.serving(entry)) continue;
      this.gone.delete(entry);
      for (const channel of ticks) this.paused.delete(channel);
      this.cluster.log(`cluster: ${entry} heard again`);
      await this.show(ticks, false);
    }
  }
  /** Each tick as its owner last wrote it: marked paused (and kept so for new subscribers), or as it is now. */
  private async show(ticks: readonly string[], paused: boolean): Promise<void> {
    const held = await readSnapshots(this.cluster, ticks);
    ticks.forEach((channel, i) => {
      const tick = held[i] as { paused?: unknown } | undefined;
      if (!tick || (!paused && tick.paused === true)) return;
      const shown = paused ? { ...tick, paused: true } : tick;
      if (paused) this.paused.set(channel, shown);
      this.publish(channel, shown);
    });
  }
}

function parseBeat(text: string): OwnerBeat | undefined {
  const beat = jsonObject(text) as Partial<OwnerBeat> | undefined;
  return typeof beat?.instance === 'string' && typeof beat.at === 'number' && Array.isArray(beat.ticks) ? (beat as OwnerBeat) : undefined;
}
