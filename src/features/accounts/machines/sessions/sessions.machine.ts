import { sendTo, setup, type ActorRefFrom } from 'xstate';
import type { SessionItem } from '../../../../../domain/sessions';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

/** What a sign-out asks about: one session (what `revokeSession` is sent), or every other (how many there are). */
export type RevokeSubject = { id: number } | { count: number };

export type SessionsEvent =
  | { type: 'sessions.revoke'; id: number }
  | Signals<'sessions', 'revokeOthers' | 'retry'>
  /** From the `revokeSession` or `revokeOthers` child (the shared confirm-then-act). */
  | ConfirmActReport<RevokeSubject>;

const sessionsSetup = setup({
  types: {
    context: {} as { sessions: SessionItem[] },
    events: {} as SessionsEvent,
  },
  actors: {
    fetchSessions: toBeProvided<SessionItem[]>('fetchSessions'),
    revokeSession: confirmActMachine,
    revokeOthers: confirmActMachine,
  },
  actions: {
    showToast,
  },
  guards: {
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
    isOther: ({ context, event }) => event.type === 'sessions.revoke' && context.sessions.some((s) => s.id === event.id && !s.current),
  },
});

/**
 * /user/s-sessions (issue 35): the user's live sessions. Signing one out, or every other, asks
 * first (the `revokeSession` and `revokeOthers` children, the shared confirm-then-act); after
 * either, done or refused, the list is read again. The server ends the sessions' sockets itself.
 */
export const sessionsMachine = sessionsSetup.createMachine({
  id: 'sessions',
  context: { sessions: [] },
  invoke: [
    { id: 'revokeSession', src: 'revokeSession', input: ({ self }) => ({ replyTo: self }) },
    { id: 'revokeOthers', src: 'revokeOthers', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'confirmAct.done': {
      target: '.loading',
      actions: { type: 'showToast', params: ({ event }) => ({ tone: 'success' as const, message: { key: 'id' in event.subject ? 'sessions.revoked' : 'sessions.revokedOthers' } }) },
    },
    'confirmAct.failed': { target: '.loading', description: 'Refused (it had ended meanwhile): read the list again.' },
    // The list stays on screen while it is read again (right after a sign-out): the next sign-out
    // clicked then asks, not nothing.
    'sessions.revoke': { guard: 'isOther', actions: sendTo('revokeSession', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
    'sessions.revokeOthers': {
      guard: 'hasOthers',
      actions: sendTo('revokeOthers', ({ context }) => ({ type: 'confirmAct.ask' as const, subject: { count: context.sessions.filter((s) => !s.current).length } })),
    },
  },
  initial: 'loading',
  states: {
    ...loadStates(sessionsSetup, { src: 'fetchSessions', into: (sessions) => ({ sessions }), next: 'ready', retry: 'sessions.retry' }),
    ready: {
      on: {
        'sessions.retry': 'loading',
      },
    },
  },
});

export type SessionsActorRef = ActorRefFrom<typeof sessionsMachine>;
