import { compareDecimal } from '../../../../domain/decimal.js';
import type { FuturesFill, FuturesOrder } from '../../../../domain/futures/api.js';
import type { UserChannelMessage } from '../../../../domain/userChannel.js';
import type { BalanceRow } from '../../../kernel/platform/realtime/userFeed.js';
import { movementsSince, startCursors, type LedgerReads } from './balanceUpdates.js';
import {
  accountConfigUpdate,
  accountUpdate,
  futuresPush,
  leveragePush,
  marginCallEvent,
  marginCallPush,
  movementReason,
  newlyFilledFutures,
  orderTradeUpdates,
  seenAfterFutures,
  type SeenFuturesOrder,
  type StreamPosition,
} from './futuresEvents.js';
import type { StreamOwner } from './futuresReads.js';
import type { ListenKeyStore } from './listenKeys.js';
import { freshStream, listenKeyStreams, rememberEnded, type OrderStream, type StreamKind } from './listenKeyStreams.js';

/** `ledgerCursors`, `ledgerSince`: the futures account's ledger, where the movements no order made come from. */
export interface FuturesStreamsOptions extends LedgerReads {
  /** The futures listenKeys (listenKeys.ts, market 'futures'). */
  store: ListenKeyStore;
  followUser(userId: number, listener: (message: UserChannelMessage) => void): () => void;
  /** The client order id of the user's futures order (clientOrders.ts; `ox<id>` when none was given). */
  clientIdOf(userId: number, order: { id: number; created_ms: number }): Promise<string>;
  /** The user's futures orders a push named, as committed now (the push carries their ids only). */
  ordersById(owner: StreamOwner, ids: readonly number[]): Promise<FuturesOrder[]>;
  /** The order's trades after trade `afterId`, oldest first: read only when a push of it filled more. */
  fillsOf(owner: StreamOwner, orderId: number, afterId: number): Promise<FuturesFill[]>;
  /** The USDT wallet balance (`wb`) and cross wallet balance (`cw`) of the user's futures account now; undefined where futures cannot be reached. */
  wallet(owner: StreamOwner): Promise<{ wb: string; cw: string } | undefined>;
  /** The user's positions on these contracts (BTC_USDT…) now, a flat one as amount "0". */
  positions(owner: StreamOwner, symbols: readonly string[]): Promise<StreamPosition[]>;
  /** The user's open isolated positions now (a margin transfer's, whose ledger entry names no contract). */
  isolatedPositions(owner: StreamOwner): Promise<StreamPosition[]>;
  clock?: () => number;
}

/** What a futures stream remembers between pushes (as spot's: userStreams.ts), and its key (what its reads at the engine's holder go by: futuresReads.ts). */
type FuturesStream = OrderStream<SeenFuturesOrder> & StreamOwner;

/**
 * Binance USDⓈ-M's user data stream (the keys' life and connections: listenKeyStreams.ts) from the
 * futures product's private-channel pushes: a `futures` push names the orders a commit changed,
 * which are read with their new trades (ORDER_TRADE_UPDATE, a TRADE per trade with its id) and,
 * when they filled, followed by ACCOUNT_UPDATE (reason ORDER) with the balance and the positions
 * of the contracts traded; a balance push of the futures account tells the movements no order
 * made (a transfer: DEPOSIT or WITHDRAW, funding: FUNDING_FEE), read from the ledger after the
 * stream's cursor, each an ACCOUNT_UPDATE with its amount as `bc`; a leverage push (a contract's
 * leverage changed) is ACCOUNT_CONFIG_UPDATE, and a margin call push MARGIN_CALL, each from the
 * push's own values.
 */
export function futuresUserStreams(options: FuturesStreamsOptions) {
  const clock = options.clock ?? Date.now;

  async function orderEvents(stream: FuturesStream, ids: readonly number[]): Promise<object[]> {
    const wanted = ids.filter((id) => !stream.ended.has(id));
    if (wanted.length === 0) return [];
    const orders = await options.ordersById(stream, wanted);
    const events: object[] = [];
    const traded = new Set<string>();
    for (const order of orders) {
      const clientId = await options.clientIdOf(stream.userId, order);
      const seen = stream.seen.get(order.id);
      const filledMore = compareDecimal(newlyFilledFutures(order, seen), '0') > 0;
      const fills = filledMore ? await options.fillsOf(stream, order.id, seen?.lastTradeId ?? 0).catch(() => []) : [];
      const updates = orderTradeUpdates(order, clientId, seen, stream.openedAt, clock(), fills);
      events.push(...updates);
      if (filledMore) traded.add(order.symbol);
      const after = seenAfterFutures(order, updates, seen);
      if (after) stream.seen.set(order.id, after);
      else {
        stream.seen.delete(order.id);
        rememberEnded(stream.ended, order.id);
      }
    }
    // A fill moved the balance (fees, realised profit) and the positions: told once, after the trades that moved them.
    const wallet = traded.size > 0 ? await options.wallet(stream) : undefined;
    if (wallet) {
      const now = clock();
      events.push(accountUpdate('ORDER', wallet, '0', await options.positions(stream, [...traded]), now, now));
    }
    return events;
  }

  /** The futures balance's movements no order made since the cursor; a failed read moves no cursor. */
  async function movementEvents(stream: FuturesStream, rows: readonly BalanceRow[]): Promise<object[]> {
    const movements = (await movementsSince(options, stream, rows, 'contract')).filter((m) => m.currency === 'USDT');
    if (movements.length === 0) return [];
    const wallet = await options.wallet(stream);
    if (!wallet) return [];
    // Read once, and only if a margin transfer is among them.
    const isolated = movements.some((m) => movementReason(m.refType, m.delta) === 'MARGIN_TRANSFER') ? await options.isolatedPositions(stream) : [];
    return movements.map((m) => {
      const reason = movementReason(m.refType, m.delta);
      // A margin transfer moves USDT between the cross balance and an isolated position: the wallet
      // balance (wb, which counts the position's margin) does not change, so bc is 0, and the
      // positions tell the new isolated margin (iw), as Binance's.
      if (reason === 'MARGIN_TRANSFER') return accountUpdate(reason, wallet, '0', isolated, m.at, clock());
      return accountUpdate(reason, wallet, m.delta, [], m.at, clock());
    });
  }

  const futures: StreamKind<FuturesStream> = {
    begin: (userId, openedAt, key) => ({ ...freshStream<SeenFuturesOrder>(userId, openedAt), key }),
    prepare: (stream) => startCursors(options, stream),
    async heard(stream, message) {
      const push = futuresPush(message);
      if (push) return orderEvents(stream, push.orders);
      // The push carries the values: nothing to read, wherever futures runs.
      const leverage = leveragePush(message);
      if (leverage) return [accountConfigUpdate(leverage.symbol, leverage.leverage, leverage.time, clock())];
      const call = marginCallPush(message);
      if (call) return [marginCallEvent(call, clock())];
      if (message.kind === 'balance') return movementEvents(stream, (message as { balances?: BalanceRow[] }).balances ?? []);
      return [];
    },
  };

  return listenKeyStreams({ store: options.store, followUser: options.followUser, kind: futures, clock });
}
