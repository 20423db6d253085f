import { assign, setup, type ActorRefFrom } from 'xstate';
import type { NoteType, PlatNote } from '../../../../../domain/api';
import { type ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface NoteContext {
  type: NoteType | undefined;
  note: PlatNote['detail'] | undefined;
}

export type NoteEvent = { type: 'note.open'; noteType: NoteType } | { type: 'note.close' } | { type: 'note.agree' };

/**
 * A platform note (user agreement, privacy policy, beginner guide, legal notice, about us) shown
 * as a popup, fetched with plat_note in the current language. Agreement and privacy policy carry
 * an agree button (spec §7); agreeing is reported to whoever listens for it.
 */
export const noteMachine = setup({
  types: { context: {} as NoteContext, events: {} as NoteEvent },
  actors: {
    fetchNote: toBeProvided<PlatNote, { type: NoteType }>('fetchNote'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
    agreed: (_, _params: { type: NoteType }) => undefined,
  },
  guards: {
    hasAgreeButton: ({ context }) => context.type === 1 || context.type === 2,
  },
}).createMachine({
  id: 'note',
  context: { type: undefined, note: undefined },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'note.open': { target: 'loading', actions: assign({ type: ({ event }) => event.noteType, note: undefined }) },
      },
    },
    loading: {
      invoke: {
        id: 'fetchNote',
        src: 'fetchNote',
        input: ({ context }) => ({ type: context.type! }),
        onDone: { target: 'open', actions: assign({ note: ({ event }) => event.output.detail }) },
        onError: {
          target: 'closed',
          actions: toastError,
        },
      },
      on: { 'note.close': 'closed' },
    },
    open: {
      on: {
        'note.close': 'closed',
        'note.agree': {
          guard: 'hasAgreeButton',
          target: 'closed',
          actions: { type: 'agreed', params: ({ context }) => ({ type: context.type! }) },
        },
        'note.open': { target: 'loading', actions: assign({ type: ({ event }) => event.noteType, note: undefined }) },
      },
    },
  },
});

export type NoteActorRef = ActorRefFrom<typeof noteMachine>;
