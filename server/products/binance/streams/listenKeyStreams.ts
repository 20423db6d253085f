import type { WebSocket } from 'ws';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { LedgerCursors } from './balanceUpdates.js';
import type { ListenKeyStore } from './listenKeys.js';
import { LISTEN_KEY } from './streamNames.js';

/**
 * How often a node asks the store what became of the keys it holds connections on: the bound on
 * how long a connection outlives its key's DELETE on another node, or its expiry.
 */
const CHECK_EVERY_MS = 2000;
/** How often long-expired keys' rows are removed. */
const SWEEP_EVERY_MS = 60_000;
/** Ended orders a stream remembers: a repeated push of one comes within the same flush or the next. */
const ENDED_KEPT = 1000;

/**
 * Remembers an order a stream told as ended (filled, cancelled, expired), forgetting the oldest past
 * ENDED_KEPT: the private channel may push an ended order again (another notice of the same batch),
 * which must not be told as new, nor its trades again.
 */
export function rememberEnded(ended: Set<number>, id: number): void {
  ended.add(id);
  if (ended.size > ENDED_KEPT) ended.delete(ended.values().next().value!);
}

/**
 * What a user data stream (spot's, futures') remembers between pushes: what it last told of each
 * working order, the orders told as ended (rememberEnded), and its ledger cursors (balanceUpdates.ts;
 * undefined until read).
 */
export interface OrderStream<Seen> {
  userId: number;
  openedAt: number;
  seen: Map<number, Seen>;
  ended: Set<number>;
  ledger?: LedgerCursors;
}

/** A stream as its first connection opens: nothing told yet. */
export const freshStream = <Seen>(userId: number, openedAt: number): OrderStream<Seen> => ({ userId, openedAt, seen: new Map(), ended: new Set() });

/**
 * What one market's user data stream makes of the private channel (spot's executionReport…,
 * USDⓈ-M futures' ORDER_TRADE_UPDATE…): a state per stream, made when its first connection on this
 * node opens, and the events each push leads to.
 */
export interface StreamKind<S> {
  /** `key`: the listenKey the stream is opened by (none for the WebSocket API's signature subscription). */
  begin(userId: number, openedAt: number, key?: string): S;
  /** Read before any push is handled (it waits in the stream's queue): e.g. where the ledger stands now. */
  prepare?(state: S): Promise<void>;
  heard(state: S, message: UserChannelMessage): Promise<object[]>;
}

export interface ListenKeyStreamsOptions<S> {
  /** The market's listenKeys, in the database (listenKeys.ts): any node answers any key. */
  store: ListenKeyStore;
  /** Follows the user's private channel (offers' `channels.followUser`); answers the unfollow. */
  followUser(userId: number, listener: (message: UserChannelMessage) => void): () => void;
  kind: StreamKind<S>;
  clock?: () => number;
}

/** A key with connections on this node. */
interface Held<S> {
  sockets: Set<WebSocket>;
  unfollow?: () => void;
  state: S;
  /** Pushes are handled in the order heard, each after the reads of the one before. */
  queue: Promise<void>;
}

/**
 * One market's user data streams: listenKeys made, kept alive and closed by the USER_STREAM calls
 * (one per user and market, as Binance answers the same key while it lives), and `/ws/<listenKey>`
 * connections fed from the user's private channel, followed while a connection is open here as a
 * socket subscribed to it would be. The keys are in the database, so in the scale-out mode every
 * call and connection may reach any node; a node follows the channel only for the keys it holds
 * connections on, and ends those connections (`listenKeyExpired` first when the key ran out) when
 * the key ends anywhere.
 */
