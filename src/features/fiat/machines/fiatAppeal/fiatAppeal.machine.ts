import { assign, setup, type ActorRefFrom } from 'xstate';
import type { FiatOrder } from '../../../../../domain/fiat';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

/** What an appeal sends: the order and the party's reason. */
export interface AppealInput {
  orderId: number;
  reason: string;
}

/** The server's limit on an appeal's reason (docs/API.md "P2P fiat"). */
export const APPEAL_REASON_MAX = 500;

export type FiatAppealEvent =
  | { type: 'appeal.reason'; reason: string }
  | Signals<'appeal', 'submit' | 'confirm' | 'back' | 'dismiss'>;

/** How the appeal ended: the order now in appeal, or none when the party dismissed it. */
export interface AppealOutcome {
  order: FiatOrder | undefined;
}

export interface FiatAppealContext {
  orderId: number;
  reason: string;
  problem: ToastMessage | undefined;
  order: FiatOrder | undefined;
}

/**
 * A party's appeal to the operator (either party after payment; the buyer once the seller's time is
 * up): a reason is required, then a confirmation, then the call. It ends `submitted` with the order
 * now in appeal (its output, which the buyer's or seller's machine shows), or `dismissed` with none.
 * A refusal keeps the reason and shows the server's translated message.
 */
export const fiatAppealMachine = setup({
  types: { context: {} as FiatAppealContext, events: {} as FiatAppealEvent, input: {} as { orderId: number }, output: {} as AppealOutcome },
  actors: {
    appealOrder: toBeProvided<FiatOrder, AppealInput>('appealOrder'),
  },
  guards: {
    hasReason: ({ context }) => context.reason.trim().length > 0,
  },
}).createMachine({
  id: 'fiatAppeal',
  context: ({ input }) => ({ orderId: input.orderId, reason: '', problem: undefined, order: undefined }),
  initial: 'writing',
  output: ({ context }) => ({ order: context.order }),
  states: {
    writing: {
      on: {
        'appeal.reason': { actions: assign({ reason: ({ event }) => event.reason.slice(0, APPEAL_REASON_MAX), problem: undefined }) },
        'appeal.submit': [{ guard: 'hasReason', target: 'confirming' }, { actions: assign({ problem: { key: 'fiat.appealReasonRequired' } }) }],
        'appeal.dismiss': 'dismissed',
      },
    },
    confirming: { on: { 'appeal.confirm': 'submitting', 'appeal.back': 'writing', 'appeal.dismiss': 'dismissed' } },
    submitting: {
      invoke: {
        id: 'appealOrder',
        src: 'appealOrder',
        input: ({ context }) => ({ orderId: context.orderId, reason: context.reason.trim() }),
        onDone: { target: 'submitted', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'writing', actions: assign({ problem: ({ event }) => messageForError(event.error) }) },
      },
    },
    submitted: { type: 'final' },
    dismissed: { type: 'final' },
  },
});

export type FiatAppealActorRef = ActorRefFrom<typeof fiatAppealMachine>;
