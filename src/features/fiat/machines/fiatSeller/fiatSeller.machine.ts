import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { provenActMachine, type ProvenActReport } from '../provenAct/provenAct.machine';
import { appealingState, orderActions, orderClockRegion, orderDelays, orderFlowScaffold, orderGuards, orderPlaceholders, partyMachineTop, type FiatOrderContext, type OrderPushedEvent, type OrderStep } from '../fiatOrderShared';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export type FiatSellerEvent =
  | Signals<'seller', 'release' | 'appeal' | 'retry'>
  /** From the `releaseOrder` child (a confirm-then-act with the funds password and 2FA code) once a confirmed release went through or was refused. */
  | ProvenActReport<OrderStep>
  | OrderPushedEvent;

/** The seller's `releaseOrder` child: the question (with the proof) and the release, while the release is possible (paid, in appeal). */
const releaseChild = { id: 'releaseOrder', src: 'releaseOrder', input: ({ self }: { self: AnyActorRef }) => ({ replyTo: self }) } as const;

/**
 * The seller's order (spec §4 seller view: waiting for the buyer's payment → buyer paid → confirm
 * collection → success), for /deal/sell-detail/{id}. "Confirm receipt" releases the escrow for
 * good, so it asks first, with the funds password and (2FA on) the code, as a withdrawal does
 * (issue 49 §2: the `releaseOrder` child, provenAct). A refusal — a wrong password, the 24-hour
 * lock after a security change — stays in that question with the server's message, and Confirm
 * again is the same release (one idempotency key per order). After payment the seller may appeal
 * instead, and may still release during an appeal. Countdowns come from the server's deadlines
 * corrected by the clock offset.
 */
const sellerFlow = orderFlowScaffold('seller.retry');

export const fiatSellerMachine = setup({
  types: { context: {} as FiatOrderContext, events: {} as FiatSellerEvent, input: {} as { orderId: number } },
  actors: { ...orderPlaceholders, releaseOrder: provenActMachine },
  actions: {
    showToast,
    ...orderActions<FiatSellerEvent>(),
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `local-key-${context.orderId}` }),
    /** The release's question, about this order with its key (minted once per order, so a retry is the same release). */
    askRelease: sendTo('releaseOrder', ({ context }) => ({ type: 'provenAct.ask' as const, subject: { orderId: context.orderId, idempotencyKey: context.idempotencyKey, step: 'release' as const } })),
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
            'provenAct.done': { target: 'routing', actions: ['adoptActed', { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.released' } } }] },
          },
          initial: 'idle',
          states: {
            idle: {
              description: 'A refused release is said in its question, which stays open; closed, Confirm receipt asks again with the same key.',
              on: { 'seller.release': { actions: ['mintIdempotencyKey', 'askRelease'] }, 'seller.appeal': 'appealing' },
            },
            appealing: appealingState('#fiatSeller.flow.routing', 'idle'),
          },
        },
        // The seller may still release during an appeal (it is theirs to give).
        appeal: {
          invoke: releaseChild,
          on: {
            'seller.release': { actions: ['mintIdempotencyKey', 'askRelease'] },
            'provenAct.done': { target: 'routing', actions: 'adoptActed' },
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
