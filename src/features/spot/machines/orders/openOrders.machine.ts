import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { SpotOrder } from '../../../../../domain/spotOrders';
import { RECORD_PAGE_SIZE, type Page } from '../../../../../domain/wallet';
import { withOpenOrder, withoutOrder, type OrderList } from './orderRows';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface OpenOrdersInput {
  /** Fixed to the pair on the trade page; absent on /order/spot-current (all pairs, filterable). */
  symbol?: string;
  size?: number;
}

export type OpenOrdersEvent =
  | { type: 'orders.filter'; symbol: string | undefined }
  | { type: 'orders.page'; page: number }
  | { type: 'orders.revoke'; id: number }
  | { type: 'orders.confirm' }
  | { type: 'orders.dismiss' }
  | { type: 'orders.retry' }
  | { type: 'stream.order'; order: SpotOrder }
  | { type: 'stream.resync' };

interface OpenOrdersContext extends OrderList {
  /** The order the trader asked to cancel, while confirming and cancelling. */
  revoking: number | undefined;
}

/**
 * Open spot orders (the trade page's panel, /order/spot-current): a page of them, kept live by
 * the private channel (a pushed order is updated in place; a finished one leaves), reloaded after
 * a reconnect. Cancelling asks "Do you want to cancel this order?" first (spec §8) and says
 * "revocation successful".
 */
export const openOrdersMachine = setup({
  types: {
    context: {} as OpenOrdersContext,
    events: {} as OpenOrdersEvent,
    input: {} as OpenOrdersInput,
  },
  actors: {
    userUpdates: fromCallback<EventObject>(() => () => undefined),
    fetchCurrentOrders: fromPromise<Page<SpotOrder>, { symbol?: string; page: number; size: number }>(async () => {
      throw new Error('fetchCurrentOrders not provided');
    }),
    cancelOrder: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('cancelOrder not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    applyPush: assign(({ context }, params: { order: SpotOrder }) => withOpenOrder(context, params.order)),
  },
}).createMachine({
  id: 'openOrders',
  context: ({ input }) => ({ symbol: input?.symbol, page: 1, size: input?.size ?? RECORD_PAGE_SIZE, orders: [], total: 0, revoking: undefined }),
  invoke: { id: 'userUpdates', src: 'userUpdates' },
  on: {
    'stream.order': { actions: { type: 'applyPush', params: ({ event }) => ({ order: event.order }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchCurrentOrders',
        src: 'fetchCurrentOrders',
        input: ({ context }) => ({ symbol: context.symbol, page: context.page, size: context.size }),
        onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'loadFailed', actions: toastError },
      },
    },
    loadFailed: {
      on: {
        'orders.retry': 'loading',
        'orders.filter': { target: 'loading', actions: assign({ symbol: ({ event }) => event.symbol, page: 1 }) },
      },
    },
    ready: {
      on: {
        'orders.filter': { target: 'loading', actions: assign({ symbol: ({ event }) => event.symbol, page: 1 }) },
        'orders.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'orders.revoke': { target: 'confirming', actions: assign({ revoking: ({ event }) => event.id }) },
        'stream.resync': { target: 'loading', description: 'The socket was away: order pushes may have been missed.' },
      },
    },
    confirming: {
      description: 'Spec §8: "Do you want to cancel this order?"',
      on: {
        'orders.confirm': 'cancelling',
        'orders.dismiss': { target: 'ready', actions: assign({ revoking: undefined }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ id: context.revoking! }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context }) => ({ ...withoutOrder(context, context.revoking!), revoking: undefined })),
            { type: 'showToast', params: { tone: 'success', message: { key: 'spot.orders.revoked' } } },
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ revoking: undefined }), toastError],
        },
      },
    },
  },
});

export type OpenOrdersActorRef = ActorRefFrom<typeof openOrdersMachine>;
