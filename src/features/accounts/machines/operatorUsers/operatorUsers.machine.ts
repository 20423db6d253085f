import { sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { OperatorUserRow } from '../../../../../domain/twoFactor';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
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

/** What a reset asks about: the user, as `resetTwoFactor` is sent it. */
export interface ResetSubject {
  user_id: number;
}

export type OperatorUsersEvent =
  | { type: 'users.search'; account: string }
  /** Reset the 2FA of this user (a row of the list on screen). */
  | { type: 'users.reset2fa'; user: OperatorUserRow }
  /** From the `resetTwoFactor` child (the shared confirm-then-act) once a confirmed reset went through or was refused. */
  | ConfirmActReport<ResetSubject>;

export const OPERATOR_USERS_LIST: PagedListInput<OperatorUsersFilter> = { filter: { account: '' }, size: OPERATOR_USERS_PAGE_SIZE };

/**
 * The operator's user desk (issue 35, lost device): users found by part of their account, each
 * with their 2FA state and any withdrawal lock — the shared paged list (`list` child); "Reset 2FA"
 * asks first (the `resetTwoFactor` child, the shared confirm-then-act: the reset turns 2FA off,
 * writes the audit entry and holds the user's withdrawals for 24 hours), then, done or refused,
 * the page is read again.
 */
export const operatorUsersMachine = setup({
  types: { events: {} as OperatorUsersEvent },
  actors: {
    list: pagedListMachine,
    resetTwoFactor: confirmActMachine,
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    reloadList: sendTo('list', { type: 'list.reload' }),
  },
  guards: {
    hasTwoFactor: ({ event }) => event.type === 'users.reset2fa' && event.user.two_factor,
  },
}).createMachine({
  id: 'operatorUsers',
  invoke: [
    { id: 'list', src: 'list', input: OPERATOR_USERS_LIST },
    { id: 'resetTwoFactor', src: 'resetTwoFactor', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'users.search': { actions: sendTo('list', ({ event }) => ({ type: 'list.filter', filter: { account: event.account.trim() } })) },
    'users.reset2fa': {
      guard: 'hasTwoFactor',
      description: 'A reset turns off the protection of someone who cannot prove who they are here: the operator confirms first.',
      actions: sendTo('resetTwoFactor', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { user_id: event.user.id } })),
    },
    'confirmAct.done': { actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.desk.resetDone' } } }, 'reloadList'] },
    'confirmAct.failed': { actions: 'reloadList', description: 'Refused (2FA was already off): show the users as they are now.' },
  },
});

export type OperatorUsersActorRef = ActorRefFrom<typeof operatorUsersMachine>;
