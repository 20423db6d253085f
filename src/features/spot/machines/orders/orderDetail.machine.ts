import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { SpotOrder, SpotOrderDetail } from '../../../../../domain/spotOrders';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';

export type OrderDetailEvent =
  | { type: 'detail.retry' }
  | { type: 'stream.order'; order: SpotOrder }
  | { type: 'stream.resync' };

/**
 * One spot order with its deals (/order/spot-detail/{id}). A push about this order means new
 * fills or a new status: the detail is fetched again (the push carries no deals), and the last
 * one stays on screen meanwhile.
 */
export const orderDetailMachine = setup({
  types: {
    context: {} as { id: number; detail: SpotOrderDetail | undefined },
    events: {} as OrderDetailEvent,
    input: {} as { id: number },
  },
  actors: {
    userUpdates: fromCallback<EventObject>(() => () => undefined),
    fetchOrderDetail: toBeProvided<SpotOrderDetail, { id: number }>('fetchOrderDetail'),
  },
  actions: {
    showToast,
  },
  guards: {
    isThisOrder: ({ context }, params: { order: SpotOrder }) => params.order.id === context.id,
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({ id: input.id, detail: undefined }),
  invoke: { id: 'userUpdates', src: 'userUpdates' },
  initial: 'loading',
  states: {
    loading: {
      // A fill of this order heard while it is read: the answer under way may predate it (the detail
      // would show the earlier fill until the next one), so ask again.
      on: {
        'stream.order': { guard: { type: 'isThisOrder', params: ({ event }) => ({ order: event.order }) }, target: 'loading', reenter: true },
        'stream.resync': { target: 'loading', reenter: true },
      },
      invoke: {
        id: 'fetchOrderDetail',
        src: 'fetchOrderDetail',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: toastError },
      },
    },
    loadFailed: { on: { 'detail.retry': 'loading' } },
    ready: {
      on: {
        'stream.order': { guard: { type: 'isThisOrder', params: ({ event }) => ({ order: event.order }) }, target: 'loading' },
        'stream.resync': 'loading',
      },
    },
  },
});

export type OrderDetailActorRef = ActorRefFrom<typeof orderDetailMachine>;
