import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { NotificationItem, NotificationPage, UnreadCount } from '../../../../../domain/informHelp';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { languageChanges, type LanguageInput, type LanguageSource, followLanguage } from '../../../../app/machines/language/languageChanges';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface InformContext {
  items: NotificationItem[];
  unread: number;
  total: number;
  page: number;
  /** The notification being marked read, while the call runs. */
  markingId: number | undefined;
  /** The display language the notifications come in (the app actor); a change reads the shown page again. */
  languages: LanguageSource | undefined;
}

export type InformInput = LanguageInput;

export type InformEvent =
  | { type: 'inform.load'; page?: number }
  | { type: 'inform.retry' }
  | { type: 'inform.markRead'; id: number }
  | Signals<'inform', 'markAll' | 'clear'>
  /** From `notices`: the private channel says a notification was written (issue 37, P2P notifications). */
  | { type: 'inform.pushed' }
  /** From `languageChanges`: the display language changed, and the server writes the notifications in it. */
  | { type: 'inform.languageChanged' };

export const INFORM_POLL_MS = 60_000;

const empty = { items: [], unread: 0, total: 0, page: 1, markingId: undefined } satisfies Omit<InformContext, 'languages'>;

/**
 * The signed-in user's notifications (spec §2 /inform) and the header bell's unread count. One
 * long-lived actor: the header loads it when a session starts and clears it when the session
 * ends; the /inform page loads the page it shows. While shown it refreshes once a minute so the
 * bell picks up new events; a `notice` pushed on the private channel (`notices`) reads the page at
 * once, and so does a change of the display language (`languageChanges`, the app actor given as
 * input), since the server writes the notifications in it. Marking answers with the new unread
 * count from the server.
 */
export const informMachine = setup({
  // `void`: the input may be left out altogether (an actor started without one follows no language).
  types: { context: {} as InformContext, events: {} as InformEvent, input: {} as InformInput | void },
  actors: {
    languageChanges,
    fetchNotifications: toBeProvided<NotificationPage, { page: number }>('fetchNotifications'),
    markRead: toBeProvided<UnreadCount, { id: number }>('markRead'),
    markAllRead: toBeProvided<UnreadCount>('markAllRead'),
    /** The private channel's `notice` pushes as `inform.pushed` (support.flows.ts); none by default. */
    notices: fromCallback(() => () => undefined),
  },
  actions: {
    showToast,
  },
  delays: { poll: INFORM_POLL_MS },
}).createMachine({
  id: 'inform',
  context: ({ input }) => ({ ...empty, languages: input ? input.languages : undefined }),
  initial: 'idle',
  invoke: [
    { id: 'notices', src: 'notices' },
    followLanguage({ type: 'inform.languageChanged' }),
  ],
  on: {
    'inform.clear': { target: '.idle', actions: assign(() => empty), description: 'The session ended: forget the previous user’s notifications.' },
  },
  states: {
    idle: {
      on: { 'inform.load': { target: 'loading', actions: assign({ page: ({ event }) => event.page ?? 1 }) } },
    },
    loading: {
      on: {
        'inform.load': { target: 'loading', reenter: true, actions: assign({ page: ({ event }) => event.page ?? 1 }), description: 'Another page was asked for: the running call is dropped.' },
        'inform.languageChanged': { target: 'loading', reenter: true, description: 'The running call asked in the old language: ask again.' },
        // The list stays on screen while it is read again (the minute's poll): its clicks are taken, and a
        // notice pushed meanwhile may be newer than the running read, so it is asked again.
        'inform.pushed': { target: 'loading', reenter: true, description: 'A notification was written while the list was read: ask again, so it is in.' },
        'inform.markRead': { target: 'marking', actions: assign({ markingId: ({ event }) => event.id }) },
        'inform.markAll': 'markingAll',
      },
      invoke: {
        id: 'fetchNotifications',
        src: 'fetchNotifications',
        input: ({ context }) => ({ page: context.page }),
        onDone: {
          target: 'list',
          actions: assign(({ event }) => ({ items: event.output.list, unread: event.output.unread, total: event.output.total, page: event.output.page })),
        },
        onError: {
          target: 'failed',
          actions: toastError,
        },
      },
    },
    failed: {
      on: {
        'inform.retry': 'loading',
        'inform.load': { target: 'loading', actions: assign({ page: ({ event }) => event.page ?? 1 }) },
        'inform.languageChanged': 'loading',
      },
    },
    list: {
      after: { poll: { target: 'loading', description: 'Refresh the shown page so the bell sees new notifications.' } },
      on: {
        'inform.pushed': { target: 'loading', description: 'A notification was written for this user: the bell and the list show it at once.' },
        'inform.languageChanged': { target: 'loading', description: 'Read the shown page again in the new language.' },
        'inform.load': { target: 'loading', actions: assign({ page: ({ event }) => event.page ?? 1 }) },
        'inform.markRead': { target: 'marking', actions: assign({ markingId: ({ event }) => event.id }) },
        'inform.markAll': 'markingAll',
      },
    },
    marking: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.markingId! }),
        onDone: {
          target: 'list',
          actions: assign(({ context, event }) => ({
            items: context.items.map((n) => (n.id === context.markingId ? { ...n, read: true } : n)),
            unread: event.output.unread,
            markingId: undefined,
          })),
        },
        onError: {
          target: 'list',
          actions: [assign({ markingId: undefined }), toastError],
        },
      },
    },
    markingAll: {
      invoke: {
        id: 'markAllRead',
        src: 'markAllRead',
        onDone: {
          target: 'list',
          actions: assign(({ context, event }) => ({ items: context.items.map((n) => ({ ...n, read: true })), unread: event.output.unread })),
        },
        onError: {
          target: 'list',
          actions: toastError,
        },
      },
    },
  },
});

export type InformActorRef = ActorRefFrom<typeof informMachine>;
