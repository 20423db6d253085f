// What the cluster's processes tell each other over Redis (docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's
// Redis adapter"): pushes in one stream of our own, snapshots and owners in hashes, commands in each entry's queue,
// answers in each caller's reply stream.

/** One turn's commands from one caller; a holder that reads them past `deadline` (epoch ms) drops them unread. */
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

export const MARKET_NOT_HERE = 'market not here';
/** An owner's beat in the owners hash: its ticks are shown paused once it falls silent. */
export interface OwnerBeat {
  instance: string;
  at: number;
  ticks: string[];
  /** The entry's fencing token when its holder took it (0: nothing fenced); a beat of a lower one is stale. */
  epoch?: number;
}
/** A socket-serving process's users with a socket on their private channel now (empty: it stopped). */
export interface ListenerReport {
  edge: string;
  users: number[];
}

/** A gateway reports after each change and this often; owners forget one unheard for three. */
export const LISTENER_HEARTBEAT_MS = 5000;
export const ALIVE_EVERY_MS = 1000;
/** Four beats unheard: one busy second is not a pause. */
export const SILENT_AFTER_MS = 4 * ALIVE_EVERY_MS;
export const DEFAULT_BUS_PREFIX = 'openex:realtime';

/** The cluster's Redis names under one prefix (REALTIME_BUS_PREFIX), so several exchanges or test files share a Redis. */
export const clusterKeys = (prefix: string) => ({
  sockets: `${prefix}:sockets`,
  /** Hash: channel → what a new subscriber gets now. */
  snapshots: `${prefix}:snapshots`,
  /** Hash: entry → its holder's OwnerBeat. */
  owners: `${prefix}:owners`,
  /** Pub/sub: a holder began, moved or stopped (followers look at once, not at their next second). */
  ownersChanged: `${prefix}:owners-changed`,
  /** Pub/sub: ListenerReport, repeated, so none needs keeping. */
  listeners: `${prefix}:listeners`,
  /** Pub/sub: an owner that began asks every gateway to report now. */
  listenersAsked: `${prefix}:listeners-asked`,
  replies: (caller: string) => `${prefix}:replies:${caller}`,
  commandQueue: (entry: string) => `${prefix}:process:${entry}:command-queue`,
});

/** A stream entry or pub/sub message as an object, else undefined (a junk entry is skipped, never thrown). */
export function jsonObject(text: string | null | undefined): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text ?? '') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
