import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { canAppeal, remainingMs, type FiatOrder } from '../../../../domain/fiat';
import type { ToastMessage } from '../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { fromLoaded, initialOrderContext, orderPlaceholders, type FiatOrderContext, type OrderStepInput } from '../fiatOrderShared';

export type FiatBuyerEvent =
  | { type: 'buyer.pay' }
  | { type: 'buyer.cancel' }
  | { type: 'buyer.appeal' }
  | { type: 'buyer.confirm' }
  | { type: 'buyer.back' }
  | { type: 'buyer.retry' }
  | { type: 'buyer.copy'; text: string }
  | { type: 'order.pushed'; order: FiatOrder; receivedAt: number };

/**
 * The buyer's order (spec §4 buyer view: order created → pay within the time limit → payment
 * submitted → the seller confirms within the time limit → success), for /deal/buy-detail/{id} and
 * buy-confirm/{id}. Each step shows its countdown from the server's deadline corrected by the clock
 * offset; "I have paid", "Cancel" and an appeal each ask for a confirmation first. Pushed orders
 * move it at once; a pay deadline that runs out is rechecked until the server has swept it.
 */
export const fiatBuyerMachine = setup({
  types: { context: {} as FiatOrderContext, events: {} as FiatBuyerEvent, input: {} as { orderId: number } },
  actors: {
    ...orderPlaceholders,
    markPaid: fromPromise<FiatOrder, OrderStepInput>(async () => {
      throw new Error('markPaid not provided');
    }),
    cancelOrder: fromPromise<FiatOrder, OrderStepInput>(async () => {
      throw new Error('cancelOrder not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    stamp: assign({ now: () => Date.now() }),
    /** Copies the card number or amount; the feature supplies it with the clipboard and the spec §5 toast. */
    copyText: (_, _params: { text: string }) => undefined,
  },
  delays: { tick: 1000, expiryRecheck: 2000 },
  guards: {
    isUnpaid: ({ context }) => context.order?.status === 'unpaid',
    isPaid: ({ context }) => context.order?.status === 'paid',
    isAppeal: ({ context }) => context.order?.status === 'appeal',
    isCompleted: ({ context }) => context.order?.status === 'completed',
    payDeadlinePassed: ({ context }) => context.order !== undefined && remainingMs(context.order.pay_deadline, context.now, context.offset) === 0,
    mayAppeal: ({ context }) => context.order !== undefined && canAppeal(context.order, 'buyer', context.now + context.offset),
    isThisOrder: ({ context, event }) => event.type === 'order.pushed' && event.order.id === context.orderId,
  },
}).createMachine({
  id: 'fiatBuyer',
  context: ({ input }) => initialOrderContext(input.orderId),
  type: 'parallel',
  invoke: { id: 'orderUpdates', src: 'orderUpdates', input: ({ context }) => ({ orderId: context.orderId }) },
  on: { 'buyer.copy': { actions: { type: 'copyText', params: ({ event }) => ({ text: event.text }) } } },
  states: {
    clock: { initial: 'ticking', states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'stamp' } } } } },
    flow: {
      initial: 'loading',
      on: {
        'order.pushed': { guard: 'isThisOrder', target: '.routing', actions: assign(({ event }) => fromLoaded(event)) },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'routing', actions: assign(({ event }) => fromLoaded(event.output)) },
            onError: { target: 'failed', actions: toastError },
          },
        },
        failed: { on: { 'buyer.retry': 'loading' } },
        routing: {
          always: [
            { guard: 'isUnpaid', target: 'unpaid' },
            { guard: 'isPaid', target: 'paid' },
            { guard: 'isAppeal', target: 'appeal' },
            { guard: 'isCompleted', target: 'completed' },
            { target: 'cancelled' },
          ],
        },
        unpaid: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'payDeadlinePassed', target: '#fiatBuyer.flow.expiring' },
              on: { 'buyer.pay': 'confirmingPay', 'buyer.cancel': 'confirmingCancel' },
            },
            confirmingPay: { on: { 'buyer.confirm': 'paying', 'buyer.back': 'idle' } },
            paying: {
              invoke: {
                id: 'markPaid',
                src: 'markPaid',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: '#fiatBuyer.flow.routing', actions: [assign({ order: ({ event }) => event.output }), { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.paidSubmitted' } } }] },
                onError: { target: 'idle', actions: toastError },
              },
            },
            confirmingCancel: { on: { 'buyer.confirm': 'cancelling', 'buyer.back': 'idle' } },
            cancelling: {
              invoke: {
                id: 'cancelOrder',
                src: 'cancelOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: '#fiatBuyer.flow.routing', actions: assign({ order: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: toastError },
              },
            },
          },
        },
        // The deadline ran out on this clock: the server cancels it within a second; read it again.
        expiring: { after: { expiryRecheck: 'loading' } },
        paid: {
          initial: 'waiting',
          states: {
            waiting: { on: { 'buyer.appeal': { guard: 'mayAppeal', target: 'appealing' } } },
            // The appeal is its own machine (reason, confirmation, call); the view talks to it as `appeal`.
            appealing: {
              invoke: {
                id: 'appeal',
                src: 'appeal',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: [
                  { guard: ({ event }) => event.output.order !== undefined, target: '#fiatBuyer.flow.routing', actions: assign({ order: ({ event }) => event.output.order }) },
                  { target: 'waiting' },
                ],
              },
            },
          },
        },
        appeal: {},
        completed: { entry: { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.purchaseSucceeded' } } } },
        cancelled: {},
      },
    },
  },
});

export type FiatBuyerActorRef = ActorRefFrom<typeof fiatBuyerMachine>;
