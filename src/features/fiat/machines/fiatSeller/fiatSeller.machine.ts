import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { appealingState, orderActions, orderClockRegion, orderDelays, orderFlowScaffold, orderGuards, orderPlaceholders, partyMachineTop, type FiatOrderContext, type OrderPushedEvent, type OrderStep } from '../fiatOrderShared';

export type FiatSellerEvent =
  | { type: 'seller.release' }
  | { type: 'seller.appeal' }
  | { type: 'seller.retry' }
  /** From the `releaseOrder` child (the shared confirm-then-act) once a confirmed release went through or was refused. */
  | ConfirmActReport<OrderStep>
  | OrderPushedEvent;

/** The seller's `releaseOrder` child: the question and the release, while the release is possible (paid, in appeal). */
const releaseChild = { id: 'releaseOrder', src: 'releaseOrder', input: ({ self }: { self: AnyActorRef }) => ({ replyTo: self }) } as const;

/**
 * The seller's order (spec §4 seller view: waiting for the buyer's payment → buyer paid → confirm
 * collection → success), for /deal/sell-detail/{id}. "Confirm receipt" asks first (it releases the
 * escrow for good: the `releaseOrder` child, the shared confirm-then-act) and carries an
 * idempotency key kept across a retry; after payment the seller may appeal instead, and may still
 * release during an appeal. Countdowns come from the server's deadlines corrected by the clock offset.
 */
const sellerFlow = orderFlowScaffold('seller.retry');

export const fiatSellerMachine = setup({
  types: { context: {} as FiatOrderContext, events: {} as FiatSellerEvent, input: {} as { orderId: number } },
  actors: { ...orderPlaceholders, releaseOrder: confirmActMachine },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    ...orderActions<FiatSellerEvent>(),
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `local-key-${context.orderId}` }),
    /** The release's question, about this order with its key (minted once per order, so a retry is the same release). */
    askRelease: sendTo('releaseOrder', ({ context }) => ({ type: 'confirmAct.ask' as const, subject: { orderId: context.orderId, idempotencyKey: context.idempotencyKey, step: 'release' as const } })),
    /** A release confirmed once and refused, sent again as it was (with `askRelease` first), without asking again. */
    confirmRelease: sendTo('releaseOrder', { type: 'confirmAct.confirm' as const }),
  },
  delays: orderDelays,
  guards: orderGuards,
}).createMachine({
  ...partyMachineTop('fiatSeller'),
  states: {
    clock: orderClockRegion,
    flow: {
      ...sellerFlow.region,
      states: {
        ...sellerFlow.states,
        // Waiting for the buyer's transfer; the escrow is held. Nothing for the seller to do but wait.
        unpaid: {},
        paid: {
          invoke: releaseChild,
          on: {
            'confirmAct.done': { target: 'routing', actions: ['adoptActed', { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.released' } } }] },
            'confirmAct.failed': '.failed',
          },
          initial: 'idle',
          states: {
            idle: { on: { 'seller.release': { actions: ['mintIdempotencyKey', 'askRelease'] }, 'seller.appeal': 'appealing' } },
            failed: {
              description: 'The release was confirmed and refused (the child said why): retry sends it again with the same key.',
              // Appeal stays on screen beside Retry after a refused release: it is taken here too.
              on: { 'seller.retry': { actions: ['askRelease', 'confirmRelease'] }, 'seller.release': { actions: 'askRelease' }, 'seller.appeal': 'appealing' },
            },
            appealing: appealingState('#fiatSeller.flow.routing', 'idle'),
          },
        },
        // The seller may still release during an appeal (it is theirs to give).
        appeal: {
          invoke: releaseChild,
          on: {
            'seller.release': { actions: ['mintIdempotencyKey', 'askRelease'] },
            'confirmAct.done': { target: 'routing', actions: 'adoptActed' },
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
