
/**
 * What the cluster's processes tell each other over Redis (docs/ARCHITECTURE.md "Scale-out:
 * sockets on socket.io's Redis adapter"). The processes that own markets and products write their
 * pushes into one Redis Stream of our own (owner.ts, `{ room, payload }` entries), which every
 * process that serves sockets follows (cluster.ts joinSocketsStream). What a
 * new subscriber gets is kept beside it (the snapshots hash), who owns what in the owners hash.
 * Commands go to an entry's holder through a queue read by a consumer group (commandQueue.ts),
 * their answers to the caller's reply stream.
 */

/**
 * Commands from one caller to an entry's holder, sent together (one turn's worth). `deadline` (ms
 * since the epoch): when its caller stops waiting; a holder that reads it later drops it unread.
 * `replyTo`: the caller's reply stream.
 */
export interface CommandBatch {
  from: string;
  replyTo: string;
  deadline: number;
  commands: Array<{ id: number; market: string; command: unknown }>;
}

/** A holder's answer to command `id` of caller `to`: its `result`, or an `error` (MARKET_NOT_HERE: nothing was done). */
export interface CommandReply {
  to: string;
  id: number;
  result?: unknown;
  error?: string;
}

/** The `error` of a reply for a market that does not run in the process that got the command. */
export const MARKET_NOT_HERE = 'market not here';

/**
 * What an owner (the server, or the holder of a pool entry) says of itself in the owners hash at
 * every beat: which instance holds the entry and the ticks it published (shown paused once it
 * falls silent).
 */
export interface OwnerBeat {
  instance: string;
  at: number;
  ticks: string[];
  /** The entry's fencing token when its holder took it (0 where nothing is fenced): a beat of a lower one is stale. */
  epoch?: number;
}

/**
 * A socket-serving process's report to the owners: every user whose private channel has a socket
 * on it now. Sent after changes and as a heartbeat; `users` empty when it stops.
 */
export interface ListenerReport {
  edge: string;
  users: number[];
}

export const DEFAULT_BUS_PREFIX = 'openex:realtime';

/** The cluster's Redis names under one prefix (REALTIME_BUS_PREFIX), so several exchanges or test files can share a Redis. */
export const clusterKeys = (prefix: string) => ({
  /** The sockets stream: every owner's push, to every socket-serving process. */
  sockets: `${prefix}:sockets`,
  /** Hash: channel → what a new subscriber gets now (a depth, trades or candle snapshot, else the last payload). */
  snapshots: `${prefix}:snapshots`,
  /** Hash: entry → its holder's OwnerBeat. */
  owners: `${prefix}:owners`,
  /** Pub/sub: an entry's holder began, moved or stopped (followers look at the owners at once, not at their next second). */
  ownersChanged: `${prefix}:owners-changed`,
  /** Pub/sub: ListenerReport (repeated every few seconds, so none needs keeping). */
  listeners: `${prefix}:listeners`,
  /** Pub/sub: an owner that began asks every gateway to report its listeners now. */
  listenersAsked: `${prefix}:listeners-asked`,
  /** A caller's reply stream. */
  replies: (caller: string) => `${prefix}:replies:${caller}`,
  /** An entry's command queue. */
  commandQueue: (entry: string) => `${prefix}:process:${entry}:command-queue`,
});

export type ClusterKeys = ReturnType<typeof clusterKeys>;

/** How often an owner says it is running. */
export const ALIVE_EVERY_MS = 1000;
/**
 * How long a follower waits, hearing nothing, before it takes an owner for gone: four beats, so one
 * busy second is not a pause.
 */
export const SILENT_AFTER_MS = 4 * ALIVE_EVERY_MS;
