import { assign, setup, type ActorRefFrom } from 'xstate';
import type { UserInfo } from '../../../../../domain/api';
import { type ToastMessage } from '../../../../../domain/errors';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { guardedSubmit } from '../shared/guardedSubmit';
import { isTwoFactorChallenge, type TwoFactorChallenge } from '../../../../../domain/twoFactor';

export interface LoginFields {
  account: string;
  area_code?: string;
  password: string;
}

export interface SessionGrant {
  token: string;
  user_info: UserInfo;
}

export type LoginEvent = { type: 'login.submit'; fields: LoginFields } | { type: 'guard.accepted'; payload?: unknown } | { type: 'secondFactor.cancel' };

const loginSetup = setup({
  types: { context: {} as { fields: LoginFields | undefined; challenge: TwoFactorChallenge | undefined }, events: {} as LoginEvent },
  actors: {
    submitGuard: submitGuardMachine,
    login: toBeProvided<SessionGrant | TwoFactorChallenge, LoginFields>('login'),
  },
  actions: {
    signedIn: (_, _params: SessionGrant) => undefined,
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
});

/**
 * Login (spec §2 /login). A press goes through the 2000 ms anti-double-submit guard; the call's
 * failure is a translated toast and the form stays; success hands the session to the session
 * machine (action `signedIn`) and leaves.
 */
export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: { fields: undefined, challenge: undefined },
  invoke: { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
  initial: 'editing',
  states: {
    editing: {
      on: guardedSubmit(loginSetup, { submit: 'login.submit', payload: (event) => event.fields, to: 'submitting', keep: (fields) => ({ fields }) }),
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.fields!,
        onDone: [
          // 2FA on: the password was right; the code step (twoFactor/twoFactorLogin) takes the challenge.
          { guard: ({ event }) => isTwoFactorChallenge(event.output), target: 'secondFactor', actions: assign({ challenge: ({ event }) => event.output as TwoFactorChallenge }) },
          { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output as SessionGrant } },
        ],
        onError: {
          target: 'editing',
          actions: toastError,
        },
      },
    },
    secondFactor: { on: { 'secondFactor.cancel': { target: 'editing', actions: assign({ challenge: undefined }) } } },
    done: { type: 'final' },
  },
});

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
