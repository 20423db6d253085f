import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { FiatAppeal } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface ResolveInput {
  order_id: number;
  decision: 'release' | 'return';
  reason: string;
}

export interface FiatAppealsContext {
  appeals: FiatAppeal[];
  selected: number | undefined;
  decision: 'release' | 'return';
  reason: string;
}

export type FiatAppealsEvent =
  | { type: 'appeals.select'; orderId: number }
  | { type: 'appeals.decide'; decision: 'release' | 'return' }
  | { type: 'appeals.reason'; reason: string }
  | Signals<'appeals', 'submit' | 'retry'>
  /** From the `resolveAppeal` child (the shared confirm-then-act) once a confirmed resolution went through or was refused. */
  | ConfirmActReport<ResolveInput>;

/**
 * The operator's "Appeals" tab: the queue of orders in appeal (both parties' collection methods,
 * the chat, the timeline), and a resolution — release to the buyer or return to the seller — with
 * a reason, behind a confirmation (the `resolveAppeal` child, the shared confirm-then-act, asks
 * about the resolution as it was submitted and sends it). The server applies it only while the
 * order is still in appeal; the queue is read again after either outcome.
 */
export const fiatAppealsMachine = setup({
  types: { context: {} as FiatAppealsContext, events: {} as FiatAppealsEvent },
  actors: {
    fetchAppeals: toBeProvided<FiatAppeal[]>('fetchAppeals'),
    resolveAppeal: confirmActMachine,
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
  guards: { hasChoice: ({ context }) => context.selected !== undefined && context.reason.trim().length > 0 },
  delays: { poll: 10_000 },
}).createMachine({
  id: 'fiatAppeals',
  context: { appeals: [], selected: undefined, decision: 'release', reason: '' },
  invoke: { id: 'resolveAppeal', src: 'resolveAppeal', input: ({ self }) => ({ replyTo: self }) },
  on: {
    'confirmAct.done': { target: '.loading', reenter: true, actions: [assign({ reason: '' }), { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.desk.resolved' } } }] },
    'confirmAct.failed': { target: '.loading', reenter: true, description: 'Refused (resolved or gone meanwhile): read the queue as it is now.' },
    // The operator's choices and typing are taken in every state: the queue is read again every 10 s
    // while the case stays on screen, and in `ready` alone the keystrokes and clicks that fell in a
    // reread were dropped (the reason box lost letters). The server refuses a resolution of a case
    // resolved meanwhile, which reads the queue again.
    'appeals.select': { actions: assign({ selected: ({ event }) => event.orderId, reason: '' }) },
    'appeals.decide': { actions: assign({ decision: ({ event }) => event.decision }) },
    'appeals.reason': { actions: assign({ reason: ({ event }) => event.reason.slice(0, 500) }) },
    'appeals.submit': {
      guard: 'hasChoice',
      actions: sendTo('resolveAppeal', ({ context }) => ({ type: 'confirmAct.ask' as const, subject: { order_id: context.selected!, decision: context.decision, reason: context.reason } })),
    },
  },
  initial: 'loading',
  states: {
    loading: {
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
    failed: { on: { 'appeals.retry': 'loading' } },
    ready: {
      after: { poll: 'loading' },
    },
  },
});

export type FiatAppealsActorRef = ActorRefFrom<typeof fiatAppealsMachine>;
