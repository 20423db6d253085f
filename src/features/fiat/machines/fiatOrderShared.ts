import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { FiatOrder } from '../../../domain/fiat';
import { fiatAppealMachine } from './fiatAppeal/fiatAppeal.machine';

/** What the order loader answers: the order and this client's clock when it arrived (for the offset). */
export interface LoadedOrder {
  order: FiatOrder;
  receivedAt: number;
}

export interface OrderStepInput {
  orderId: number;
  idempotencyKey?: string;
}

export interface AppealInput {
  orderId: number;
  reason: string;
}

/** The context both parties' machines keep: the order, the clock offset to the server, and the time now. */
export interface FiatOrderContext {
  orderId: number;
  order: FiatOrder | undefined;
  /** server clock − client clock, from the order's `server_now` when it was received. */
  offset: number;
  now: number;
  idempotencyKey: string | undefined;
}

export const initialOrderContext = (orderId: number): FiatOrderContext => ({ orderId, order: undefined, offset: 0, now: 0, idempotencyKey: undefined });

export const fromLoaded = (loaded: LoadedOrder) => ({ order: loaded.order, offset: loaded.order.server_now - loaded.receivedAt, now: loaded.receivedAt });

/** Placeholders the feature supplies (machines never do I/O). */
export const orderPlaceholders = {
  loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async () => {
    throw new Error('loadOrder not provided');
  }),
  /** A party's appeal, invoked while the party writes it; its output is the order in appeal. */
  appeal: fiatAppealMachine,
  /** The private channel's pushes for this order, as `order.pushed` events. */
  orderUpdates: fromCallback<EventObject, { orderId: number }>(() => () => undefined),
};

/** Catalogue keys of the statuses (spec §4). */
export const FIAT_STATUS_KEYS = {
  unpaid: 'fiat.status.unpaid',
  paid: 'fiat.status.paid',
  appeal: 'fiat.status.appeal',
  completed: 'fiat.status.completed',
  cancelled: 'fiat.status.cancelled',
} as const;
