import type { ChannelReplica } from '../realtime/bus/channelReplica.js';
import { EdgeSync, type EdgeTargets } from '../realtime/bus/edgeSync.js';
import { openRedisBus } from '../realtime/bus/redisBus.js';
import { CommandClient } from './commandClient.js';
import { processBusPrefix } from './processes.js';

export interface FollowedProcess {
  /** Sends a command to one of the process's markets; answers its result (see CommandClient). */
  call(market: string, command: unknown): Promise<unknown>;
  /** Resolves once the process has answered the first sync (its books are in the replica). */
  synced: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The server's side of one market process (docs/ARCHITECTURE.md "Scale-out: market processes"):
 * it follows the process's bus the way a realtime edge follows the server's — a sync, then every
 * channel message folded into `replica` (the snapshots the server gives for the process's markets)
 * and published on here, so this server's sockets and its own edges get them as if its own markets
 * had published them; user notices go to this server's feed, and replies to its commands.
 */
export async function followMarketProcess(
  bus: { url: string; prefix: string },
  name: string,
  instance: string,
  targets: Omit<EdgeTargets, 'replies' | 'name' | 'replica' | 'snapshotsOnFirstSync'> & { replica: ChannelReplica },
): Promise<FollowedProcess> {
  const prefix = processBusPrefix(bus.prefix, name);
  const processBus = openRedisBus(bus.url, prefix, targets.log);
  const commands = new CommandClient(processBus, instance);
  const sync = new EdgeSync(processBus, prefix, {
    ...targets,
    name: `market process ${name}`,
    replies: (reply) => commands.receive(reply),
    snapshotsOnFirstSync: true,
  });
  await sync.start();
  return {
    call: (market, command) => commands.call(market, command),
    synced: sync.synced,
    async stop() {
      sync.stop();
      commands.close();
      await processBus.close();
    },
  };
}
