import { Redis } from 'ioredis';

// Redis Streams as the cluster's own queues use them (commandQueue.ts, the reply streams of shards/follower.ts). A
// reader has a connection of its own and reads on from the last id it saw, so a broken connection misses nothing
// appended meanwhile.
const BLOCK_MS = 1000;
const READ_COUNT = 500;

/** When each key's expiry was last pushed back: once every few seconds, not once an append. */
const expirySetAt = new Map<string, number>();

/** Appends `text` as the entry's one field, trimming what is older than `keepMs`. Trimming happens on appends only, so the key also expires 5 × `keepMs` after its last one: a stopped caller's replies do not stay in Redis for good. */
export function appendTrimmed(redis: Redis, key: string, text: string, keepMs: number): Promise<unknown> {
  const now = Date.now();
  const appended = redis.xadd(key, 'MINID', '~', String(now - keepMs), '*', 'm', text);
  if (now - (expirySetAt.get(key) ?? 0) > keepMs / 6) {
    expirySetAt.set(key, now);
    redis.pexpire(key, 5 * keepMs).catch(() => undefined);
  }
  return appended;
}

/** Hands every entry appended to `key` from now on to `handle`, in order. */
export async function followStream(url: string, key: string, connectionName: string, handle: (text: string) => void, log: (message: string, error?: unknown) => void): Promise<{ stop(): void }> {
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
