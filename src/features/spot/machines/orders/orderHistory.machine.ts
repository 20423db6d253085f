import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { type ToastMessage } from '../../../../domain/errors';
import type { SpotOrder } from '../../../../domain/spotOrders';
import { RECORD_PAGE_SIZE, type Page, type RecordDays } from '../../../../domain/wallet';
import { withFinishedOrder, type OrderList } from './orderRows';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface OrderHistoryInput {
  symbol?: string;
  days?: RecordDays;
  size?: number;
}

export type OrderHistoryEvent =
  | { type: 'history.filter'; symbol: string | undefined }
  | { type: 'history.days'; days: RecordDays }
  | { type: 'history.page'; page: number }
  | { type: 'history.retry' }
  | { type: 'stream.order'; order: SpotOrder }
  | { type: 'stream.resync' };

interface OrderHistoryContext extends OrderList {
  days: RecordDays;
}

/**
 * Finished spot orders (the trade page's history tab, /order/spot-history): the 3/7/30-day presets
 * of spec §9, a pair filter and paging. An order that finishes while the list is on screen joins
 * its first page through the private channel.
 */
export const orderHistoryMachine = setup({
  types: {
    context: {} as OrderHistoryContext,
    events: {} as OrderHistoryEvent,
    input: {} as OrderHistoryInput,
  },
  actors: {
    userUpdates: fromCallback<EventObject>(() => () => undefined),
    fetchOrderHistory: fromPromise<Page<SpotOrder>, { symbol?: string; days: RecordDays; page: number; size: number }>(async () => {
      throw new Error('fetchOrderHistory not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    applyPush: assign(({ context }, params: { order: SpotOrder }) => withFinishedOrder(context, params.order)),
  },
}).createMachine({
  id: 'orderHistory',
  context: ({ input }) => ({ symbol: input?.symbol, days: input?.days ?? 7, page: 1, size: input?.size ?? RECORD_PAGE_SIZE, orders: [], total: 0 }),
  invoke: { id: 'userUpdates', src: 'userUpdates' },
  on: {
    'stream.order': { actions: { type: 'applyPush', params: ({ event }) => ({ order: event.order }) } },
    'history.filter': { target: '.loading', actions: assign({ symbol: ({ event }) => event.symbol, page: 1 }) },
    'history.days': { target: '.loading', actions: assign({ days: ({ event }) => event.days, page: 1 }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchOrderHistory',
        src: 'fetchOrderHistory',
        input: ({ context }) => ({ symbol: context.symbol, days: context.days, page: context.page, size: context.size }),
        onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'loadFailed', actions: toastError },
      },
    },
    loadFailed: { on: { 'history.retry': 'loading' } },
    ready: {
      on: {
        'history.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'stream.resync': 'loading',
      },
    },
  },
});

export type OrderHistoryActorRef = ActorRefFrom<typeof orderHistoryMachine>;
