import { compareDecimal } from '../../../../domain/decimal.js';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';
import { balanceUpdate, movementsSince, startCursors, type LedgerReads } from './balanceUpdates.js';
import type { ListenKeyStore } from './listenKeys.js';
import { freshStream, listenKeyStreams, rememberEnded, type OrderStream, type StreamKind } from './listenKeyStreams.js';
import { accountPosition, executionReports, isSpotOrder, newlyFilled, seenAfter, type Fill, type SeenOrder } from './userEvents.js';

/** `ledgerCursors`, `ledgerSince`: the spot ledger, where `balanceUpdate`s come from (balanceUpdates.ts). */
export interface UserStreamsOptions extends LedgerReads {
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
  clock?: () => number;
}


/** What a spot stream remembers between pushes. */
type SpotStream = OrderStream<SeenOrder>;

/**
 * Binance's spot user data stream (the keys' life and connections: listenKeyStreams.ts):
 * `executionReport` (a TRADE per trade, with its id, read from spot's trades) and
 * `outboundAccountPosition` from the user's private channel, and `balanceUpdate` from the spot
 * ledger entries a balance push leads to (balanceUpdates.ts).
 */
export function userDataStreams(options: UserStreamsOptions) {
  const clock = options.clock ?? Date.now;

  const spot: StreamKind<SpotStream> = {
    begin: freshStream,
    prepare: (stream) => startCursors(options, stream),
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
        const now = clock();
        events.push(...(await movementsSince(options, stream, rows, 'spot')).map((m) => balanceUpdate(m, now)));
        const position = accountPosition(rows, clock());
        if (position) events.push(position);
      }
      return events;
    },
  };

  return listenKeyStreams({ store: options.store, followUser: options.followUser, kind: spot, clock });
}
