import type { ClusterRedis } from '../bus/cluster.js';
import { consumeCommands } from '../bus/commandQueue.js';
import { MARKET_NOT_HERE, type CommandBatch, type CommandReply } from '../bus/messages.js';

/** Carries out one command for a market that runs here; undefined if it does not run here. */
export type CommandHandler = (market: string, command: unknown) => Promise<unknown> | undefined;

/**
 * An entry holder's side of the commands (kernel/cluster/shards), read from the entry's command queue
 * (bus/commandQueue.ts) as `consumer`: each command of a batch goes to the handler at once (the
 * market's sequencer batches them again with everything else it was sent), and its answer goes to
 * the caller's reply stream when it is ready, in whatever order the answers come. A command for
 * a market that does not run here is answered MARKET_NOT_HERE: nothing was done. `stop` takes no
 * more (what waits in the queue stays there for the next holder) and resolves once what was taken
 * is finished and answered.
 */
export async function serveCommands(
  queue: CommandQueue,
  handle: CommandHandler,
  sendReply: (replyTo: string, reply: CommandReply) => void,
  log: (message: string, error?: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  return queue(async ({ from, replyTo, commands }) => {
    const answers: Array<Promise<unknown>> = [];
    for (const entry of commands) {
      const { id, market, command } = (entry ?? {}) as Partial<(typeof commands)[number]>;
      if (!Number.isSafeInteger(id) || typeof market !== 'string') {
        log('market process: a command without id or market', undefined);
        continue;
      }
      const reply = (answer: { result?: unknown; error?: string }) => sendReply(replyTo, { to: from, id: id!, ...answer });
      let running: Promise<unknown> | undefined;
      try {
        running = handle(market, command);
      } catch (error) {
        reply({ error: messageOf(error) });
        continue;
      }
      if (!running) {
        reply({ error: MARKET_NOT_HERE });
        continue;
      }
      answers.push(
        running.then(
          (result) => reply({ result }),
          (error: unknown) => reply({ error: messageOf(error) }),
        ),
      );
    }
    await Promise.all(answers);
  });
}

/** Where a holder takes its batches from: each handed to the handler, acknowledged once handled. */
export type CommandQueue = (handle: (batch: CommandBatch) => Promise<void>) => Promise<{ stop(): Promise<void> }>;

/** `entry`'s command queue in the cluster's Redis, read as `consumer` (its holder). */
export function entryQueue(cluster: ClusterRedis, entry: string, consumer: string, log: (message: string, error?: unknown) => void): CommandQueue {
  return (handle) => consumeCommands(cluster.url, cluster.keys.commandQueue(entry), consumer, cluster.writer, handle, log);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
