import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { canAppeal, remainingMs, type FiatOrder } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { initialOrderContext, orderActions, orderClockRegion, orderFlowScaffold, orderGuards, orderPlaceholders, type FiatOrderContext, type OrderPushedEvent, type OrderStepInput } from '../fiatOrderShared';

export type FiatBuyerEvent =
  | { type: 'buyer.pay' }
  | { type: 'buyer.cancel' }
  | { type: 'buyer.appeal' }
  | { type: 'buyer.confirm' }
  | { type: 'buyer.back' }
  | { type: 'buyer.retry' }
  | { type: 'buyer.copy'; text: string }
  | OrderPushedEvent;

/**
 * The buyer's order (spec §4 buyer view: order created → pay within the time limit → payment
 * submitted → the seller confirms within the time limit → success), for /deal/buy-detail/{id} and
 * buy-confirm/{id}. Each step shows its countdown from the server's deadline corrected by the clock
 * offset; "I have paid", "Cancel" and an appeal each ask for a confirmation first. Pushed orders
 * move it at once; a pay deadline that runs out is rechecked until the server has swept it.
 */
const buyerFlow = orderFlowScaffold('buyer.retry');

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
    ...orderActions<FiatBuyerEvent>(),
    /** Copies the card number or amount; the feature supplies it with the clipboard and the spec §5 toast. */
    copyText: (_, _params: { text: string }) => undefined,
  },
  delays: { tick: 1000, expiryRecheck: 2000 },
  guards: {
    ...orderGuards,
    payDeadlinePassed: ({ context }) => context.order !== undefined && remainingMs(context.order.pay_deadline, context.now, context.offset) === 0,
    mayAppeal: ({ context }) => context.order !== undefined && canAppeal(context.order, 'buyer', context.now + context.offset),
  },
}).createMachine({
  id: 'fiatBuyer',
  context: ({ input }) => initialOrderContext(input.orderId),
  type: 'parallel',
  invoke: { id: 'orderUpdates', src: 'orderUpdates', input: ({ context }) => ({ orderId: context.orderId }) },
  on: { 'buyer.copy': { actions: { type: 'copyText', params: ({ event }) => ({ text: event.text }) } } },
  states: {
    clock: orderClockRegion,
    flow: {
      ...buyerFlow.region,
      states: {
        ...buyerFlow.states,
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
