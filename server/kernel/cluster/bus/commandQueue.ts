import { Redis } from 'ioredis';
import { commandBatches } from '../../platform/observability/metrics.js';
import type { CommandBatch } from './messages.js';
import { appendTrimmed } from './streamLog.js';

/**
 * The commands to a market or product process as a Redis Stream read by a consumer group
 * (docs/ARCHITECTURE.md "Scale-out: standbys and takeover"), in place of a PUBLISH that no one
 * keeps: a batch sent while the entry's holder changes waits in the stream, and the new holder
 * takes it — the ones the dead holder read and never finished too (XAUTOCLAIM) — if its caller is
 * still waiting (`deadline`). Past its deadline a batch is dropped unread: its caller has been told
 * to check and try again, and a late effect would surprise it.
 */

/** The one consumer group: only the entry's holder reads, so there is one consumer at a time. */
const GROUP = 'holder';
/**
 * What the stream keeps: batches are worth nothing past their deadline (COMMAND_BOUND_MS), so
 * anything older than this is trimmed as new ones come (approximately, which is cheap). Clocks of
 * the processes are taken to agree within seconds (NTP), as the deadlines already assume.
 */
const KEEP_MS = 30_000;
/** How long one blocking read waits before it looks again whether it was stopped. */
const BLOCK_MS = 1000;
/** Batches taken in one read. */
const READ_COUNT = 200;

type Entry = [id: string, fields: string[]];

/**
 * Appends one batch to the queue (one XADD, trimming what is past any deadline). The queue expires
 * minutes after its last batch (streamLog.ts); a holder whose queue expired while it was idle
 * creates the group again at its next read.
 */
export async function appendCommands(redis: Redis, key: string, batch: CommandBatch): Promise<void> {
  await appendTrimmed(redis, key, JSON.stringify(batch), KEEP_MS);
}

/**
 * The holder's side: takes what earlier holders left unfinished, then reads every new batch in
 * order and hands it to `handle`, acknowledging it once `handle` has answered every command of it
 * (so a holder that dies while carrying a batch out leaves it for the next). A batch past its
 * deadline is acknowledged without being handed on. Reads on a connection of its own (a blocking
 * read holds it); acknowledges on `writer`.
 */
export async function consumeCommands(
  url: string,
  key: string,
  consumer: string,
  writer: Redis,
  handle: (batch: CommandBatch) => Promise<void>,
  log: (message: string, error?: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  const reader = new Redis(url, { maxRetriesPerRequest: null, connectionName: `${key}:reader` });
  reader.on('error', (error) => log('command queue (read)', error));
  let stopped = false;
  const running = new Set<Promise<void>>();

  const take = (entries: Entry[], claimed = false) => {
    for (const [id, fields] of entries) {
      const batch = parseBatch(fields, log);
      const live = batch !== undefined && batch.deadline >= Date.now();
      if (batch) commandBatches.inc({ outcome: !live ? 'expired' : claimed ? 'claimed' : 'taken' });
      const done = batch && live ? handle(batch).catch((error: unknown) => log('command queue: a batch failed', error)) : Promise.resolve();
      const acked: Promise<void> = done
        .then(() => writer.xack(key, GROUP, id))
        .then(
          () => undefined,
          (error: unknown) => log('command queue: acknowledging failed', error),
        )
        .finally(() => running.delete(acked));
      running.add(acked);
    }
  };

  // From the stream's start: a batch sent before the first holder ever read is still within its deadline.
  const createGroup = () =>
    reader.xgroup('CREATE', key, GROUP, '0', 'MKSTREAM').catch((error: unknown) => {
      if (!String(error).includes('BUSYGROUP')) throw error;
    });
  await createGroup();
  // What the holders before this one read and never acknowledged: they died carrying it out.
  for (let cursor = '0-0'; ; ) {
    const [next, entries] = (await reader.xautoclaim(key, GROUP, consumer, 0, cursor, 'COUNT', READ_COUNT)) as [string, Array<Entry | null>];
    take(entries.filter((entry): entry is Entry => entry !== null), true);
    if (next === '0-0') break;
    cursor = next;
  }
  // Their consumers hold nothing now; the group lists only the holder.
  for (const info of (await reader.xinfo('CONSUMERS', key, GROUP)) as unknown[][]) {
    const name = String(info[1]);
    if (name !== consumer) await reader.xgroup('DELCONSUMER', key, GROUP, name);
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        const answer = (await reader.xreadgroup('GROUP', GROUP, consumer, 'COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS', key, '>')) as Array<[string, Entry[]]> | null;
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
}

function parseBatch(fields: string[], log: (message: string, error?: unknown) => void): CommandBatch | undefined {
  try {
    const batch = JSON.parse(fields[1] ?? '') as Partial<CommandBatch>;
    if (typeof batch.from === 'string' && typeof batch.replyTo === 'string' && Array.isArray(batch.commands) && Number.isFinite(batch.deadline)) return batch as CommandBatch;
    log('command queue: a batch without sender, reply stream, commands or deadline', undefined);
  } catch (error) {
    log('command queue: a batch that is not JSON', error);
  }
  return undefined;
}
