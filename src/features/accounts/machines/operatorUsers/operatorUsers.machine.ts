import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { OperatorUserRow } from '../../../../../domain/twoFactor';
import { toastError } from '../../../../app/machines/toast/toastError';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';

/** Rows per page of the operator's user desk. */
export const OPERATOR_USERS_PAGE_SIZE = 20;

export interface OperatorUsersPage {
  list: OperatorUserRow[];
  total: number;
}

/** The desk's filter, kept by the shared paged list: part of the account (empty: everyone). */
export interface OperatorUsersFilter {
  account: string;
}

export type OperatorUsersEvent =
  | { type: 'users.search'; account: string }
  /** Reset the 2FA of this user (a row of the list on screen). */
  | { type: 'users.reset2fa'; user: OperatorUserRow }
  | { type: 'users.confirm' }
  | { type: 'users.cancel' };

export interface OperatorUsersContext {
  /** The user whose 2FA reset waits for the operator's confirmation. */
  target: OperatorUserRow | undefined;
}

export const OPERATOR_USERS_LIST: PagedListInput<OperatorUsersFilter> = { filter: { account: '' }, size: OPERATOR_USERS_PAGE_SIZE };

/**
 * The operator's user desk (issue 35, lost device): users found by part of their account, each
 * with their 2FA state and any withdrawal lock — the shared paged list (`list` child); "Reset 2FA"
 * asks first (the reset turns 2FA off, writes the audit entry and holds the user's withdrawals for
 * 24 hours), then reads the page again.
 */
export const operatorUsersMachine = setup({
  types: { context: {} as OperatorUsersContext, events: {} as OperatorUsersEvent },
  actors: {
    list: pagedListMachine,
    resetTwoFactor: fromPromise<{ withdrawals_locked_until: number }, { user_id: number }>(async () => {
      throw new Error('resetTwoFactor not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    forget: assign({ target: undefined }),
  },
  guards: {
    hasTwoFactor: ({ event }) => event.type === 'users.reset2fa' && event.user.two_factor,
  },
}).createMachine({
  id: 'operatorUsers',
  context: { target: undefined },
  invoke: { id: 'list', src: 'list', input: OPERATOR_USERS_LIST },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'users.search': { actions: sendTo('list', ({ event }) => ({ type: 'list.filter', filter: { account: event.account.trim() } })) },
        'users.reset2fa': { guard: 'hasTwoFactor', target: 'confirmingReset', actions: assign({ target: ({ event }) => event.user }) },
      },
    },
    confirmingReset: {
      description: 'A reset turns off the protection of someone who cannot prove who they are here: the operator confirms first.',
      on: { 'users.confirm': 'resetting', 'users.cancel': { target: 'idle', actions: 'forget' } },
    },
    resetting: {
      invoke: {
        id: 'resetTwoFactor',
        src: 'resetTwoFactor',
        input: ({ context }) => ({ user_id: context.target!.id }),
        onDone: {
          target: 'idle',
          actions: ['forget', { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.desk.resetDone' } } }, sendTo('list', { type: 'list.reload' })],
        },
        onError: { target: 'idle', actions: [toastError, 'forget'] },
      },
    },
  },
});

export type OperatorUsersActorRef = ActorRefFrom<typeof operatorUsersMachine>;
