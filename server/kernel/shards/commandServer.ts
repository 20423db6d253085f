import type { RealtimeBus } from '../realtime/bus/redisBus.js';
import { MARKET_NOT_HERE } from '../realtime/bus/messages.js';

/** Carries out one command for a market that runs here; undefined if it does not run here. */
export type CommandHandler = (market: string, command: unknown) => Promise<unknown> | undefined;

/**
 * A market process's side of the commands (kernel/shards): each command of a batch goes to the
 * handler at once (the market's sequencer batches them again with everything else it was sent),
 * and its answer goes into the stream as a `reply` when it is ready, in whatever order the answers
 * come. A command for a market that does not run here is answered MARKET_NOT_HERE: nothing was done.
 * So is every command after `stop` (the process shuts down: what it took before is finished and
 * answered, what comes after is not taken, and its caller hears at once that nothing changed).
 */
export async function serveCommands(bus: RealtimeBus, handle: CommandHandler, log: (message: string, error?: unknown) => void): Promise<{ stop(): void }> {
  let stopped = false;
  await bus.onCommands(({ from, commands }) => {
    for (const entry of commands) {
      const { id, market, command } = (entry ?? {}) as Partial<(typeof commands)[number]>;
      if (!Number.isSafeInteger(id) || typeof market !== 'string') {
        log('market process: a command without id or market', undefined);
        continue;
      }
      const reply = (answer: { result?: unknown; error?: string }) => bus.send({ k: 'reply', to: from, id: id!, ...answer });
      let running: Promise<unknown> | undefined;
      try {
        running = stopped ? undefined : handle(market, command);
      } catch (error) {
        reply({ error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      if (!running) {
        reply({ error: MARKET_NOT_HERE });
        continue;
      }
      running.then(
        (result) => reply({ result }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
  return {
    stop() {
      stopped = true;
    },
  };
}
