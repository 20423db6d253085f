import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../domain/errors';
import type { OperatorUserRow } from '../../../../domain/twoFactor';
import { toastError } from '../../../../app/machines/toast/toastError';

/** Rows per page of the operator's user desk. */
export const OPERATOR_USERS_PAGE_SIZE = 20;

export interface OperatorUsersPage {
  list: OperatorUserRow[];
  total: number;
}

export interface OperatorUsersQuery {
  account: string;
  page: number;
  size: number;
}

export type OperatorUsersEvent =
  | { type: 'users.search'; account: string }
  | { type: 'users.page'; page: number }
  | { type: 'users.reload' }
  | { type: 'users.reset2fa'; id: number }
  | { type: 'users.confirm' }
  | { type: 'users.cancel' };

export interface OperatorUsersContext {
  account: string;
  page: number;
  list: OperatorUserRow[];
  total: number;
  /** The user whose 2FA reset waits for the operator's confirmation. */
  target: number | undefined;
}

/**
 * The operator's user desk (issue 35, lost device): users found by part of their account, each
 * with their 2FA state and any withdrawal lock; "Reset 2FA" asks first (the reset turns 2FA off,
 * writes the audit entry and holds the user's withdrawals for 24 hours), then reads the page again.
 */
export const operatorUsersMachine = setup({
  types: { context: {} as OperatorUsersContext, events: {} as OperatorUsersEvent },
  actors: {
    fetchUsers: fromPromise<OperatorUsersPage, OperatorUsersQuery>(async () => {
      throw new Error('fetchUsers not provided');
    }),
    resetTwoFactor: fromPromise<{ withdrawals_locked_until: number }, { user_id: number }>(async () => {
      throw new Error('resetTwoFactor not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    isOtherPage: ({ context, event }) =>
      event.type === 'users.page' && event.page >= 1 && event.page !== context.page && (event.page - 1) * OPERATOR_USERS_PAGE_SIZE < Math.max(context.total, 1),
    hasTwoFactor: ({ context, event }) => event.type === 'users.reset2fa' && context.list.some((u) => u.id === event.id && u.two_factor),
  },
}).createMachine({
  id: 'operatorUsers',
  context: { account: '', page: 1, list: [], total: 0, target: undefined },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ target: undefined }),
      invoke: {
        id: 'fetchUsers',
        src: 'fetchUsers',
        input: ({ context }) => ({ account: context.account, page: context.page, size: OPERATOR_USERS_PAGE_SIZE }),
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'users.reload': 'loading', 'users.search': { target: 'loading', actions: assign({ account: ({ event }) => event.account.trim(), page: 1 }) } } },
    ready: {
      on: {
        'users.reload': 'loading',
        'users.search': { target: 'loading', actions: assign({ account: ({ event }) => event.account.trim(), page: 1 }) },
        'users.page': { guard: 'isOtherPage', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        'users.reset2fa': { guard: 'hasTwoFactor', target: 'confirmingReset', actions: assign({ target: ({ event }) => event.id }) },
      },
    },
    confirmingReset: {
      description: 'A reset turns off the protection of someone who cannot prove who they are here: the operator confirms first.',
      on: { 'users.confirm': 'resetting', 'users.cancel': { target: 'ready', actions: assign({ target: undefined }) } },
    },
    resetting: {
      invoke: {
        id: 'resetTwoFactor',
        src: 'resetTwoFactor',
        input: ({ context }) => ({ user_id: context.target! }),
        onDone: { target: 'loading', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.desk.resetDone' } } } },
        onError: { target: 'ready', actions: [toastError, assign({ target: undefined })] },
      },
    },
  },
});

export type OperatorUsersActorRef = ActorRefFrom<typeof operatorUsersMachine>;
