import { assign, setup, type ActorRefFrom } from 'xstate';
import type { UserInfo } from '../../../../../domain/api';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { guardedSubmit } from '../shared/guardedSubmit';
import { isTwoFactorChallenge, type TwoFactorChallenge } from '../../../../../domain/twoFactor';
import { showToast } from '../../../../app/machines/toast/toastError';

export interface LoginFields {
  account: string;
  area_code?: string;
  password: string;
}

export interface SessionGrant {
  token: string;
  user_info: UserInfo;
}

export type LoginEvent =
  | { type: 'login.submit'; fields: LoginFields }
  /** The user changed the form: a refusal shown under it goes. */
  | { type: 'login.edit' }
  | { type: 'guard.accepted'; payload?: unknown }
  | { type: 'secondFactor.cancel' };

interface LoginContext {
  fields: LoginFields | undefined;
  challenge: TwoFactorChallenge | undefined;
  /** The server's refusal (translated), written under the form until the next edit or submit (issue 50 S3). */
  refusal: ToastMessage | undefined;
}

const loginSetup = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    submitGuard: submitGuardMachine,
    login: toBeProvided<SessionGrant | TwoFactorChallenge, LoginFields>('login'),
  },
  actions: {
    signedIn: (_, _params: SessionGrant) => undefined,
    showToast,
  },
  guards: { refused: ({ context }) => context.refusal !== undefined },
});

/**
 * Login (spec §2 /login). A press goes through the 2000 ms anti-double-submit guard; the call's
 * failure (a wrong password, say) is kept translated in `refusal` and written under the form, which
 * stays, until the user changes the form or presses again — once, in place, not also a toast that
 * vanishes (issue 50 S3); success hands the session to the session machine (action `signedIn`) and leaves.
 */
export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: { fields: undefined, challenge: undefined, refusal: undefined },
  invoke: { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...guardedSubmit(loginSetup, { submit: 'login.submit', payload: (event) => event.fields, to: 'submitting', keep: (fields) => ({ fields, refusal: undefined }) }),
        'login.edit': { guard: 'refused', actions: assign({ refusal: undefined }) },
      },
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
          actions: assign({ refusal: ({ event }) => messageForError(event.error) }),
        },
      },
    },
    secondFactor: { on: { 'secondFactor.cancel': { target: 'editing', actions: assign({ challenge: undefined }) } } },
    done: { type: 'final' },
  },
});

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
