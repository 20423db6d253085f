import { Redis } from 'ioredis';

/**
 * Redis Streams as the cluster's own queues use them: the command queues (commandQueue.ts) and the
 * callers' reply streams (shards/follower.ts). A reader follows a stream on a connection of its own (XREAD
 * from the last id it saw), so one whose connection breaks reads what was appended meanwhile.
 */

/** How long one blocking read waits before it looks again whether it was stopped. */
const BLOCK_MS = 1000;
/** Entries taken in one read. */
const READ_COUNT = 500;

/** When each key's expiry was last pushed back: once every few seconds, not once an append. */
const expirySetAt = new Map<string, number>();

/**
 * Appends `text` to the stream `key` as its one field, trimming (approximately: cheap) what is older
 * than `keepMs`. Trimming happens on appends only, so the key also expires five `keepMs` after its
 * last append: a stopped caller's replies (a test run's, a renamed prefix's) do not stay in Redis
 * for good.
 */
export function appendTrimmed(redis: Redis, key: string, text: string, keepMs: number): Promise<unknown> {
  const now = Date.now();
  const appended = redis.xadd(key, 'MINID', '~', String(now - keepMs), '*', 'm', text);
  if (now - (expirySetAt.get(key) ?? 0) > keepMs / 6) {
    expirySetAt.set(key, now);
    redis.pexpire(key, 5 * keepMs).catch(() => undefined);
  }
  return appended;
}

/**
 * Reads every entry appended to `key` from now on, in order, on a connection of its own (a blocking
 * read holds it), and hands each to `handle`; after a broken connection it reads on from the last
 * entry it read.
 */
export async function followStream(
  url: string,
  key: string,
  connectionName: string,
  handle: (text: string) => void,
  log: (message: string, error?: unknown) => void,
): Promise<{ stop(): void }> {
  const reader = new Redis(url, { maxRetriesPerRequest: 1, connectionName });
  reader.on('error', (error) => log('cluster: reading a stream', error));
  // From the last entry appended before this call: nothing appended after it is missed.
  const [last] = (await reader.xrevrange(key, '+', '-', 'COUNT', 1)) as Array<[string, string[]]>;
  let after = last?.[0] ?? '0-0';
  let stopped = false;
  void (async () => {
    while (!stopped) {
      try {
        const answer = (await reader.xread('COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS', key, after)) as Array<[string, Array<[string, string[]]>]> | null;
        for (const [id, fields] of answer?.[0]?.[1] ?? []) {
          after = id;
          if (!stopped) handle(fields[1] ?? '');
        }
      } catch (error) {
        if (stopped) return;
        log('cluster: reading a stream failed; reading on from the last entry read', error);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  })();
  return {
    stop() {
      stopped = true;
      reader.disconnect();
    },
  };
}
