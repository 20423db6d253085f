import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { FiatAppeal, FiatOrder } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';

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
  | { type: 'appeals.submit' }
  | { type: 'appeals.confirm' }
  | { type: 'appeals.back' }
  | { type: 'appeals.retry' };

/**
 * The operator's "Appeals" tab: the queue of orders in appeal (both parties' collection methods,
 * the chat, the timeline), and a resolution — release to the buyer or return to the seller — with
 * a reason, behind a confirmation. The server applies it only while the order is still in appeal.
 */
export const fiatAppealsMachine = setup({
  types: { context: {} as FiatAppealsContext, events: {} as FiatAppealsEvent },
  actors: {
    fetchAppeals: fromPromise<FiatAppeal[]>(async () => {
      throw new Error('fetchAppeals not provided');
    }),
    resolveAppeal: fromPromise<FiatOrder, ResolveInput>(async () => {
      throw new Error('resolveAppeal not provided');
    }),
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
  guards: { hasChoice: ({ context }) => context.selected !== undefined && context.reason.trim().length > 0 },
  delays: { poll: 10_000 },
}).createMachine({
  id: 'fiatAppeals',
  context: { appeals: [], selected: undefined, decision: 'release', reason: '' },
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
      on: {
        'appeals.select': { actions: assign({ selected: ({ event }) => event.orderId, reason: '' }) },
        'appeals.decide': { actions: assign({ decision: ({ event }) => event.decision }) },
        'appeals.reason': { actions: assign({ reason: ({ event }) => event.reason.slice(0, 500) }) },
        'appeals.submit': { guard: 'hasChoice', target: 'confirming' },
      },
    },
    confirming: { on: { 'appeals.confirm': 'resolving', 'appeals.back': 'ready' } },
    resolving: {
      invoke: {
        id: 'resolveAppeal',
        src: 'resolveAppeal',
        input: ({ context }) => ({ order_id: context.selected!, decision: context.decision, reason: context.reason }),
        onDone: { target: 'loading', actions: [assign({ reason: '' }), { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.desk.resolved' } } }] },
        onError: { target: 'loading', actions: toastError },
      },
    },
  },
});

export type FiatAppealsActorRef = ActorRefFrom<typeof fiatAppealsMachine>;
