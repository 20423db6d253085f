import { Redis } from 'ioredis';
import { appendCommands, consumeCommands } from './commandQueue.js';
import { appendToStream, followStream } from './streamLog.js';
import { busChannels, type BusMessage, type CommandBatch, type ListenerReport } from './messages.js';

/**
 * The realtime bus over Redis (docs/ARCHITECTURE.md "Scale-out: realtime edges").
 *
 * The serving process sends; what it sends in one turn of its event loop goes out as one entry of
 * its Redis Stream (a JSON array, streamLog.ts), so a batch of market data costs Redis one entry,
 * not one per channel, and a follower that was away reads what it missed. One appending connection
 * keeps the order: an edge receives the messages in the order they were sent, and an answer to its
 * sync request after everything sent before it. Edges ask for a sync, and report their listeners,
 * over pub/sub (both are asked again and again); commands go into the process's command queue
 * (commandQueue.ts).
 */
export interface RealtimeBus {
  /** Queued; goes out with the rest of this turn's messages. */
  send(message: BusMessage): void;
  /** Every message of the stream, in order (edges). */
  onStream(handler: (messages: BusMessage[]) => void): Promise<void>;
  /**
   * Told when the stream's reading connection is back after a break: what was appended meanwhile is
   * read all the same, and an edge syncs its books again.
   */
  onResubscribed(handler: () => void): void;
  /** Sync requests (the serving process). */
  onSyncRequest(handler: (nonce: string) => void): Promise<void>;
  /** Asks the serving process for every channel's snapshot; the answer arrives in the stream. */
  requestSync(nonce: string): Promise<void>;
  /** An edge's listeners, to the serving process (at once, not with the stream). */
  reportListeners(report: ListenerReport): Promise<void>;
  /** The edges' reports (the serving process). */
  onListenerReport(handler: (report: ListenerReport) => void): Promise<void>;
  /** Commands to the market process on this bus (the server): queued in its Redis Stream for whoever holds it. */
  sendCommands(batch: CommandBatch): Promise<void>;
  /**
   * The commands sent to this bus (its holder, reading as `consumer`): each batch once `handle`d is
   * acknowledged; one past its deadline, or not a batch, is dropped (logged). `stop` takes no more.
   */
  onCommands(consumer: string, handle: (batch: CommandBatch) => Promise<void>): Promise<{ stop(): Promise<void> }>;
  close(): Promise<void>;
}

export function openRedisBus(url: string, prefix: string, log: (message: string, error: unknown) => void = () => undefined): RealtimeBus {
  const names = busChannels(prefix);
  // A command fails after one reconnect attempt while Redis is down, instead of waiting in the
  // offline queue through twenty; the connections reconnect by themselves.
  const options = { maxRetriesPerRequest: 1 } as const;
  const publisher = new Redis(url, { ...options, connectionName: `${prefix}:publisher` });
  let subscriber: Redis | undefined;
  publisher.on('error', (error) => log('realtime bus (publish)', error));
  let queued: BusMessage[] = [];
  let scheduled = false;
  // While Redis is away every turn's publish fails: said once, and again once it works.
  let failing = false;
  let resubscribed: (() => void) | undefined;
  const readers: Array<{ stop(): void }> = [];

  const flush = () => {
    scheduled = false;
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    appendToStream(publisher, names.stream, JSON.stringify(batch)).then(
      () => {
        if (failing) log('realtime bus: publishing again', undefined);
        failing = false;
      },
      (error: unknown) => {
        if (!failing) log('realtime bus publish failed (messages are dropped until Redis answers again)', error);
        failing = true;
      },
    );
  };

  const listen = async (channel: string, handler: (text: string) => void): Promise<void> => {
    if (!subscriber) {
      // Named, so an operator (or a test) can tell the bus's connections apart in CLIENT LIST.
      subscriber = new Redis(url, { ...options, connectionName: `${prefix}:subscriber` });
      subscriber.on('error', (error) => log('realtime bus (subscribe)', error));
    }
    const own = subscriber;
    own.on('message', (from: string, text: string) => {
      if (from === channel) handler(text);
    });
    await own.subscribe(channel);
  };

  return {
    send(message) {
      queued.push(message);
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    async onStream(handler) {
      const reading = await followStream(
        url,
        names.stream,
        `${prefix}:reader`,
        (text) => {
          let messages: unknown;
          try {
            messages = JSON.parse(text);
          } catch (error) {
            return log('realtime bus: a stream message that is not JSON', error);
          }
          if (Array.isArray(messages)) handler(messages as BusMessage[]);
        },
        () => resubscribed?.(),
        log,
      );
      readers.push(reading);
    },
    onResubscribed(handler) {
      resubscribed = handler;
    },
    onSyncRequest: (handler) => listen(names.sync, (nonce) => handler(nonce.slice(0, 64))),
    requestSync: async (nonce) => {
      await publisher.publish(names.sync, nonce);
    },
    reportListeners: async (report) => {
      await publisher.publish(names.listeners, JSON.stringify(report));
    },
    onListenerReport: (handler) =>
      listen(names.listeners, (text) => {
        try {
          const report = JSON.parse(text) as Partial<ListenerReport>;
          if (typeof report.edge === 'string' && Array.isArray(report.users) && report.users.every(Number.isSafeInteger)) handler(report as ListenerReport);
        } catch (error) {
          log('realtime bus: a listener report that is not JSON', error);
        }
      }),
    sendCommands: (batch) => appendCommands(publisher, names.commandQueue, batch),
    onCommands: (consumer, handle) => consumeCommands(url, names.commandQueue, consumer, publisher, handle, log),
    async close() {
      flush();
      for (const reading of readers) reading.stop();
      await Promise.allSettled([publisher.quit(), subscriber?.quit()]);
    },
  };
}
