import { Redis } from 'ioredis';

/**
 * A serving process's stream as a Redis Stream that every follower reads on its own (XREAD from
 * the last id it saw), in place of pub/sub, which keeps nothing: a follower whose connection breaks
 * reads, once it is back, what was appended meanwhile — the user notices above all, which carry
 * their own payload and have no snapshot to recover them — as long as the stream still holds it
 * (KEEP_MS). Order is the stream's, so one appending connection keeps the order it sent in.
 */

/** What the stream keeps for a follower that was away; its books come back by a sync anyway. */
export const STREAM_KEEP_MS = 60_000;
/** How long one blocking read waits before it looks again whether it was stopped. */
const BLOCK_MS = 1000;
/** Turns taken in one read. */
const READ_COUNT = 500;

/** When each key's expiry was last pushed back: once every few seconds, not once an append. */
const expirySetAt = new Map<string, number>();

/**
 * Appends `text` to the stream `key` as its one field, trimming (approximately: cheap) what is older
 * than `keepMs`. Trimming happens on appends only, so the key also expires five `keepMs` after its
 * last append: a stopped process's last entries (a test run's, a renamed prefix's) do not stay in
 * Redis for good. The one way both the bus's streams and the command queues append.
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

/** Appends one turn's messages to a serving process's stream. */
export function appendToStream(redis: Redis, key: string, text: string): Promise<unknown> {
  return appendTrimmed(redis, key, text, STREAM_KEEP_MS);
}

/**
 * Reads every turn appended to `key` from now on, in order, on a connection of its own (a blocking
 * read holds it), and hands each to `handle`. `reconnected` is told when the connection is back
 * after a break (what was appended meanwhile is read all the same; a follower syncs its books
 * again, which is cheap, rather than tell whether the stream still held all of it).
 */
export async function followStream(
  url: string,
  key: string,
  connectionName: string,
  handle: (text: string) => void,
  reconnected: () => void,
  log: (message: string, error?: unknown) => void,
): Promise<{ stop(): void }> {
  const reader = new Redis(url, { maxRetriesPerRequest: 1, connectionName });
  reader.on('error', (error) => log('realtime bus (read)', error));
  let readyBefore = false;
  reader.on('ready', () => {
    if (readyBefore) reconnected();
    readyBefore = true;
  });
  // From the last turn appended before this call: nothing appended after it is missed.
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
        log('realtime bus: reading the stream failed; reading on from the last turn read', error);
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
