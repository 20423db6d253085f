import { assign, cancel, raise, setup, type ActorRefFrom } from 'xstate';
import { toBeProvided } from '../toBeProvided/toBeProvided';
import type { UserInfo } from '../../../../domain/api';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../../domain/constants';
import { isApiError, type ToastMessage } from '../../../../domain/errors';
import { showToast, toastError } from '../toast/toastError';
import type { Signals } from '../loadStates/setupTypes';

export interface SessionInput {
  /** Whatever storage held under `token` and `user_info`. */
  token?: unknown;
  user?: unknown;
}

export interface SessionContext {
  token: string | undefined;
  user: UserInfo | undefined;
}

export type SessionEvent =
  /** Login or registration succeeded (issue 4 sends it). */
  | { type: 'session.signedIn'; token: string; user: UserInfo }
  /** Any call answered body code 403 (spec §8). */
  | { type: 'session.forbidden'; message?: string }
  /** The server refused the private channel (403): the session is over unless a call says so first. */
  | { type: 'session.channelRefused'; message?: string }
  /** A login-required route was opened without a session (spec §6). */
  | Signals<'session', 'requireLogin' | 'signOut' | 'confirm' | 'cancel' | 'refresh'>;

/** A token as storage held it: a non-empty string, or none (the session and the operator's session restore theirs so). */
export const storedToken = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

function asUser(value: unknown): UserInfo | undefined {
  const u = value as Partial<UserInfo> | null | undefined;
  return u && typeof u === 'object' && typeof u.id === 'number' && typeof u.account === 'string' ? (u as UserInfo) : undefined;
}

/** The server's own 403 text when there is one, else the client's "Please log in first". */
function forbiddenMessage(event: { type: string }): ToastMessage {
  const e = event as { message?: string; error?: unknown };
  if (typeof e.message === 'string' && e.message) return { text: e.message };
  if (isApiError(e.error) && e.error.serverMessage) return { text: e.error.serverMessage };
  return { key: 'session.pleaseLogin' };
}

/** How long a refused private channel waits for the page's own 403 to end the session first (one toast, one redirect). */
export const REFUSAL_GRACE_MS = 1500;

/**
 * The session (spec §4, §6, §8). With a stored token and user info it refreshes the user at start;
 * with either missing it clears both. A 403 from any call clears the session and goes to /login;
 * sign-out asks for confirmation first; opening a login-required route without a session says
 * "Please log in first", clears, and goes to /login 200 ms later.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchUser: toBeProvided<UserInfo, { token: string }>('fetchUser'),
  },
  actions: {
    persistSession: (_, _params: { token: string; user: UserInfo }) => undefined,
    clearStoredSession: () => undefined,
    navigateToLogin: () => undefined,
    /** Tells the server the token is finished (sign-out); best effort, the local session ends anyway. */
    revokeToken: (_, _params: { token: string | undefined }) => undefined,
    showToast,
    forget: assign({ token: undefined, user: undefined }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.token !== undefined && context.user !== undefined,
    isForbidden: (_, params: { error: unknown }) => isApiError(params.error) && params.error.kind === 'forbidden',
  },
  delays: {
    loginRedirect: LOGIN_REDIRECT_DELAY_MS,
    refusalGrace: REFUSAL_GRACE_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: storedToken(input.token),
    user: asUser(input.user),
  }),
  initial: 'checking',
  on: {
    'session.forbidden': { target: '.forbidden' },
  },
  states: {
    checking: {
      always: [
        { guard: 'hasStoredSession', target: 'refreshing', description: 'Token and user info stored: refresh the user.' },
        { target: 'signedOut', actions: ['forget', 'clearStoredSession'], description: 'Either is missing: clear both.' },
      ],
    },
    refreshing: {
      // The header shows the signed-in user while the user is read again (at start, on the identity
      // page, after a profile change): its Sign out asks then too (it closed the menu and did nothing).
      on: { 'session.signOut': 'confirmingSignOut' },
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'persistSession', params: ({ context }) => ({ token: context.token!, user: context.user! }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'forbidden',
            description: 'The stored token is no longer valid.',
          },
          {
            target: 'signedIn',
            actions: toastError,
            description: 'Offline or server trouble: keep the stored user and say so.',
          },
        ],
      },
    },
    signedIn: {
      // A pending refusal belongs to this session: leaving it (a 403, sign-out, refresh) drops it.
      exit: cancel('channelRefusal'),
      on: {
        'session.channelRefused': {
          description: 'The private channel was refused: end the session after a grace, unless a call\'s 403 ends it first.',
          actions: raise(({ event }) => ({ type: 'session.forbidden' as const, ...(event.message ? { message: event.message } : {}) }), { id: 'channelRefusal', delay: 'refusalGrace' }),
        },
        'session.signOut': 'confirmingSignOut',
        'session.refresh': 'refreshing',
        'session.signedIn': {
          target: 'signedIn',
          reenter: true,
          actions: [
            assign({ token: ({ event }) => event.token, user: ({ event }) => event.user }),
            { type: 'persistSession', params: ({ event }) => ({ token: event.token, user: event.user }) },
          ],
        },
      },
    },
    confirmingSignOut: {
      on: {
        'session.confirm': {
          target: 'signedOut',
          actions: [{ type: 'revokeToken', params: ({ context }) => ({ token: context.token }) }, 'forget', 'clearStoredSession', 'navigateToLogin'],
        },
        'session.cancel': 'signedIn',
      },
    },
    signedOut: {
      on: {
        // A call made before the session ended that answers 403 after it (a password change ends
        // every session; the page's reads in flight are refused next): the session is already
        // cleared and the page on its way to /login, with the message that ended it ("Changed;
        // please log in again"), which a second toast would replace.
        'session.forbidden': { description: 'Already signed out: a late 403 adds no second toast or trip to /login.' },
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.token, user: ({ event }) => event.user }),
            { type: 'persistSession', params: ({ event }) => ({ token: event.token, user: event.user }) },
          ],
        },
        'session.requireLogin': 'redirectingToLogin',
      },
    },
    redirectingToLogin: {
      entry: ['forget', 'clearStoredSession', { type: 'showToast', params: { tone: 'error', message: { key: 'session.pleaseLogin' } } }],
      after: { loginRedirect: { target: 'signedOut', actions: 'navigateToLogin' } },
    },
    forbidden: {
      description: 'Body code 403 on any call: clear the session and go to /login.',
      entry: [
        'forget',
        'clearStoredSession',
        { type: 'showToast', params: ({ event }) => ({ tone: 'error', message: forbiddenMessage(event) }) },
      ],
      always: { target: 'signedOut', actions: 'navigateToLogin' },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
