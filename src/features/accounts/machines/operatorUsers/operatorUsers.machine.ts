import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { UsersDeskRow, UsersExport, UsersQuery } from '../../../../../domain/usersDesk';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

/** Rows per page of the operator's users desk. */
export const OPERATOR_USERS_PAGE_SIZE = 20;

export interface OperatorUsersPage {
  list: UsersDeskRow[];
  total: number;
}

/** The desk's filter, kept by the shared paged list (every field absent: everyone). */
export type OperatorUsersFilter = UsersQuery;

/** Every filter field named, so a search replaces the whole filter (the paged list merges what it is sent). */
export const NO_FILTER: Record<keyof UsersQuery, undefined> = {
  text: undefined,
  name_status: undefined,
  two_factor: undefined,
  frozen: undefined,
  registered_from: undefined,
  registered_to: undefined,
  signed_in_from: undefined,
  signed_in_to: undefined,
};

export type OperatorUsersEvent =
  /** The search form was sent: these filters, from page 1. */
  | { type: 'users.search'; query: UsersQuery }
  /** The CSV of what the current filters find. */
  | { type: 'users.export' };

export const OPERATOR_USERS_LIST: PagedListInput<OperatorUsersFilter> = { filter: {}, size: OPERATOR_USERS_PAGE_SIZE };

/**
 * The users desk's search (issue 51 §3): the shared paged list (`list` child) over the filters —
 * id, email, phone or nickname text, identity state, 2FA, frozen, registration and last sign-in
 * dates — and the CSV export of what they find, saved as a file (`saveFile`, the flows' effect).
 * Opening a user is the user page's machine (operatorUser).
 */
export const operatorUsersMachine = setup({
  types: { context: {} as { query: UsersQuery }, events: {} as OperatorUsersEvent },
  actors: {
    list: pagedListMachine,
    exportUsers: toBeProvided<UsersExport, UsersQuery>('exportUsers'),
  },
  actions: {
    showToast,
    saveFile: (_, _params: UsersExport) => undefined,
  },
}).createMachine({
  id: 'operatorUsers',
  context: { query: {} },
  invoke: [{ id: 'list', src: 'list', input: OPERATOR_USERS_LIST }],
  on: {
    'users.search': {
      description: 'The filters the list reads and the export takes: the whole form each time, so a cleared field is cleared.',
      actions: [
        assign({ query: ({ event }) => ({ ...NO_FILTER, ...event.query, text: event.query.text?.trim() || undefined }) }),
        sendTo('list', ({ context }) => ({ type: 'list.filter', filter: context.query })),
      ],
    },
  },
  initial: 'idle',
  states: {
    idle: { on: { 'users.export': 'exporting' } },
    exporting: {
      description: 'The server writes the export to the audit log and answers the CSV in its envelope.',
      invoke: {
        id: 'exportUsers',
        src: 'exportUsers',
        input: ({ context }) => context.query,
        onDone: { target: 'idle', actions: [{ type: 'saveFile', params: ({ event }) => event.output }, { type: 'showToast', params: { tone: 'success', message: { key: 'usersDesk.exported' } } }] },
        onError: { target: 'idle', actions: toastError },
      },
    },
  },
});

export type OperatorUsersActorRef = ActorRefFrom<typeof operatorUsersMachine>;
