import type { WebSocket } from 'ws';
import { compareDecimal } from '../../../../domain/decimal.js';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';
import { balanceUpdates, type LedgerCursors, type LedgerRow } from './balanceUpdates.js';
import type { ListenKeyStore } from './listenKeys.js';
import { LISTEN_KEY } from './streamNames.js';
import { accountPosition, executionReports, isSpotOrder, newlyFilled, seenAfter, type Fill, type SeenOrder } from './userEvents.js';

/**
 * How often a node asks the store what became of the keys it holds connections on: the bound on
 * how long a connection outlives its key's DELETE on another node, or its expiry.
 */
const CHECK_EVERY_MS = 2000;
/** How often long-expired keys' rows are removed. */
const SWEEP_EVERY_MS = 60_000;

export interface UserStreamsOptions {
  /** The listenKeys themselves, in the database (listenKeys.ts): any node answers any key. */
  store: ListenKeyStore;
  /** Follows the user's private channel (offers' `channels.followUser`); answers the unfollow. */
  followUser(userId: number, listener: (message: UserChannelMessage) => void): () => void;
  /** The client order id of the user's spot order (clientOrders.ts; `ox<id>` when none was given). */
  clientIdOf(userId: number, order: { id: number; created_at: number }): Promise<string>;
  /**
   * The order's fills after trade `afterId`, oldest first (spot's trade rows): read only when a
   * push of an order filled more, for a user with a stream open — nothing on the order's own path.
   */
  fillsOf(userId: number, order: { id: number; symbol: string }, afterId: number): Promise<Fill[]>;
  /** Where a stream's `balanceUpdate`s start: the user's spot ledger as it is when its first connection opens (balanceUpdates.ts). */
  ledgerCursors(userId: number): Promise<LedgerCursors>;
  /** The user's spot ledger entries in `currencies` after the cursors: read when a push says those balances changed. */
  ledgerSince(userId: number, cursors: LedgerCursors, currencies: readonly string[]): Promise<LedgerRow[]>;
  clock?: () => number;
}

/** Ended orders a stream remembers: a repeated push of one comes within the same flush or the next. */
const ENDED_KEPT = 1000;

/** A key with connections on this node. */
interface ListenKey {
  userId: number;
  sockets: Set<WebSocket>;
  unfollow?: () => void;
  openedAt: number;
  seen: Map<number, SeenOrder>;
  /**
   * Orders told as ended (filled, cancelled, expired), newest last: the private channel may push an
   * ended order again (another notice of the same batch), which must not be told as new, its trades again.
   */
  ended: Set<number>;
  /**
   * The last spot ledger entry told per currency, from the connection's opening: movements are told
   * once each, from what committed, whichever pushes named them (undefined: not read yet).
   */
  ledger?: LedgerCursors;
  /** Pushes go out in the order heard, each after the client-id read of the one before. */
  queue: Promise<void>;
}

/**
 * Binance's spot user data stream: listenKeys made, kept alive and closed by the USER_STREAM calls
 * (one per user, as Binance answers the same key while it lives), and `/ws/<listenKey>` pushing
 * `executionReport` (a TRADE per trade, with its id, read from spot's trades) and
 * `outboundAccountPosition` from the user's private channel — followed, while a connection is
 * open, as a socket subscribed to it would be — and `balanceUpdate` from the spot ledger entries a
 * balance push leads to (balanceUpdates.ts). The keys are in the database, so in the scale-out
 * mode every call and connection may reach any node; a node follows the private channel only for
 * the keys it holds connections on, and ends those connections when the key ends anywhere.
 */
