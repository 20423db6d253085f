import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import { compareDecimal } from '../../../../domain/decimal.js';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';
import { balanceUpdates, type LedgerCursors, type LedgerRow } from './balanceUpdates.js';
import { LISTEN_KEY } from './streamNames.js';
import { accountPosition, executionReports, isSpotOrder, newlyFilled, seenAfter, type Fill, type SeenOrder } from './userEvents.js';

/** A listenKey lives 60 minutes from its creation or last keepalive (Binance's rule). */
export const LISTEN_KEY_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface UserStreamsOptions {
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

interface ListenKey {
  userId: number;
  expiresAt: number;
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
 * balance push leads to (balanceUpdates.ts). The keys live in this process:
 * in the scale-out mode a key answers on the node that made it (docs/API.md).
 */
export function userDataStreams(options: UserStreamsOptions) {
  const clock = options.clock ?? Date.now;
  const keys = new Map<string, ListenKey>();
  const byUser = new Map<number, string>();
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();

  function live(key: string): ListenKey | undefined {
    const held = keys.get(key);
    return held && held.expiresAt > clock() ? held : undefined;
  }

  function sweep(): void {
    const now = clock();
    for (const [key, held] of keys) if (held.expiresAt <= now) end(key, held, true);
  }

  function end(key: string, held: ListenKey, expired: boolean): void {
    keys.delete(key);
    if (byUser.get(held.userId) === key) byUser.delete(held.userId);
    for (const socket of held.sockets) {
      if (expired) socket.send(JSON.stringify({ e: 'listenKeyExpired', E: clock(), listenKey: key }));
      socket.close(1000, expired ? 'listenKey expired' : 'listenKey closed');
    }
    held.unfollow?.();
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
    create(userId: number): string {
      const existing = byUser.get(userId);
      const held = existing ? live(existing) : undefined;
      if (existing && held) {
        held.expiresAt = clock() + LISTEN_KEY_MS;
        return existing;
      }
      let key = '';
      for (let i = 0; i < 60; i++) key += ALPHABET[randomInt(ALPHABET.length)];
      keys.set(key, { userId, expiresAt: clock() + LISTEN_KEY_MS, sockets: new Set(), openedAt: clock(), seen: new Map(), ended: new Set(), queue: Promise.resolve() });
      byUser.set(userId, key);
      return key;
    },
    /** PUT: 60 more minutes; false when the key is not the user's live key. */
    keepAlive(userId: number, key: string): boolean {
      const held = live(key);
      if (!held || held.userId !== userId) return false;
      held.expiresAt = clock() + LISTEN_KEY_MS;
      return true;
    },
    /** DELETE: the key ends, its connections closed. */
    close(userId: number, key: string): boolean {
      const held = live(key);
      if (!held || held.userId !== userId) return false;
      end(key, held, false);
      return true;
    },
    /** A connection to /ws/<name>: taken when the name is a live listenKey (hub.ts privateStream). */
    open(name: string, socket: WebSocket): boolean {
      if (!LISTEN_KEY.test(name)) return false;
      const held = live(name);
      if (!held) return false;
      if (held.sockets.size === 0) {
        held.openedAt = clock();
        held.unfollow = options.followUser(held.userId, (message) => heard(held, message));
        // The ledger as it is now, read before any push heard from here on (they wait in the queue).
        held.queue = held.queue.then(async () => {
          held.ledger = await options.ledgerCursors(held.userId).catch(() => undefined);
        });
      }
      held.sockets.add(socket);
      socket.on('error', () => socket.terminate());
      socket.on('close', () => {
        held.sockets.delete(socket);
        if (held.sockets.size > 0) return;
        held.unfollow?.();
        held.unfollow = undefined;
        held.seen.clear();
        held.ledger = undefined;
      });
      return true;
    },
    stop(): void {
      clearInterval(sweeper);
      for (const [key, held] of keys) end(key, held, false);
    },
  };
}
