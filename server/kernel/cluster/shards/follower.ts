import { randomUUID } from 'node:crypto';
import type { RemoteMarkets } from '../../platform/product.js';
import { readSnapshot, type ClusterRedis } from '../bus/cluster.js';
import { appendCommands } from '../bus/commandQueue.js';
import { OwnersView, type ViewTargets } from '../bus/ownersView.js';
import { followStream } from '../bus/streamLog.js';
import type { CommandReply } from '../bus/messages.js';
import { CommandClient } from './commandClient.js';
import { processOf, type MarketProcesses } from './processes.js';

/**
 * How a process follows the cluster's owners (docs/ARCHITECTURE.md "Scale-out: sockets on
 * socket.io's Redis adapter") — every process that serves routes and sockets: the owners hash
 * (OwnersView: who serves, the paused ticks), the snapshots its sockets get, and the
 * commands it sends to any entry's holder, answered in its own reply stream.
 */
export interface ClusterFollower {
  /** Sends a command to one of `entry`'s markets (or products); answers its result (see CommandClient). */
  call(entry: string, market: string, command: unknown): Promise<unknown>;
  /** What a new subscriber to `channel` gets: the paused tick while its owner is gone, else its owner's snapshot. */
  snapshot(channel: string): Promise<object | undefined>;
  stop(): Promise<void>;
}

export async function followCluster(cluster: ClusterRedis, targets: ViewTargets): Promise<ClusterFollower> {
  const view = new OwnersView(cluster, targets);
  const clients = new Map<string, CommandClient>();
  // Its reply stream: the holders it sends commands to append their answers there (Owner.reply),
  // read on a connection of its own from the moment it opened, so an answer appended while that
  // connection was broken is read once it is back. Each client takes the replies to its own calls.
  const caller = randomUUID();
  const inbox = { caller, key: cluster.keys.replies(caller) };
  const replies = await followStream(cluster.url, inbox.key, `${cluster.prefix}:replies`, (text) => {
    const reply = replyOf(text, targets.log);
    if (reply) for (const client of clients.values()) client.receive(reply);
  }, targets.log);
  const clientOf = (entry: string) => {
    const held = clients.get(entry);
    if (held) return held;
    const made = new CommandClient((batch) => appendCommands(cluster.writer, cluster.keys.commandQueue(entry), batch), inbox, () => view.serving(entry), undefined, entry);
    clients.set(entry, made);
    return made;
  };
  await view.start();
  return {
    call: async (entry, market, command) => {
      await view.servingNow(entry);
      return clientOf(entry).call(market, command);
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
 * The markets of MARKET_PROCESSES' entries as the products see them: each market of an entry is
 * reached through its holder; one no entry runs (a single server's own) is undefined.
 */
export function remoteMarketsOf(follower: ClusterFollower, processes: MarketProcesses): RemoteMarkets {
  return {
    processOf: (symbol) => processOf(processes, symbol),
    call: (market, command) => {
      const entry = processOf(processes, market);
      if (!entry) return Promise.reject(new Error(`no entry runs ${market}`));
      return follower.call(entry, market, command);
    },
  };
}

/** A holder's answer as its caller's reply stream carries it, else undefined. */
function replyOf(text: string, log: (message: string, error?: unknown) => void): CommandReply | undefined {
  try {
    const reply = JSON.parse(text) as Partial<CommandReply>;
    return typeof reply.to === 'string' && Number.isSafeInteger(reply.id) ? (reply as CommandReply) : undefined;
  } catch (error) {
    log('cluster: a reply that is not JSON', error);
    return undefined;
  }
}