export function userDataStreams(options: UserStreamsOptions) {
  const clock = options.clock ?? Date.now;
  const { store } = options;
  /** Keys with connections here. */
  const keys = new Map<string, ListenKey>();
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

  function end(key: string, held: ListenKey, expired: boolean): void {
    if (keys.get(key) === held) keys.delete(key);
    for (const socket of held.sockets) {
      if (expired) socket.send(JSON.stringify({ e: 'listenKeyExpired', E: clock(), listenKey: key }));
      socket.close(1000, expired ? 'listenKey expired' : 'listenKey closed');
    }
    held.sockets.clear();
    held.unfollow?.();
    held.unfollow = undefined;
  }

  function heard(held: ListenKey, message: UserChannelMessage): void {
    held.queue = held.queue.then(async () => {
      const now = clock();
      const events: object[] = [];
      if (message.kind === 'order') {
        const order = (message as { order?: unknown }).order;
        if (!isSpotOrder(order) || held.ended.has(order.id)) return;
        const clientId = await options.clientIdOf(held.userId, order);
        const seen = held.seen.get(order.id);
        // Binance tells each trade with its id (bots dedupe fills by it): the trades are read when the push filled more.
        const filledMore = compareDecimal(newlyFilled(order, seen), '0') > 0;
        const fills = filledMore ? await options.fillsOf(held.userId, order, seen?.lastTradeId ?? 0).catch(() => []) : [];
        const reports = executionReports(order, clientId, seen, held.openedAt, clock(), fills);
        events.push(...reports);
        const after = seenAfter(order, reports, seen);
        if (after) held.seen.set(order.id, after);
        else {
          held.seen.delete(order.id);
          held.ended.add(order.id);
          if (held.ended.size > ENDED_KEPT) held.ended.delete(held.ended.values().next().value!);
        }
      } else if (message.kind === 'balance') {
        const rows = (message as { balances?: BalanceRow[] }).balances ?? [];
        // Binance tells a deposit's, withdrawal's or transfer's delta before the balances it left.
        events.push(...(await movements(held, rows)));
        const position = accountPosition(rows, now);
        if (position) events.push(position);
      }
      for (const event of events) for (const socket of held.sockets) if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    }).catch(() => undefined);
  }

  /**
   * The `balanceUpdate`s of the spot balances a push named: the ledger's entries after the stream's
   * cursors. A failed read moves no cursor, so the next push of the currency tells them.
   */
  async function movements(held: ListenKey, rows: readonly BalanceRow[]): Promise<object[]> {
    const currencies = [...new Set(rows.filter((r) => r.account === 'spot').map((r) => r.currency))];
    if (currencies.length === 0) return [];
    const cursors = held.ledger ?? (held.ledger = await options.ledgerCursors(held.userId).catch(() => undefined));
    if (!cursors) return [];
    const read = await options.ledgerSince(held.userId, cursors, currencies).catch(() => []);
    return balanceUpdates(read, cursors, clock());
  }

  return {
    /** POST: the user's live key (kept alive) or a new one. */
    create: (userId: number): Promise<string> => store.create(userId),
    /** PUT: 60 more minutes; false when the key is not the user's live key. */
    keepAlive: (userId: number, key: string): Promise<boolean> => store.keepAlive(userId, key),
    /** DELETE: the key ends, its connections here closed at once (on other nodes at their next check). */
    async close(userId: number, key: string): Promise<boolean> {
      if (!(await store.close(userId, key))) return false;
      const held = keys.get(key);
      if (held) end(key, held, false);
      return true;
    },
    /** A connection to /ws/<name>: taken when the name is a live listenKey (hub.ts privateStream). */
    async open(name: string, socket: WebSocket): Promise<boolean> {
      if (!LISTEN_KEY.test(name)) return false;
      const userId = await store.userOf(name).catch(() => undefined);
      if (userId === undefined) return false;
      if (socket.readyState !== socket.OPEN) return true;
      let held = keys.get(name);
      if (!held) {
        held = { userId, sockets: new Set(), openedAt: clock(), seen: new Map(), ended: new Set(), queue: Promise.resolve() };
        keys.set(name, held);
        const stream = held;
        held.unfollow = options.followUser(userId, (message) => heard(stream, message));
        // The ledger as it is now, read before any push heard from here on (they wait in the queue).
        held.queue = held.queue.then(async () => {
          stream.ledger = await options.ledgerCursors(userId).catch(() => undefined);
        });
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
      return true;
    },
    stop(): void {
      clearInterval(checker);
      clearInterval(sweeper);
      for (const [key, held] of [...keys]) end(key, held, false);
    },
  };
}
