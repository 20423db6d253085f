import { assign, not, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { SessionGrant } from '../login/login.machine';

export interface SecondStepInput {
  challenge: string;
}

export type TwoFactorLoginEvent =
  | { type: 'code.submit'; code: string }
  /** Lost device: a recovery code instead of the app's code. */
  | { type: 'recovery.use' }
  | { type: 'recovery.back' };

/**
 * The sign-in's second step (issue 35): the password was right and the server answered a
 * challenge; the user types the authenticator's 6-digit code, or — device lost — switches to a
 * recovery code (`recovery` in the context: the same call, one of the ten codes, used once). A refusal
 * is a translated toast and stays written under the field (`refusal`) until the next try or a
 * switch, so a wrong code is never only a message that vanished; the right code hands the session
 * to `signedIn`.
 * No I/O here: `verify` is supplied by accounts.flows.ts.
 */
export const twoFactorLoginMachine = setup({
  types: {
    context: {} as { challenge: string; code: string; refusal: ToastMessage | undefined; recovery: boolean },
    input: {} as SecondStepInput,
    events: {} as TwoFactorLoginEvent,
  },
  actors: {
    verify: toBeProvided<SessionGrant, { challenge: string; code: string }>('verify'),
  },
  actions: {
    signedIn: (_, _params: SessionGrant) => undefined,
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: { inRecovery: ({ context }) => context.recovery },
}).createMachine({
  id: 'twoFactorLogin',
  context: ({ input }) => ({ challenge: input.challenge, code: '', refusal: undefined, recovery: false }),
  initial: 'entering',
  states: {
    entering: {
      description: 'The authenticator code, or a recovery code once the user said the device is lost; a switch clears the refusal.',
      on: {
        'code.submit': { target: 'verifying', actions: assign({ code: ({ event }) => event.code.trim(), refusal: undefined }) },
        'recovery.use': { guard: not('inRecovery'), actions: assign({ recovery: true, refusal: undefined }) },
        'recovery.back': { guard: 'inRecovery', actions: assign({ recovery: false, refusal: undefined }) },
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ challenge: context.challenge, code: context.code }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
        onError: { target: 'entering', actions: [toastError, assign({ refusal: ({ event }) => messageForError(event.error) })] },
      },
    },
    done: { type: 'final' },
  },
});

export type TwoFactorLoginActorRef = ActorRefFrom<typeof twoFactorLoginMachine>;
