import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { toastError } from '../../../../app/machines/toast/toastError';

/** A row of the user's own book: a withdrawal address or a collection method. */
export interface BookRecord {
  id: number;
  [field: string]: string | number;
}
export type RecordFields = Record<string, string>;

/** Which book, and the success messages of spec §8 for it. */
export interface RecordBookInput {
  messages: { added: string; edited: string; deleted: string };
}

type Save = { id?: number; fields: RecordFields };


export type RecordBookEvent =
  | { type: 'book.save'; id?: number; fields: RecordFields }
  | { type: 'book.delete'; id: number }
  | { type: 'book.confirm' }
  | { type: 'book.cancel' }
  | { type: 'book.retry' }
  | { type: 'guard.accepted'; payload?: unknown };

/**
 * The user's withdrawal addresses or collection methods (spec §2 c-symAddr, c-collAddr,
 * addCollAddr, editCollAddr): load the list, add or edit through the anti-double-submit guard,
 * delete after a confirmation (spec §8). After a save the page may leave (`saved`).
 */
export const recordBookMachine = setup({
  types: {
    context: {} as { records: BookRecord[]; pending: Save | undefined; deleting: number | undefined; messages: RecordBookInput['messages'] },
    events: {} as RecordBookEvent,
    input: {} as RecordBookInput,
  },
  actors: {
    submitGuard: submitGuardMachine,
    fetchRecords: fromPromise<BookRecord[]>(async () => {
      throw new Error('fetchRecords not provided');
    }),
    saveRecord: fromPromise<BookRecord, Save>(async () => {
      throw new Error('saveRecord not provided');
    }),
    deleteRecord: fromPromise<null, { id: number }>(async () => {
      throw new Error('deleteRecord not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    saved: () => undefined,
  },
  guards: { isEdit: ({ context }) => context.pending?.id !== undefined },
}).createMachine({
  id: 'recordBook',
  context: ({ input }) => ({ records: [], pending: undefined, deleting: undefined, messages: input.messages }),
  invoke: { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
  initial: 'loading',
  states: {
    loading: {
      description: 'A save pressed while the list loads is still taken.',
      on: {
        'book.save': { actions: sendTo('guard', ({ event }) => ({ type: 'guard.submit', payload: { id: event.id, fields: event.fields } })) },
        'guard.accepted': { target: 'saving', actions: assign({ pending: ({ event }) => event.payload as Save }) },
      },
      invoke: {
        id: 'fetchRecords',
        src: 'fetchRecords',
        onDone: { target: 'ready', actions: assign({ records: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: toastError },
      },
    },
    loadFailed: {
      on: {
        'book.retry': 'loading',
        'book.save': { actions: sendTo('guard', ({ event }) => ({ type: 'guard.submit', payload: { id: event.id, fields: event.fields } })) },
        'guard.accepted': { target: 'saving', actions: assign({ pending: ({ event }) => event.payload as Save }) },
      },
    },
    ready: {
      on: {
        'book.save': { actions: sendTo('guard', ({ event }) => ({ type: 'guard.submit', payload: { id: event.id, fields: event.fields } })) },
        'guard.accepted': { target: 'saving', actions: assign({ pending: ({ event }) => event.payload as Save }) },
        'book.delete': { target: 'confirmingDelete', actions: assign({ deleting: ({ event }) => event.id }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => context.pending!,
        onDone: [
          { guard: 'isEdit', target: 'loading', actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success', message: { key: context.messages.edited } }) }, 'saved'] },
          { target: 'loading', actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success', message: { key: context.messages.added } }) }, 'saved'] },
        ],
        onError: { target: 'ready', actions: toastError },
      },
      exit: assign({ pending: undefined }),
    },
    confirmingDelete: {
      description: 'Spec §8: deleting an address or collection method asks first.',
      on: { 'book.confirm': 'deletingRecord', 'book.cancel': { target: 'ready', actions: assign({ deleting: undefined }) } },
    },
    deletingRecord: {
      invoke: {
        id: 'deleteRecord',
        src: 'deleteRecord',
        input: ({ context }) => ({ id: context.deleting! }),
        onDone: { target: 'loading', actions: { type: 'showToast', params: ({ context }) => ({ tone: 'success', message: { key: context.messages.deleted } }) } },
        onError: { target: 'ready', actions: toastError },
      },
      exit: assign({ deleting: undefined }),
    },
  },
});

export type RecordBookActorRef = ActorRefFrom<typeof recordBookMachine>;
