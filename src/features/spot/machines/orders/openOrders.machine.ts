import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { SpotOrder } from '../../../../../domain/spotOrders';
import { RECORD_PAGE_SIZE, type Page } from '../../../../../domain/wallet';
import { withOpenOrder, withoutOrder, type CurrentListInput, type OrderList } from './orderRows';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';

export type OpenOrdersInput = CurrentListInput;

export type OpenOrdersEvent =
  | { type: 'orders.filter'; symbol: string | undefined }
  | { type: 'orders.page'; page: number }
  | { type: 'orders.revoke'; id: number }
  /** From the `cancelOrder` child (the shared confirm-then-act) once a confirmed cancel went through or was refused. */
  | ConfirmActReport<{ id: number }>
  | { type: 'orders.retry' }
  | { type: 'stream.order'; order: SpotOrder }
  | { type: 'stream.resync' };

type OpenOrdersContext = OrderList;

/**
 * Open spot orders (the trade page's panel, /order/spot-current): a page of them, kept live by
 * the private channel (a pushed order is updated in place; a finished one leaves), reloaded after
 * a reconnect. Cancelling asks "Do you want to cancel this order?" first (spec §8: the `cancelOrder`
 * child, the shared confirm-then-act, asks and cancels) and says "revocation successful"; a refused
 * cancel reads the page again, since the order usually finished meanwhile.
 */
export const openOrdersMachine = setup({
  types: {
    context: {} as OpenOrdersContext,
    events: {} as OpenOrdersEvent,
    input: {} as OpenOrdersInput,
  },
  actors: {
    userUpdates: fromCallback<EventObject>(() => () => undefined),
    fetchCurrentOrders: toBeProvided<Page<SpotOrder>, { symbol?: string; page: number; size: number }>('fetchCurrentOrders'),
    cancelOrder: confirmActMachine,
  },
  actions: {
    showToast,
    applyPush: assign(({ context }, params: { order: SpotOrder }) => withOpenOrder(context, params.order)),
  },
}).createMachine({
  id: 'openOrders',
  context: ({ input }) => ({ symbol: input?.symbol, page: 1, size: input?.size ?? RECORD_PAGE_SIZE, orders: [], total: 0 }),
  invoke: [
    { id: 'userUpdates', src: 'userUpdates' },
    { id: 'cancelOrder', src: 'cancelOrder', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'stream.order': { actions: { type: 'applyPush', params: ({ event }) => ({ order: event.order }) } },
    'confirmAct.done': {
      actions: [assign(({ context, event }) => withoutOrder(context, event.subject.id)), { type: 'showToast', params: { tone: 'success', message: { key: 'spot.orders.revoked' } } }],
    },
    'confirmAct.failed': { target: '.loading', description: 'Refused (it filled or was cancelled meanwhile): read the page again.' },
    // The rows stay on screen while the page is read again: a click there is taken, not dropped.
    'orders.filter': { target: '.loading', actions: assign({ symbol: ({ event }) => event.symbol, page: 1 }) },
    'orders.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
    'orders.revoke': { actions: sendTo('cancelOrder', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
  },
  initial: 'loading',
  states: {
    loading: {
      on: {
        // Applied now, and the page read again: the answer under way may predate it (a filled order would come back as open).
        'stream.order': { target: 'loading', reenter: true, actions: { type: 'applyPush', params: ({ event }) => ({ order: event.order }) } },
        'stream.resync': { target: 'loading', reenter: true },
      },
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
      },
    },
    ready: {
      on: {
        'stream.resync': { target: 'loading', description: 'The socket was away: order pushes may have been missed.' },
      },
    },
  },
});

export type OpenOrdersActorRef = ActorRefFrom<typeof openOrdersMachine>;
