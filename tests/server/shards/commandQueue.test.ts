import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { appendCommands, entryQueue } from '../../../server/kernel/cluster/bus/commandQueue.js';
import type { CommandBatch } from '../../../server/kernel/cluster/bus/messages.js';
import { commandBatches } from '../../../server/kernel/platform/observability/metrics.js';
import { REDIS_URL } from '../scaleOutSetup.js';
import { usingPostgres } from '../testDb.js';

/**
 * The command queue of a market or product process over this machine's Redis (CI's PostgreSQL
 * pass, like the other scale-out suites). Issue 38's reproduction: a command sent while its
 * market's holder restarts was lost (pub/sub keeps nothing) and its caller waited 10 s. Now it
 * waits in a Redis Stream for whoever holds the entry next, within its deadline.
 */
describe.runIf(usingPostgres())('the command queue of a process', () => {
  const writer = new Redis(REDIS_URL);
  const keys: string[] = [];
  afterAll(async () => {
    if (keys.length > 0) await writer.del(...keys);
    await writer.quit();
  });
  const key = () => {
    keys.push(`openex-test:${randomUUID()}:command-queue`);
    return keys.at(-1)!;
  };
  const batch = (n: number, deadline = Date.now() + 5000): CommandBatch => ({ from: 'server-a', replyTo: 'replies:server-a', deadline, commands: [{ id: n, market: 'BTC_USDT', command: { n } }] });
  const holder = (queue: string, name: string, seen: number[], handle: (b: CommandBatch) => Promise<void> = async () => undefined) =>
    entryQueue({ url: REDIS_URL, writer, log: () => undefined }, queue, name)(async (b) => {
      seen.push(b.commands[0]!.id);
      await handle(b);
    });
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('keeps what is sent while no holder reads for the one that starts, and drops what is past its deadline unread', async () => {
    const queue = key();
    const counted = async (outcome: string) => (await commandBatches.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    const [taken, expired] = [await counted('taken'), await counted('expired')];
    await appendCommands(writer, queue, batch(1));
    await appendCommands(writer, queue, batch(2, Date.now() - 1));
    await appendCommands(writer, queue, batch(3));
    const seen: number[] = [];
    const first = await holder(queue, 'h1', seen);
    await until(() => seen.length === 2, 'the waiting batches');
    await appendCommands(writer, queue, batch(4));
    await until(() => seen.length === 3, 'a new batch');
    expect(seen).toEqual([1, 3, 4]);
    // What /metrics tells an operator: batches taken, and those dropped past their deadline.
    expect(await counted('taken')).toBe(taken + 3);
    expect(await counted('expired')).toBe(expired + 1);
    await first.stop();
    // Every batch is acknowledged, the expired one too: nothing is left for a next holder.
    expect(await writer.xpending(queue, 'holder')).toEqual([0, null, null, null]);
  });

  it('gives a holder that starts what the one before it took and never finished (it died), and forgets the dead one', async () => {
    const queue = key();
    const seen: number[] = [];
    const first = await holder(queue, 'h1', seen);
    await first.stop();
    await appendCommands(writer, queue, batch(5));
    // A holder that read batch 5 and died before answering: read, never acknowledged.
    const dead = new Redis(REDIS_URL);
    const read = await dead.xreadgroup('GROUP', 'holder', 'dead-holder', 'COUNT', 10, 'STREAMS', queue, '>');
    expect(read).not.toBeNull();
    dead.disconnect();
    await appendCommands(writer, queue, batch(6));

    const next = await holder(queue, 'h2', seen);
    await until(() => seen.length === 2, 'the unfinished and the new batch');
    expect(seen).toEqual([5, 6]);
    const consumers = (await writer.xinfo('CONSUMERS', queue, 'holder')) as unknown[][];
    expect(consumers.map((c) => c[1])).toEqual(['h2']);
    await next.stop();
  });

  it('stops taking at stop, finishing what it took; what comes after waits for the next holder', async () => {
    const queue = key();
    const seen: number[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const first = await holder(queue, 'h1', seen, () => slow);
    await appendCommands(writer, queue, batch(7));
    await until(() => seen.length === 1, 'the first batch');
    let stopped = false;
    const stopping = first.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still carrying batch 7 out: stop waits for it.
    expect(stopped).toBe(false);
    await appendCommands(writer, queue, batch(8));
    release();
    await stopping;
    expect(seen).toEqual([7]);
    const next = await holder(queue, 'h2', seen);
    await until(() => seen.length === 2, 'the batch sent after the stop');
    expect(seen).toEqual([7, 8]);
    await next.stop();
  });

  it('reads on when its queue expired while idle and a new batch made it again, without the group', async () => {
    const queue = key();
    const seen: number[] = [];
    const only = await holder(queue, 'h1', seen);
    await appendCommands(writer, queue, batch(9));
    await until(() => seen.length === 1, 'the first batch');
    await writer.del(queue);
    await appendCommands(writer, queue, batch(10));
    await until(() => seen.length === 2, 'the batch after the queue came back');
    expect(seen).toEqual([9, 10]);
    await only.stop();
  });
});
