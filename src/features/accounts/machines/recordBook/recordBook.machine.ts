import { assign, enqueueActions, sendTo, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { loadStates } from '../../../../app/machines/loadStates/loadStates';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { guardedSubmit } from '../shared/guardedSubmit';
import type { BookRecord, RecordFields } from '../../../../kit/addressBook/bookRecord';
import { showToast } from '../../../../app/machines/toast/toastError';

// The book's rows are the kit's (the wallet's withdrawal reads the same addresses).
export type { BookRecord, RecordFields };

/** Which book, and the success messages of spec §8 for it. */
export interface RecordBookInput {
  messages: { added: string; edited: string; deleted: string };
  /**
   * A new record takes the authenticator code when 2FA is on (withdrawal addresses): whether it is
   * on is read, so the form asks the code only then, with a plain label (issue 50 C8).
   */
  asksCode?: boolean;
}

type Save = { id?: number; fields: RecordFields };

export type RecordBookEvent =
  | { type: 'book.save'; id?: number; fields: RecordFields }
  /** The user changed the add/edit form: the refusal under it goes. */
  | { type: 'book.edit' }
  | { type: 'book.delete'; id: number }
  | { type: 'book.retry' }
  | { type: 'guard.accepted'; payload?: unknown }
  /** Whether 2FA is on, read at the start for a book that asks the code (`asksCode`). */
  | { type: 'xstate.done.actor.readTwoFactor'; output: boolean }
  /** The read failed: 2FA stays unknown (unhandled, the error would stop the whole book). */
  | { type: 'xstate.error.actor.readTwoFactor'; error: unknown }
  /** From the `deleteRecord` child (the shared confirm-then-act) once a confirmed delete went through or was refused. */
  | ConfirmActReport<{ id: number }>;

const recordBookSetup = setup({
  types: {
    context: {} as {
      records: BookRecord[];
      pending: Save | undefined;
      messages: RecordBookInput['messages'];
      /** The server's refusal of the last save (translated), under the form until it is changed or sent again (issue 50 S3). */
      refusal: ToastMessage | undefined;
      /** Whether 2FA is on (a new record then takes its code); undefined while unknown or for a book that asks none. */
      twoFactor: boolean | undefined;
      asksCode: boolean;
    },
    events: {} as RecordBookEvent,
    input: {} as RecordBookInput,
  },
  actors: {
    submitGuard: submitGuardMachine,
    fetchRecords: toBeProvided<BookRecord[]>('fetchRecords'),
    saveRecord: toBeProvided<BookRecord, Save>('saveRecord'),
    deleteRecord: confirmActMachine,
    readTwoFactor: toBeProvided<boolean>('readTwoFactor'),
  },
  actions: {
    showToast,
    saved: () => undefined,
  },
  guards: { isEdit: ({ context }) => context.pending?.id !== undefined, refused: ({ context }) => context.refusal !== undefined },
});

/**
 * The user's withdrawal addresses or collection methods (spec §2 c-symAddr, c-collAddr,
 * addCollAddr, editCollAddr): load the list, add or edit through the anti-double-submit guard,
 * delete after a confirmation (spec §8: the `deleteRecord` child, the shared confirm-then-act,
 * which keeps a refused delete in its question);
 * the list is read again after a save or a delete, done or refused. After a save the page may
 * leave (`saved`). A refused save is kept in `refusal` and written under the form until the form is
 * changed or sent again — once, in place, not a toast that vanishes (issue 50 S3).
 */
export const recordBookMachine = recordBookSetup.createMachine({
  id: 'recordBook',
  context: ({ input }) => ({ records: [], pending: undefined, messages: input.messages, refusal: undefined, twoFactor: undefined, asksCode: Boolean(input.asksCode) }),
  // Only a book whose records take the code reads whether 2FA is on; a failed read leaves it
  // unknown, and the form then offers the code "if 2FA is on".
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.asksCode) enqueue.spawnChild('readTwoFactor', { id: 'readTwoFactor' });
  }),
  invoke: [
    { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
    // A refused delete is said in its question, not a toast that vanishes (issue 50 S3).
    { id: 'deleteRecord', src: 'deleteRecord', input: ({ self }) => ({ replyTo: self, keepRefusal: true }) },
  ],
  on: {
    'confirmAct.done': { target: '.book', actions: { type: 'showToast', params: ({ context }) => ({ tone: 'success' as const, message: { key: context.messages.deleted } }) } },
    'confirmAct.failed': { target: '.book', description: 'Refused (it was already gone): read the list again.' },
    'book.edit': { guard: 'refused', actions: assign({ refusal: undefined }) },
    'xstate.done.actor.readTwoFactor': { actions: assign({ twoFactor: ({ event }) => event.output }) },
    'xstate.error.actor.readTwoFactor': { description: 'Whether 2FA is on stays unknown: the form offers the code "if 2FA is on".' },
  },
  initial: 'book',
  states: {
    book: {
      description: 'A save is taken while the list loads, after it failed, and once it is shown.',
      on: guardedSubmit(recordBookSetup, { submit: 'book.save', payload: ({ id, fields }): Save => ({ id, fields }), to: 'saving', keep: (pending) => ({ pending, refusal: undefined }) }),
      initial: 'loading',
      states: {
        ...loadStates(recordBookSetup, { src: 'fetchRecords', into: (records) => ({ records }), next: 'ready', retry: 'book.retry' }),
        ready: {
          on: { 'book.delete': { actions: sendTo('deleteRecord', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) } },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => context.pending!,
        onDone: [
          { guard: 'isEdit', target: 'book', actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success', message: { key: context.messages.edited } }) }, 'saved'] },
          { target: 'book', actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success', message: { key: context.messages.added } }) }, 'saved'] },
        ],
        onError: { target: 'book.ready', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
      exit: assign({ pending: undefined }),
    },
  },
});

export type RecordBookActorRef = ActorRefFrom<typeof recordBookMachine>;
