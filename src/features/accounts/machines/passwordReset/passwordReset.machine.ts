import { assign, setup, stateIn, type ActorRefFrom } from 'xstate';
import { countdownMachine } from '../../../../app/machines/countdown/countdown.machine';
import type { AccountFields } from '../registration/registration.machine';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { codeRequest } from '../shared/codeRequest';
import { resendWait } from '../shared/resendWait';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface ResetFields {
  code: string;
  password: string;
  password_repeat: string;
}

export type PasswordResetEvent =
  | { type: 'reset.sendCode'; fields: AccountFields }
  | { type: 'reset.submit'; fields: ResetFields }
  | Signals<'reset', 'back' | 'codeSent'>;

const passwordResetSetup = setup({
  types: {
    context: {} as { account: AccountFields | undefined; fields: ResetFields | undefined },
    events: {} as PasswordResetEvent,
  },
  actors: {
    resendCountdown: countdownMachine,
    sendCode: toBeProvided<null, AccountFields>('sendCode'),
    reset: toBeProvided<null, AccountFields & ResetFields>('reset'),
  },
  actions: {
    showToast,
    goToNewPassword: () => undefined,
    goToLogin: () => undefined,
  },
  guards: { mayResend: stateIn({ resend: 'ready' }) },
});

/** The code for the account, sent; the new password's page once it went. */
const codeSending = codeRequest(passwordResetSetup, { sent: 'reset.codeSent', next: 'newPassword', then: 'goToNewPassword' });

/**
 * Password reset (spec §2 /forget-pass then /set-pass): ask for a code for the account, then the
 * code and the new password twice. Every session of the account ends; the user logs in again.
 */
export const passwordResetMachine = passwordResetSetup.createMachine({
  id: 'passwordReset',
  context: { account: undefined, fields: undefined },
  type: 'parallel',
  states: {
    flow: {
      initial: 'account',
      states: {
        account: {
          on: { 'reset.sendCode': codeSending.ask },
        },
        sendingCode: codeSending.sendingCode,
        newPassword: {
          on: {
            'reset.submit': { target: 'resetting', actions: assign({ fields: ({ event }) => event.fields }) },
            'reset.back': 'account',
            'reset.sendCode': codeSending.ask,
          },
        },
        resetting: {
          exit: assign({ fields: undefined }),
          invoke: {
            id: 'reset',
            src: 'reset',
            input: ({ context }) => ({ ...context.account!, ...context.fields! }),
            onDone: { target: 'done', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'auth.passwordChanged' } } }, 'goToLogin'] },
            onError: { target: 'newPassword', actions: toastError },
          },
        },
        done: {},
      },
    },
    resend: resendWait(passwordResetSetup, { sent: 'reset.codeSent', child: 'resendCountdown' }),
  },
});

export type PasswordResetActorRef = ActorRefFrom<typeof passwordResetMachine>;
