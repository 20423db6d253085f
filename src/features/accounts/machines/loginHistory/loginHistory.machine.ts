import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../domain/errors';
import type { LoginHistoryPage } from '../../../../domain/sessions';
import { toastError } from '../../../../app/machines/toast/toastError';

export type LoginHistoryEvent = { type: 'history.page'; page: number } | { type: 'history.retry' };

/** /user/s-loginhistory (issue 35): the user's sign-in attempts, a page at a time, newest first. */
export const loginHistoryMachine = setup({
  types: {
    context: {} as { history: LoginHistoryPage | undefined; page: number },
    events: {} as LoginHistoryEvent,
  },
  actors: {
    fetchHistory: fromPromise<LoginHistoryPage, { page: number }>(async () => {
      throw new Error('fetchHistory not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    pageExists: ({ context, event }) =>
      event.type === 'history.page' && event.page >= 1 && event.page !== context.page && event.page <= Math.max(1, Math.ceil((context.history?.total ?? 0) / (context.history?.size || 1))),
  },
}).createMachine({
  id: 'loginHistory',
  context: { history: undefined, page: 1 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchHistory',
        src: 'fetchHistory',
        input: ({ context }) => ({ page: context.page }),
        onDone: { target: 'ready', actions: assign({ history: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: toastError },
      },
    },
    loadFailed: { on: { 'history.retry': 'loading' } },
    ready: {
      on: {
        'history.page': { guard: 'pageExists', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        'history.retry': 'loading',
      },
    },
  },
});

export type LoginHistoryActorRef = ActorRefFrom<typeof loginHistoryMachine>;
