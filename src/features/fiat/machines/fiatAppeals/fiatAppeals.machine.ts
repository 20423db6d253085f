import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import type { FiatAppeal, FiatOrder } from '../../../../../domain/fiat';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { codeSendable, noStepUpWindow, readsStepUpWindow, stepUpLeft, type StepUpInput, type StepUpWindow } from '../../../../kit/operatorStepUp/stepUpWindow';

export interface ResolveInput {
  order_id: number;
  decision: 'release' | 'return';
  reason: string;
}

export interface FiatAppealsContext extends StepUpWindow {
  appeals: FiatAppeal[];
  selected: number | undefined;
  decision: 'release' | 'return';
  reason: string;
  /** The resolution as it was submitted, asked about in the dialog until it is sent or cancelled. */
  asked: ResolveInput | undefined;
  /** The operator's 2FA code the resolution is sent with (good once: emptied after a refusal; '': none, within the step-up window). */
  code: string;
  /** Why the resolution did not go (the code's shape, or the server's translated refusal), said in the dialog. */
  refusal: ToastMessage | undefined;
}

export type FiatAppealsInput = StepUpInput;

export type FiatAppealsEvent =
  | { type: 'appeals.select'; orderId: number }
  | { type: 'appeals.decide'; decision: 'release' | 'return' }
  | { type: 'appeals.reason'; reason: string }
  | Signals<'appeals', 'submit' | 'retry' | 'cancel'>
  /** Confirms the resolution asked about, with the operator's 2FA code ('' within the step-up window). */
  | { type: 'appeals.confirm'; code: string }
  /** Raised after a resolution went through or was refused: the queue is read as it is now. */
  | { type: 'appeals.reread' };

/**
 * The operator's "Appeals" tab: the queue of orders in appeal (both parties' collection methods,
 * the chat, the timeline; read again every 10 s), and a resolution — release to the buyer or
 * return to the seller — with a reason, behind a confirmation that asks the operator's own 2FA
 * code (the escrow moves: server fiat/service.ts `resolve`) — optional within the session's step-up
 * window (read as the dialog opens, kit/operatorStepUp). The two run side by side, so a reread
 * of the queue never closes the dialog. The server applies it only while the order is still in
 * appeal; the queue is read again after either outcome, and a refusal (a wrong code, resolved
 * meanwhile) is said in the dialog, which stays open.
 */
export const fiatAppealsMachine = setup({
  types: { context: {} as FiatAppealsContext, events: {} as FiatAppealsEvent, input: {} as FiatAppealsInput },
  actors: {
    fetchAppeals: toBeProvided<FiatAppeal[]>('fetchAppeals'),
    resolveAppeal: toBeProvided<FiatOrder, ResolveInput & { code?: string }>('resolveAppeal'),
    /** The session's step-up window (kit/operatorStepUp): its end, or null. */
    readStepUp: toBeProvided<number | null>('readStepUp'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    stepUp: assign({ stepUpUntil: (_, params: { until: number | null }) => params.until }),
  },
  guards: {
    hasChoice: ({ context }) => context.selected !== undefined && context.reason.trim().length > 0,
    /** A code of the right shape, or none while the session is stepped up and the window has not ended (the server judges either). */
    codeSendable: ({ context, event }) => {
      if (event.type !== 'appeals.confirm') return false;
      return codeSendable(event.code, context);
    },
  },
  delays: { poll: 10_000, stepUpEnds: stepUpLeft },
}).createMachine({
  id: 'fiatAppeals',
  context: ({ input }) => ({ appeals: [], selected: undefined, decision: 'release', reason: '', asked: undefined, code: '', ...noStepUpWindow(input), refusal: undefined }),
  on: {
    // The operator's choices and typing are taken in every state: the queue is read again every 10 s
    // while the case stays on screen, and in `ready` alone the keystrokes and clicks that fell in a
    // reread were dropped (the reason box lost letters). The server refuses a resolution of a case
    // resolved meanwhile, which reads the queue again.
    'appeals.select': { actions: assign({ selected: ({ event }) => event.orderId, reason: '' }) },
    'appeals.decide': { actions: assign({ decision: ({ event }) => event.decision }) },
    'appeals.reason': { actions: assign({ reason: ({ event }) => event.reason.slice(0, 500) }) },
  },
  type: 'parallel',
  states: {
    queue: {
      initial: 'loading',
      // Heard by each state, not by `queue`: a reentry of `queue` itself would reenter the parallel
      // root and close the dialog.
      states: {
        loading: {
          on: { 'appeals.reread': { target: 'loading', reenter: true } },
          invoke: {
            id: 'fetchAppeals',
            src: 'fetchAppeals',
            onDone: {
              target: 'ready',
              actions: assign({
                appeals: ({ event }) => event.output,
                selected: ({ context, event }) => (event.output.some((a) => a.order.id === context.selected) ? context.selected : event.output[0]?.order.id),
              }),
            },
            onError: { target: 'failed', actions: toastError },
          },
        },
        failed: { on: { 'appeals.retry': 'loading', 'appeals.reread': 'loading' } },
        ready: {
          on: { 'appeals.reread': 'loading' },
          after: { poll: 'loading' },
        },
      },
    },
    resolution: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ asked: undefined, code: '', refusal: undefined }),
          on: {
            'appeals.submit': {
              guard: 'hasChoice',
              target: 'confirming',
              // The dialog opens knowing no window: an earlier dialog's is not sent for this one before its own read answers.
              actions: assign({ asked: ({ context }) => ({ order_id: context.selected!, decision: context.decision, reason: context.reason }), stepUpUntil: null }),
            },
          },
        },
        confirming: {
          description:
            "The operator's own 2FA code: the escrow does not move without it, but within the session's step-up window (read as the dialog opens, and again after a refusal) it may be left empty.",
          ...readsStepUpWindow,
          on: {
            'appeals.confirm': [
              { guard: 'codeSendable', target: 'resolving', actions: assign({ code: ({ event }) => event.code.trim(), refusal: undefined }) },
              { actions: assign({ refusal: { key: 'fiat.desk.codeInvalid' } }) },
            ],
            'appeals.cancel': 'idle',
          },
        },
        resolving: {
          description: 'Neither a second confirm nor a cancel is heard while the server decides.',
          invoke: {
            id: 'resolveAppeal',
            src: 'resolveAppeal',
            // No code typed (the step-up window): none is sent, and the server decides.
            input: ({ context }) => ({ ...context.asked!, ...(context.code ? { code: context.code } : {}) }),
            onDone: {
              target: 'idle',
              actions: [assign({ reason: '' }), { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.desk.resolved' } } }, raise({ type: 'appeals.reread' })],
            },
            onError: {
              target: 'confirming',
              description: 'Refused (a wrong code, or resolved or gone meanwhile): said in the dialog; the queue is read as it is now.',
              actions: [assign({ refusal: ({ event }) => messageForError(event.error), code: '' }), raise({ type: 'appeals.reread' })],
            },
          },
        },
      },
    },
  },
});

export type FiatAppealsActorRef = ActorRefFrom<typeof fiatAppealsMachine>;
