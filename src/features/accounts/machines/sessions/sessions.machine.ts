import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { SessionItem } from '../../../../../domain/sessions';
import { toastError } from '../../../../app/machines/toast/toastError';

export type SessionsEvent =
  | { type: 'sessions.revoke'; id: number }
  | { type: 'sessions.revokeOthers' }
  | { type: 'sessions.confirm' }
  | { type: 'sessions.cancel' }
  | { type: 'sessions.retry' };

/**
 * /user/s-sessions (issue 35): the user's live sessions. Signing one out, or every other, asks
 * first; after either the list is read again. The server ends the sessions' sockets itself.
 */
export const sessionsMachine = setup({
  types: {
    context: {} as { sessions: SessionItem[]; pending: { kind: 'one'; id: number } | { kind: 'others' } | undefined },
    events: {} as SessionsEvent,
  },
  actors: {
    fetchSessions: fromPromise<SessionItem[]>(async () => {
      throw new Error('fetchSessions not provided');
    }),
    revokeSession: fromPromise<null, { id: number }>(async () => {
      throw new Error('revokeSession not provided');
    }),
    revokeOthers: fromPromise<{ count: number }>(async () => {
      throw new Error('revokeOthers not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    isOne: ({ context }) => context.pending?.kind === 'one',
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
    isOther: ({ context, event }) => event.type === 'sessions.revoke' && context.sessions.some((s) => s.id === event.id && !s.current),
  },
}).createMachine({
  id: 'sessions',
  context: { sessions: [], pending: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSessions',
        src: 'fetchSessions',
        onDone: { target: 'ready', actions: assign({ sessions: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: toastError },
      },
    },
    loadFailed: { on: { 'sessions.retry': 'loading' } },
    ready: {
      on: {
        'sessions.revoke': { guard: 'isOther', target: 'confirming', actions: assign({ pending: ({ event }) => ({ kind: 'one' as const, id: event.id }) }) },
        'sessions.revokeOthers': { guard: 'hasOthers', target: 'confirming', actions: assign({ pending: { kind: 'others' as const } }) },
        'sessions.retry': 'loading',
      },
    },
    confirming: {
      description: 'Signing a session out asks first.',
      on: {
        'sessions.confirm': [{ guard: 'isOne', target: 'revokingOne' }, { target: 'revokingOthers' }],
        'sessions.cancel': { target: 'ready', actions: assign({ pending: undefined }) },
      },
    },
    revokingOne: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ id: context.pending?.kind === 'one' ? context.pending.id : 0 }),
        onDone: { target: 'loading', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'sessions.revoked' } } } },
        onError: { target: 'loading', actions: toastError },
      },
      exit: assign({ pending: undefined }),
    },
    revokingOthers: {
      invoke: {
        id: 'revokeOthers',
        src: 'revokeOthers',
        onDone: { target: 'loading', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'sessions.revokedOthers' } } } },
        onError: { target: 'loading', actions: toastError },
      },
      exit: assign({ pending: undefined }),
    },
  },
});

export type SessionsActorRef = ActorRefFrom<typeof sessionsMachine>;
