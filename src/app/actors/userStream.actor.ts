import { fromCallback, type EventObject } from 'xstate';
import { isDecimalString } from '../../../domain/decimal';
import type { SpotOrder } from '../../../domain/spotOrders';
import { USER_CHANNEL, type UserChannelSubscribe } from '../../../domain/userChannel';
import type { BalanceRow } from '../../../domain/wallet';
import type { UserStreamEvent } from '../machines/userStream/userStream.machine';
import type { SocketClient } from '../../services/socket';

export type { UserStreamEvent };

const ORDER_DECIMALS = ['price', 'quantity', 'amount', 'filled', 'avg_price', 'turnover', 'fee'] as const;

/** Socket payloads are untrusted: an order is used only if every field has the documented shape. */
export function parseOrder(value: unknown): SpotOrder | undefined {
  const o = value as Partial<SpotOrder> | null;
  if (!o || typeof o !== 'object' || typeof o.id !== 'number' || typeof o.symbol !== 'string') return undefined;
  if ((o.side !== 'buy' && o.side !== 'sell') || (o.type !== 'limit' && o.type !== 'market')) return undefined;
  if (!ORDER_DECIMALS.every((k) => isDecimalString(o[k])) || ![1, 2, 3, 4].includes(o.status as number)) return undefined;
  if (typeof o.created_at !== 'number' || typeof o.updated_at !== 'number') return undefined;
  return o as SpotOrder;
}

function parseBalance(value: unknown): BalanceRow | undefined {
  const b = value as Partial<BalanceRow> | null;
  if (!b || typeof b !== 'object' || typeof b.currency !== 'string') return undefined;
  // An account's kind as the products name theirs (domain/walletAccounts.ts); which exist, the server says.
  if (typeof b.account !== 'string' || !/^[a-z_]{1,32}$/.test(b.account) || !isDecimalString(b.available) || !isDecimalString(b.frozen)) return undefined;
  return b as BalanceRow;
}

export function parseUserMessage(payload: unknown): UserStreamEvent | undefined {
  const p = payload as { channel?: unknown; kind?: unknown; order?: unknown; balances?: unknown } | null;
  if (!p || typeof p !== 'object' || p.channel !== USER_CHANNEL) return undefined;
  if (p.kind === 'order') {
    const order = parseOrder(p.order);
    return order ? { type: 'stream.order', order } : undefined;
  }
  if (p.kind === 'balance' && Array.isArray(p.balances)) {
    const balances = p.balances.map(parseBalance);
    return balances.every((b) => b !== undefined) ? { type: 'stream.balances', balances: balances as BalanceRow[] } : undefined;
  }
  // Other products' messages go on unparsed: each product checks its own (src/features/<p>/actors).
  if (typeof p.kind === 'string' && /^[a-z_]{1,32}$/.test(p.kind)) return { type: 'stream.product', kind: p.kind, payload: p };
  return undefined;
}

/**
 * The private channel for one token: subscribes `{ channel: 'user', token }` (the socket sends it
 * again after every reconnect), reports each valid message, and reports `stream.resync` when the
 * socket is back after a drop. Stopping it leaves the channel (sign-out, or a new token).
 */
export function createPrivateChannelActor(socket: SocketClient) {
  return fromCallback<EventObject, { token: string }>(({ input, sendBack }) => {
    const request: UserChannelSubscribe = { channel: USER_CHANNEL, token: input.token };
    const leave = socket.subscribe(
      USER_CHANNEL,
      (payload) => {
        const event = parseUserMessage(payload);
        if (event) sendBack(event);
      },
      request,
    );
    let dropped = false;
    const stopStatus = socket.onStatus((connected) => {
      if (!connected) dropped = true;
      else if (dropped) {
        dropped = false;
        sendBack({ type: 'stream.resync' });
      }
    });
    return () => {
      leave();
      stopStatus();
    };
  });
}

type Listener = (event: UserStreamEvent) => void;

/**
 * Hands the private channel's news from the long-lived userStream actor to whichever actors want
 * it: the order form and order lists of the page on screen (through `createUserUpdatesActor`) and
 * the wallet's balances (a plain listener at the composition root).
 */
export interface UserStreamHub {
  publish(event: UserStreamEvent): void;
  listen(listener: Listener): () => void;
  /** Only the balance rows, for the wallet's `balance.changed`. */
  onBalances(listener: (rows: BalanceRow[]) => void): () => void;
}

export function createUserStreamHub(): UserStreamHub {
  const listeners = new Set<Listener>();
  return {
    publish: (event) => listeners.forEach((l) => l(event)),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onBalances(listener) {
      const l: Listener = (event) => {
        if (event.type === 'stream.balances') listener(event.balances);
      };
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/** The `userUpdates` child of the order form and order lists: the hub's events, sent to the parent. */
export function createUserUpdatesActor(hub: UserStreamHub) {
  return fromCallback<EventObject>(({ sendBack }) => hub.listen(sendBack));
}

/** For the wallet's balances machine: each pushed set of rows as its `balance.changed` event. */
export function createBalanceUpdatesActor(hub: UserStreamHub) {
  return fromCallback<EventObject>(({ sendBack }) => hub.onBalances((rows) => sendBack({ type: 'balance.changed', rows })));
}

/**
 * For a page that reads again when the user is written a notice (the bell, price alerts, recurring
 * buys): the private channel's `notice` push, and a resync (after which pushes may have been
 * missed), each as the parent's `<type>` event.
 */
export function createNoticePushesActor<T extends string>(hub: UserStreamHub, type: T) {
  return fromCallback<EventObject>(({ sendBack }) =>
    hub.listen((event) => {
      if ((event.type === 'stream.product' && event.kind === 'notice') || event.type === 'stream.resync') sendBack({ type });
    }),
  );
}
