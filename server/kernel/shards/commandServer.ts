import type { RealtimeBus } from '../realtime/bus/redisBus.js';
import { MARKET_NOT_HERE } from '../realtime/bus/messages.js';

/** Carries out one command for a market that runs here; undefined if it does not run here. */
export type CommandHandler = (market: string, command: unknown) => Promise<unknown> | undefined;

/**
 * A market process's side of the commands (kernel/shards), read from its entry's command queue
 * (bus/commandQueue.ts) as `consumer`: each command of a batch goes to the handler at once (the
 * market's sequencer batches them again with everything else it was sent), and its answer goes
 * into the stream as a `reply` when it is ready, in whatever order the answers come. A command for
 * a market that does not run here is answered MARKET_NOT_HERE: nothing was done. `stop` takes no
 * more (what waits in the queue stays there for the next holder) and resolves once what was taken
 * is finished and answered.
 */
export async function serveCommands(
  bus: RealtimeBus,
  consumer: string,
  handle: CommandHandler,
  log: (message: string, error?: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  return bus.onCommands(consumer, async ({ from, commands }) => {
    const answers: Array<Promise<unknown>> = [];
    for (const entry of commands) {
      const { id, market, command } = (entry ?? {}) as Partial<(typeof commands)[number]>;
      if (!Number.isSafeInteger(id) || typeof market !== 'string') {
        log('market process: a command without id or market', undefined);
        continue;
      }
      const reply = (answer: { result?: unknown; error?: string }) => bus.send({ k: 'reply', to: from, id: id!, ...answer });
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
