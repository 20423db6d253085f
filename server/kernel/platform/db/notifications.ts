import pg from 'pg';
import { untilConnected } from './connectRetry.js';

/** What a listener is told about its connection (Database.listen). */
export interface ListenHooks {
  /** The connection broke: notices sent from now until `onListening` are lost. */
  onLost?(): void;
  /** Listening again after a loss: what was held on the strength of the notices must be read again. */
  onListening?(): void;
}

interface Subscriber {
  onMessage(payload: string): void;
  hooks: ListenHooks;
}

/** How long a broken listening connection waits before it connects again (and again, until it can). */
export const RELISTEN_MS = 250;

/**
 * One connection per Database for every LISTEN of the process on it (session revocations, the
 * caches of kernel/platform/caches.ts): a pooled connection would be handed back, and one per
 * channel would cost a connection each. A notice sent while the connection is down is lost for
 * good (PostgreSQL keeps none for a listener that is not there), so a broken connection tells
 * every subscriber `onLost` at once, connects again every RELISTEN_MS until it can, and tells
 * `onListening` once it listens again: a cache then forgets all it holds instead of trusting
 * what may have changed meanwhile. Never fatal to the process.
 */
export function notificationListener(config: pg.ClientConfig, relistenMs = RELISTEN_MS) {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const everyone = () => [...channels.values()].flatMap((set) => [...set]);
  const tell = (subscribers: Subscriber[], hook: keyof ListenHooks) => {
    for (const s of subscribers) {
      try {
        s.hooks[hook]?.();
      } catch {
        // One subscriber's failure never keeps the others from hearing.
      }
    }
  };

  async function open(): Promise<pg.Client> {
    const fresh = new pg.Client(config);
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client !== fresh) return;
      client = undefined;
      if (closed) return;
      tell(everyone(), 'onLost');
      schedule();
    };
    fresh.on('error', onLost);
    fresh.on('end', onLost);
    fresh.on('notification', (message) => {
      for (const s of channels.get(message.channel) ?? []) s.onMessage(message.payload ?? '');
    });
    try {
      await fresh.connect();
      for (const channel of channels.keys()) await fresh.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      await fresh.end().catch(() => undefined);
      throw error;
    }
    return fresh;
  }

  function schedule(): void {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed || client || opening) return;
      opening = open();
      opening.then(
        (fresh) => {
          opening = undefined;
          if (closed) return void fresh.end().catch(() => undefined);
          client = fresh;
          tell(everyone(), 'onListening');
        },
        () => {
          opening = undefined;
          schedule();
        },
      );
    }, relistenMs);
    retry.unref();
  }

  return {
    /** Listens on `channel` (the first call connects; its failure is the caller's); answers how to stop. */
    async listen(channel: string, onMessage: (payload: string) => void, hooks: ListenHooks = {}): Promise<() => Promise<void>> {
      const subscriber: Subscriber = { onMessage, hooks };
      closed = false;
      const known = channels.get(channel);
      if (known) known.add(subscriber);
      else channels.set(channel, new Set([subscriber]));
      try {
        if (!client) {
          // The first subscriber connects (and listens on every channel known then); the others wait for it.
          // A database full for a moment (nodes starting together: 53300) is waited for, as the pool's first connection is.
          opening ??= untilConnected(open).finally(() => (opening = undefined));
          client = await opening;
        }
        // LISTEN twice is harmless; a channel added while the connection was being opened is not missed.
        if (!known) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        channels.get(channel)?.delete(subscriber);
        if (channels.get(channel)?.size === 0) channels.delete(channel);
        throw error;
      }
      return async () => {
        const set = channels.get(channel);
        set?.delete(subscriber);
        if (set?.size === 0) {
          channels.delete(channel);
          await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
        if (channels.size > 0) return;
        closed = true;
        if (retry) clearTimeout(retry);
        const last = client;
        client = undefined;
        await last?.end().catch(() => undefined);
      };
    },
  };
}
