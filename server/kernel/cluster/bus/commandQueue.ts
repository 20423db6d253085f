import { Redis } from 'ioredis';
import { commandBatches } from '../../platform/observability/metrics.js';
import type { ClusterRedis } from './cluster.js';
import { jsonObject, MARKET_NOT_HERE, type CommandBatch, type CommandReply } from './messages.js';
import { appendTrimmed } from './streamLog.js';

// An entry's commands as a Redis Stream read by a consumer group (docs/ARCHITECTURE.md "Scale-out: standbys and
// takeover"): a batch sent while the holder changes waits there, and the new holder takes it — and what the dead one
// read and never finished (XAUTOCLAIM) — if its caller still waits. Past its deadline a batch is dropped unread: its
// caller was told to check and retry. Only the entry's holder reads: one consumer at a time.
const GROUP = 'holder';
/** Batches are worth nothing past their deadline (COMMAND_BOUND_MS); clocks agree within seconds (NTP). */
const KEEP_MS = 30_000;
const READ_COUNT = 200;
type Entry = [id: string, fields: string[]];

/** Appends one batch (one XADD). A queue expired while idle gets its group again at the holder's next read. */
export async function appendCommands(redis: Redis, key: string, batch: CommandBatch): Promise<void> {
  await appendTrimmed(redis, key, JSON.stringify(batch), KEEP_MS);
}

/** Where a holder takes its batches from (a test's queue in memory, else `entryQueue`). */
export type CommandQueue = (handle: (batch: CommandBatch) => Promise<void>) => Promise<{ stop(): Promise<void> }>;

/** The holder's side of the queue at `key`: what earlier holders left unfinished, then every new batch in order, each acknowledged once `handle` answered all of it (a holder that dies carrying it out leaves it for the next). */
export const entryQueue =
  ({ url, writer, log }: Pick<ClusterRedis, 'url' | 'writer' | 'log'>, key: string, consumer: string): CommandQueue =>
  async (handle) => {
    const reader = new Redis(url, { maxRetriesPerRequest: null, connectionName: `${key}:reader` });
    reader.on('error', (error) => log('command queue (read)', error));
    let stopped = false;
    const running = new Set<Promise<void>>();
    const take = (entries: Entry[], claimed = false) => {
      for (const [id, fields] of entries) {
        const batch = jsonObject(fields[1]) as CommandBatch | undefined;
        const live = batch !== undefined && Array.isArray(batch.commands) && batch.deadline >= Date.now();
        if (batch) commandBatches.inc({ outcome: !live ? 'expired' : claimed ? 'claimed' : 'taken' });
        const acked: Promise<void> = (async () => {
          if (live) await handle(batch).catch((error: unknown) => log('command queue: a batch failed', error));
          await writer.xack(key, GROUP, id).catch((error: unknown) => log('command queue: acknowledging failed', error));
        })().finally(() => running.delete(acked));
        running.add(acked);
      }
    };
    // From the stream's start: a batch sent before the first holder ever read is still within its deadline.
    const createGroup = () =>
      reader.xgroup('CREATE', key, GROUP, '0', 'MKSTREAM').catch((error: unknown) => {
        if (!String(error).includes('BUSYGROUP')) throw error;
      });
    await createGroup();
    for (let cursor = '0-0'; ; ) {
      const [next, entries] = (await reader.xautoclaim(key, GROUP, consumer, 0, cursor, 'COUNT', READ_COUNT)) as [string, Array<Entry | null>];
      take(entries.filter((entry): entry is Entry => entry !== null), true);
      if (next === '0-0') break;
      cursor = next;
    }
    // The dead holders' consumers hold nothing now; the group lists only this one.
    for (const info of (await reader.xinfo('CONSUMERS', key, GROUP)) as unknown[][]) {
      if (String(info[1]) !== consumer) await reader.xgroup('DELCONSUMER', key, GROUP, String(info[1]));
    }
    const loop = (async () => {
      while (!stopped) {
        try {
          const answer = (await reader.xreadgroup('GROUP', GROUP, consumer, 'COUNT', READ_COUNT, 'BLOCK', 1000, 'STREAMS', key, '>')) as Array<[string, Entry[]]> | null;
          if (answer && !stopped) take(answer[0]![1]);
        } catch (error) {
          if (stopped) return;
          // The queue expired while idle and a batch created it again, without the group.
          if (String(error).includes('NOGROUP')) {
            await createGroup().catch((again: unknown) => log('command queue: creating the group failed', again));
            continue;
          }
          log('command queue: reading failed; trying again', error);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    })();
    return {
      /** Takes nothing more (what waits stays for the next holder); finishes and acknowledges what it took. */
      async stop() {
        stopped = true;
        reader.disconnect();
        await loop;
        await Promise.all([...running]);
      },
    };
  };

/** Each command to `handle` at once (the sequencer batches them again), each reply as it comes; undefined: MARKET_NOT_HERE, nothing done. */
export async function serveCommands(
  queue: CommandQueue,
  handle: (market: string, command: unknown) => Promise<unknown> | undefined,
  sendReply: (replyTo: string, reply: CommandReply) => void,
): Promise<{ stop(): Promise<void> }> {
  return queue(async ({ from, replyTo, commands }) => {
    const answers = commands.map(async ({ id, market, command }) => {
      const reply = (answer: Omit<CommandReply, 'to' | 'id'>) => sendReply(replyTo, { to: from, id, ...answer });
      try {
        const running = handle(market, command);
        reply(running ? { result: await running } : { error: MARKET_NOT_HERE });
      } catch (error) {
        reply({ error: error instanceof Error ? error.message : String(error) });
      }
    });
    await Promise.all(answers);
  });
}