export function listenKeyStreams<S>(options: ListenKeyStreamsOptions<S>) {
  const clock = options.clock ?? Date.now;
  const { store, kind } = options;
  const keys = new Map<string, Held<S>>();
  const checker = setInterval(() => void check(), CHECK_EVERY_MS);
  checker.unref();
  const sweeper = setInterval(() => void store.sweep().catch(() => undefined), SWEEP_EVERY_MS);
  sweeper.unref();

  /** Ends the connections of keys closed or expired, wherever that was said. A failed read ends nothing. */
  async function check(): Promise<void> {
    if (keys.size === 0) return;
    const states = await store.states([...keys.keys()]).catch(() => undefined);
    if (!states) return;
    for (const [key, held] of [...keys]) {
      const state = states.get(key);
      if (state !== 'live') end(key, held, state === 'expired');
    }
  }

  function end(key: string, held: Held<S>, expired: boolean): void {
    if (keys.get(key) === held) keys.delete(key);
    for (const socket of held.sockets) {
      if (expired) socket.send(JSON.stringify({ e: 'listenKeyExpired', E: clock(), listenKey: key }));
      socket.close(1000, expired ? 'listenKey expired' : 'listenKey closed');
    }
    held.sockets.clear();
    held.unfollow?.();
    held.unfollow = undefined;
  }

  function heard(held: Held<S>, message: UserChannelMessage): void {
    held.queue = held.queue
      .then(async () => {
        const events = await kind.heard(held.state, message);
        for (const event of events) for (const socket of held.sockets) if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      })
      .catch(() => undefined);
  }

  function attach(name: string, userId: number, socket: WebSocket): void {
    if (socket.readyState !== socket.OPEN) return;
    let held = keys.get(name);
    if (!held) {
      const state = kind.begin(userId, clock(), name);
      const fresh: Held<S> = { sockets: new Set(), state, queue: Promise.resolve() };
      keys.set(name, fresh);
      fresh.unfollow = options.followUser(userId, (message) => heard(fresh, message));
      // Before any push heard from here on (they wait in the queue).
      if (kind.prepare) fresh.queue = kind.prepare(state).catch(() => undefined);
      held = fresh;
    }
    const stream = held;
    stream.sockets.add(socket);
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      stream.sockets.delete(socket);
      if (stream.sockets.size > 0) return;
      // The last connection here: the key lives on in the store; a new connection starts a fresh stream.
      if (keys.get(name) === stream) keys.delete(name);
      stream.unfollow?.();
      stream.unfollow = undefined;
    });
  }

  return {
    /** POST: the user's live key (kept alive) or a new one. */
    create: (userId: number): Promise<string> => store.create(userId),
    /** The user's live key, if any. */
    liveKeyOf: (userId: number): Promise<string | undefined> => store.liveKeyOf(userId),
    /** PUT: 60 more minutes; false when the key is not the user's live key. */
    keepAlive: (userId: number, key: string): Promise<boolean> => store.keepAlive(userId, key),
    /** DELETE: the key ends, its connections here closed at once (on other nodes at their next check). */
    async close(userId: number, key: string): Promise<boolean> {
      if (!(await store.close(userId, key))) return false;
      const held = keys.get(key);
      if (held) end(key, held, false);
      return true;
    },
    /**
     * A connection to /ws/<name> before its handshake (hub.ts privateStream): when the name is a
     * live listenKey of this market, what takes the connection once open — so the stream follows
     * the user's channel before the client sees the connection open, and misses nothing after.
     */
    async claim(name: string): Promise<((socket: WebSocket) => void) | undefined> {
      if (!LISTEN_KEY.test(name)) return undefined;
      const userId = await store.userOf(name).catch(() => undefined);
      return userId === undefined ? undefined : (socket) => attach(name, userId, socket);
    },
    /**
     * The user's events without a key (the WebSocket API's signature subscription, wsApi.ts): a
     * stream of its own, from now on, each event to `push`; answers the unfollow.
     */
    follow(userId: number, push: (event: object) => void): () => void {
      const state = kind.begin(userId, clock());
      let queue: Promise<void> = kind.prepare ? kind.prepare(state).catch(() => undefined) : Promise.resolve();
      let following = true;
      const unfollow = options.followUser(userId, (message) => {
        queue = queue
          .then(async () => {
            const events = await kind.heard(state, message);
            if (following) for (const event of events) push(event);
          })
          .catch(() => undefined);
      });
      return () => {
        following = false;
        unfollow();
      };
    },
    stop(): void {
      clearInterval(checker);
      clearInterval(sweeper);
      for (const [key, held] of [...keys]) end(key, held, false);
    },
  };
}

export type ListenKeyStreams = ReturnType<typeof listenKeyStreams>;
