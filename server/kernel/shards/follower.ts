import { randomUUID } from 'node:crypto';
import type { Kernel, RemoteMarkets } from '../product.js';
import { ChannelReplica } from '../realtime/bus/channelReplica.js';
import { EdgeSync, type EdgeTargets } from '../realtime/bus/edgeSync.js';
import { reportListeners } from '../realtime/bus/listenerReports.js';
import { openRedisBus, type RealtimeBus } from '../realtime/bus/redisBus.js';
import type { Realtime } from '../realtime/gateway.js';
import type { ChannelRegistry } from '../realtime/channels.js';
import { CommandClient } from './commandClient.js';
import { processBusPrefix, processOf, type MarketProcesses } from './processes.js';

/**
 * The server's side of every market process of MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out:
 * market processes"): `remoteMarkets` for the products (absent without processes), the snapshots
 * of the processes' channels (what this server gives for their markets, one replica per process), what they publish
 * passed on to this server's own sockets (`local.publish`) and their user notices to its own user
 * feed, as if its own markets had published them. Realtime edges follow the processes themselves.
 */
export async function followMarketProcesses(
  bus: { url: string; prefix: string } | undefined,
  processes: MarketProcesses,
  local: Pick<Kernel, 'publish'> & { userFeed: EdgeTargets['feed'] },
  registry: () => ChannelRegistry | undefined,
  log: (message: string, error?: unknown) => void,
): Promise<{
  remoteMarkets?: RemoteMarkets;
  snapshot(channel: string): object | undefined;
  /** From now on, tells every process who listens on this server's own sockets (as edges tell it). */
  reportListenersOf(sockets: Pick<Realtime, 'listeningUsers' | 'onUserListening'>): void;
  stop(): Promise<void>;
}> {
  // One replica per process: a process's sync replaces everything its replica held.
  const replicas: ChannelReplica[] = [];
  const snapshot = (channel: string) => ChannelReplica.snapshotOf(replicas, channel);
  if (processes.size === 0) return { snapshot, reportListenersOf: () => undefined, stop: async () => undefined };
  if (!bus) throw new Error('MARKET_PROCESSES needs REALTIME_BUS_URL: the server reaches its market processes over the realtime bus');
  const instance = randomUUID();
  const followed = new Map<string, FollowedProcess>();
  let listeners: { stop(): Promise<void> } | undefined;
  for (const name of processes.keys()) {
    const replica = new ChannelReplica();
    replicas.push(replica);
    followed.set(
      name,
      await followProcess(bus, name, instance, {
        // A resync's snapshots go out whoever holds the channel now (the coalescer skips empty rooms).
        realtime: { publish: local.publish, subscriberCount: () => 1 },
        registry: { addChannels: (list) => registry()?.addChannels(list), addSpotPair: (left, right) => registry()?.addSpotPair(left, right) },
        replica,
        feed: local.userFeed,
        log,
        name: `market process ${name}`,
        // The server may have edges of its own that hold nothing of the process's books yet.
        snapshotsOnFirstSync: true,
      }),
    );
  }
  return {
    remoteMarkets: {
      processOf: (symbol) => processOf(processes, symbol),
      call: (market, command) => followed.get(processOf(processes, market) ?? '')!.call(market, command),
    },
    snapshot,
    reportListenersOf(sockets) {
      listeners = reportListeners([...followed.values()].map((p) => p.bus), sockets, instance, log);
    },
    async stop() {
      await listeners?.stop();
      for (const process of followed.values()) await process.stop();
    },
  };
}

export interface FollowedProcess {
  bus: RealtimeBus;
  /** Sends a command to one of the process's markets; answers its result (see CommandClient). */
  call(market: string, command: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Following one process of MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out: market processes"),
 * the one way the server, an edge and a front do it: its bus, followed the way a realtime edge
 * follows the server's — a sync, then every channel message folded into `targets.replica` and
 * published to `targets.realtime`, user notices to `targets.feed` — and the commands sent to it
 * as `instance`, whose replies come in that same stream.
 */
export async function followProcess(
  bus: { url: string; prefix: string },
  name: string,
  instance: string,
  targets: Omit<EdgeTargets, 'replies'>,
): Promise<FollowedProcess> {
  const prefix = processBusPrefix(bus.prefix, name);
  const processBus = openRedisBus(bus.url, prefix, targets.log);
  const commands: CommandClient = new CommandClient(processBus, instance, () => sync.serving);
  const sync = new EdgeSync(processBus, prefix, { ...targets, replies: (reply) => commands.receive(reply) });
  await sync.start();
  return {
    bus: processBus,
    call: (market, command) => commands.call(market, command),
    async stop() {
      sync.stop();
      commands.close();
      await processBus.close();
    },
  };
}
