import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';
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
 * recovery code (the `recovery` state: the same call, one of the ten codes, used once). A refusal
 * is a translated toast and stays written under the field (`refusal`) until the next try or a
 * switch, so a wrong code is never only a message that vanished; the right code hands the session
 * to `signedIn`.
 * No I/O here: `verify` is supplied by accounts.flows.ts.
 */
export const twoFactorLoginMachine = setup({
  types: {
    context: {} as { challenge: string; code: string; refusal: ToastMessage | undefined },
    input: {} as SecondStepInput,
    events: {} as TwoFactorLoginEvent,
  },
  actors: {
    verify: fromPromise<SessionGrant, { challenge: string; code: string }>(async () => {
      throw new Error('verify not provided');
    }),
  },
  actions: {
    signedIn: (_, _params: SessionGrant) => undefined,
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'twoFactorLogin',
  context: ({ input }) => ({ challenge: input.challenge, code: '', refusal: undefined }),
  initial: 'code',
  states: {
    code: {
      on: {
        'code.submit': { target: 'verifyingCode', actions: assign({ code: ({ event }) => event.code.trim(), refusal: undefined }) },
        'recovery.use': { target: 'recovery', actions: assign({ refusal: undefined }) },
      },
    },
    verifyingCode: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ challenge: context.challenge, code: context.code }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
        onError: { target: 'code', actions: [toastError, assign({ refusal: ({ event }) => messageForError(event.error) })] },
      },
    },
    recovery: {
      on: {
        'code.submit': { target: 'verifyingRecovery', actions: assign({ code: ({ event }) => event.code.trim(), refusal: undefined }) },
        'recovery.back': { target: 'code', actions: assign({ refusal: undefined }) },
      },
    },
    verifyingRecovery: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ challenge: context.challenge, code: context.code }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
        onError: { target: 'recovery', actions: [toastError, assign({ refusal: ({ event }) => messageForError(event.error) })] },
      },
    },
    done: { type: 'final' },
  },
});

export type TwoFactorLoginActorRef = ActorRefFrom<typeof twoFactorLoginMachine>;
