import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { FiatOrder } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { initialOrderContext, orderActions, orderClockRegion, orderFlowScaffold, orderGuards, orderPlaceholders, type FiatOrderContext, type OrderPushedEvent, type OrderStepInput } from '../fiatOrderShared';

export type FiatSellerEvent =
  | { type: 'seller.release' }
  | { type: 'seller.appeal' }
  | { type: 'seller.confirm' }
  | { type: 'seller.back' }
  | { type: 'seller.retry' }
  | OrderPushedEvent;

/**
 * The seller's order (spec §4 seller view: waiting for the buyer's payment → buyer paid → confirm
 * collection → success), for /deal/sell-detail/{id}. "Confirm receipt" asks first (it releases the
 * escrow for good) and carries an idempotency key kept across a retry; after payment the seller
 * may appeal instead. Countdowns come from the server's deadlines corrected by the clock offset.
 */
const sellerFlow = orderFlowScaffold('seller.retry');

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
    ...orderActions<FiatSellerEvent>(),
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `local-key-${context.orderId}` }),
  },
  delays: { tick: 1000, expiryRecheck: 2000 },
  guards: {
    ...orderGuards,
  },
}).createMachine({
  id: 'fiatSeller',
  context: ({ input }) => initialOrderContext(input.orderId),
  type: 'parallel',
  invoke: { id: 'orderUpdates', src: 'orderUpdates', input: ({ context }) => ({ orderId: context.orderId }) },
  states: {
    clock: orderClockRegion,
    flow: {
      ...sellerFlow.region,
      states: {
        ...sellerFlow.states,
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
