import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { WalletAccount } from '../../ledger/ledger.js';
import type { UserOrder } from '../userFeed.js';

/**
 * What the serving process (the one running the markets and products) tells the realtime edges
 * over the bus, in the order it happened there: public channel payloads as the gateway publishes
 * them, what the private user channel needs to hear (the same calls as kernel UserFeed), pairs
 * opened while running, its start, and the answer to an edge's request for every snapshot.
 */
export type BusMessage =
  | { k: 'channel'; channel: string; payload: object }
  | { k: 'orders'; userId: number; orders: UserOrder[] }
  | { k: 'balances'; userId: number; rows: Array<{ currency: string; account: WalletAccount }> }
  | { k: 'user'; userId: number; message: UserChannelMessage }
  | { k: 'pair'; left: string; right: string }
  /** The serving process started: every edge's copy of the channels is out of date (its books were rebuilt). */
  | { k: 'hello'; instance: string }
  /**
   * The serving process is running (every ALIVE_EVERY_MS, whatever else it sends): a follower that
   * hears nothing for SILENT_AFTER_MS shows its markets as paused (EdgeSync). `url`: where the
   * server listens, once it does, for the cluster nodes' fronts to send it the calls they pass on.
   */
  | { k: 'alive'; instance: string; url?: string }
  /**
   * The serving process is stopping in order (SIGTERM): its followers show its markets paused and
   * refuse its commands at once, as not done, until a new instance says hello.
   */
  | { k: 'bye'; instance: string }
  /**
   * What a new subscriber would get on each channel now, for the edge that asked with `nonce`, and
   * every channel the server has (a pair listed while the edge was away has no `pair` message for it),
   * and where it listens (as its beats say).
   */
  | { k: 'sync'; nonce: string; instance: string; channels: string[]; snapshots: Record<string, object>; url?: string }
  /**
   * A market process's answer to command `id` from the server `to` (kernel/shards): its `result`, or
   * an `error` — MARKET_NOT_HERE when the market does not run in that process. In the stream, so the
   * server hears it after the user notices and market data of the same batch.
   */
  | { k: 'reply'; to: string; id: number; result?: unknown; error?: string };

/**
 * Commands from one server to a market process, sent together (one turn's worth). `deadline` (ms
 * since the epoch): when its caller stops waiting; a holder that reads it later drops it unread.
 */
export interface CommandBatch {
  from: string;
  deadline: number;
  commands: Array<{ id: number; market: string; command: unknown }>;
}

/** The `error` of a reply for a market that does not run in the process that got the command. */
export const MARKET_NOT_HERE = 'market not here';

/**
 * The bus's Redis names under one prefix (REALTIME_BUS_PREFIX), so several exchanges or test files
 * can share a Redis: the pub/sub channels (the stream, sync requests, listener reports) and the
 * Redis Stream of a market process's commands (kernel/shards/commandQueue.ts).
 */
export const busChannels = (prefix: string) => ({
  stream: `${prefix}:stream`,
  sync: `${prefix}:sync`,
  listeners: `${prefix}:listeners`,
  commandQueue: `${prefix}:command-queue`,
});

/**
 * An edge's report to the serving process: every user whose private channel has a socket on it
 * now. Sent after changes and as a heartbeat; `users` empty when the edge stops.
 */
export interface ListenerReport {
  edge: string;
  users: number[];
}

export const DEFAULT_BUS_PREFIX = 'openex:realtime';

/** How often a serving process says it is running. */
export const ALIVE_EVERY_MS = 1000;
/**
 * How long a follower waits, hearing nothing, before it takes the serving process for gone: four
 * beats, so one busy second or a slow PUBLISH is not a pause.
 */
export const SILENT_AFTER_MS = 4 * ALIVE_EVERY_MS;
