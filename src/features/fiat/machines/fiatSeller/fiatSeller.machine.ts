import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { FiatOrder } from '../../../../domain/fiat';
import type { ToastMessage } from '../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { fromLoaded, initialOrderContext, orderPlaceholders, type FiatOrderContext, type OrderStepInput } from '../fiatOrderShared';

export type FiatSellerEvent =
  | { type: 'seller.release' }
  | { type: 'seller.appeal' }
  | { type: 'seller.confirm' }
  | { type: 'seller.back' }
  | { type: 'seller.retry' }
  | { type: 'order.pushed'; order: FiatOrder; receivedAt: number };

/**
 * The seller's order (spec §4 seller view: waiting for the buyer's payment → buyer paid → confirm
 * collection → success), for /deal/sell-detail/{id}. "Confirm receipt" asks first (it releases the
 * escrow for good) and carries an idempotency key kept across a retry; after payment the seller
 * may appeal instead. Countdowns come from the server's deadlines corrected by the clock offset.
 */
export const fiatSellerMachine = setup({
  types: { context: {} as FiatOrderContext, events: {} as FiatSellerEvent, input: {} as { orderId: number } },
  actors: {
    ...orderPlaceholders,
    releaseOrder: fromPromise<FiatOrder, OrderStepInput>(async () => {
      throw new Error('releaseOrder not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    stamp: assign({ now: () => Date.now() }),
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `local-key-${context.orderId}` }),
  },
  delays: { tick: 1000, expiryRecheck: 2000 },
  guards: {
    isUnpaid: ({ context }) => context.order?.status === 'unpaid',
    isPaid: ({ context }) => context.order?.status === 'paid',
    isAppeal: ({ context }) => context.order?.status === 'appeal',
    isCompleted: ({ context }) => context.order?.status === 'completed',
    isThisOrder: ({ context, event }) => event.type === 'order.pushed' && event.order.id === context.orderId,
  },
}).createMachine({
  id: 'fiatSeller',
  context: ({ input }) => initialOrderContext(input.orderId),
  type: 'parallel',
  invoke: { id: 'orderUpdates', src: 'orderUpdates', input: ({ context }) => ({ orderId: context.orderId }) },
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
        failed: { on: { 'seller.retry': 'loading' } },
        routing: {
          always: [
            { guard: 'isUnpaid', target: 'unpaid' },
            { guard: 'isPaid', target: 'paid' },
            { guard: 'isAppeal', target: 'appeal' },
            { guard: 'isCompleted', target: 'completed' },
            { target: 'cancelled' },
          ],
        },
        // Waiting for the buyer's transfer; the escrow is held. Nothing for the seller to do but wait.
        unpaid: {},
        paid: {
          initial: 'idle',
          states: {
            idle: { on: { 'seller.release': 'confirmingRelease', 'seller.appeal': 'appealing' } },
            confirmingRelease: { on: { 'seller.confirm': { target: 'releasing', actions: 'mintIdempotencyKey' }, 'seller.back': 'idle' } },
            releasing: {
              invoke: {
                id: 'releaseOrder',
                src: 'releaseOrder',
                input: ({ context }) => ({ orderId: context.orderId, idempotencyKey: context.idempotencyKey }),
                onDone: { target: '#fiatSeller.flow.routing', actions: [assign({ order: ({ event }) => event.output }), { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.released' } } }] },
                onError: { target: 'failed', actions: toastError },
              },
            },
            failed: { on: { 'seller.retry': 'releasing', 'seller.back': 'idle' } },
            // The appeal is its own machine (reason, confirmation, call); the view talks to it as `appeal`.
            appealing: {
              invoke: {
                id: 'appeal',
                src: 'appeal',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: [
                  { guard: ({ event }) => event.output.order !== undefined, target: '#fiatSeller.flow.routing', actions: assign({ order: ({ event }) => event.output.order }) },
                  { target: 'idle' },
                ],
              },
            },
          },
        },
        // The seller may still release during an appeal (it is theirs to give).
        appeal: {
          initial: 'idle',
          states: {
            idle: { on: { 'seller.release': 'confirmingRelease' } },
            confirmingRelease: { on: { 'seller.confirm': { target: 'releasing', actions: 'mintIdempotencyKey' }, 'seller.back': 'idle' } },
            releasing: {
              invoke: {
                id: 'releaseOrder',
                src: 'releaseOrder',
                input: ({ context }) => ({ orderId: context.orderId, idempotencyKey: context.idempotencyKey }),
                onDone: { target: '#fiatSeller.flow.routing', actions: assign({ order: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: toastError },
              },
            },
          },
        },
        completed: {},
        cancelled: {},
      },
    },
  },
});

export const fiatSellerKeyMinter = (mint: () => string) =>
  assign<FiatOrderContext, FiatSellerEvent, unknown, FiatSellerEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type FiatSellerActorRef = ActorRefFrom<typeof fiatSellerMachine>;
