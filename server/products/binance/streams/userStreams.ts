import { compareDecimal } from '../../../../domain/decimal.js';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';
import { balanceUpdates, type LedgerCursors, type LedgerRow } from './balanceUpdates.js';
import type { ListenKeyStore } from './listenKeys.js';
import { listenKeyStreams, rememberEnded, type StreamKind } from './listenKeyStreams.js';
import { accountPosition, executionReports, isSpotOrder, newlyFilled, seenAfter, type Fill, type SeenOrder } from './userEvents.js';

export interface UserStreamsOptions {
  /** The spot listenKeys themselves, in the database (listenKeys.ts): any node answers any key. */
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


/** What a spot stream remembers between pushes. */
interface SpotStream {
  userId: number;
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
}

/**
 * Binance's spot user data stream (the keys' life and connections: listenKeyStreams.ts):
 * `executionReport` (a TRADE per trade, with its id, read from spot's trades) and
 * `outboundAccountPosition` from the user's private channel, and `balanceUpdate` from the spot
 * ledger entries a balance push leads to (balanceUpdates.ts).
 */
export function userDataStreams(options: UserStreamsOptions) {
  const clock = options.clock ?? Date.now;

  /**
   * The `balanceUpdate`s of the spot balances a push named: the ledger's entries after the stream's
   * cursors. A failed read moves no cursor, so the next push of the currency tells them.
   */
  async function movements(stream: SpotStream, rows: readonly BalanceRow[]): Promise<object[]> {
    const currencies = [...new Set(rows.filter((r) => r.account === 'spot').map((r) => r.currency))];
    if (currencies.length === 0) return [];
    const cursors = stream.ledger ?? (stream.ledger = await options.ledgerCursors(stream.userId).catch(() => undefined));
    if (!cursors) return [];
    const read = await options.ledgerSince(stream.userId, cursors, currencies).catch(() => []);
    return balanceUpdates(read, cursors, clock());
  }

  const spot: StreamKind<SpotStream> = {
    begin: (userId, openedAt) => ({ userId, openedAt, seen: new Map(), ended: new Set() }),
    // The ledger as it is now, read before any push heard from here on.
    prepare: async (stream) => {
      stream.ledger = await options.ledgerCursors(stream.userId).catch(() => undefined);
    },
    async heard(stream, message) {
      const events: object[] = [];
      if (message.kind === 'order') {
        const order = (message as { order?: unknown }).order;
        if (!isSpotOrder(order) || stream.ended.has(order.id)) return [];
        const clientId = await options.clientIdOf(stream.userId, order);
        const seen = stream.seen.get(order.id);
        // Binance tells each trade with its id (bots dedupe fills by it): the trades are read when the push filled more.
        const filledMore = compareDecimal(newlyFilled(order, seen), '0') > 0;
        const fills = filledMore ? await options.fillsOf(stream.userId, order, seen?.lastTradeId ?? 0).catch(() => []) : [];
        const reports = executionReports(order, clientId, seen, stream.openedAt, clock(), fills);
        events.push(...reports);
        const after = seenAfter(order, reports, seen);
        if (after) stream.seen.set(order.id, after);
        else {
          stream.seen.delete(order.id);
          rememberEnded(stream.ended, order.id);
        }
      } else if (message.kind === 'balance') {
        const rows = (message as { balances?: BalanceRow[] }).balances ?? [];
        // Binance tells a deposit's, withdrawal's or transfer's delta before the balances it left.
        events.push(...(await movements(stream, rows)));
        const position = accountPosition(rows, clock());
        if (position) events.push(position);
      }
      return events;
    },
  };

  return listenKeyStreams({ store: options.store, followUser: options.followUser, kind: spot, clock });
}
