import { assign, not, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { SessionGrant } from '../login/login.machine';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { callState } from '../../../../app/machines/loadStates/loadStates';

export interface SecondStepInput {
  challenge: string;
  /** The password step said wrong codes have locked the account's checks (issue 49 §3). */
  locked?: boolean;
}

export type TwoFactorLoginEvent =
  | { type: 'code.submit'; code: string }
  /** The user changed the code: the refusal under it goes. */
  | { type: 'code.edit' }
  /** Lost device: a recovery code instead of the app's code. */
  | Signals<'recovery', 'use' | 'back'>
  /** Locked by wrong codes: email me an unlock code, then type it. */
  | { type: 'unlock.send' }
  | { type: 'unlock.submit'; code: string };

interface Context {
  challenge: string;
  code: string;
  refusal: ToastMessage | undefined;
  recovery: boolean;
  /** Known locked (the password step said so), or a code was refused, which may be the lock: the unlock is offered. */
  locked: boolean;
  failed: boolean;
  unlockSent: boolean;
  /** Why the unlock email was not sent, translated: at its button until it is asked again (issue 50 S3). */
  unlockRefusal: ToastMessage | undefined;
}

/**
 * The sign-in's second step (issue 35): the password was right and the server answered a
 * challenge; the user types the authenticator's 6-digit code, or — device lost — switches to a
 * recovery code (`recovery` in the context: the same call, one of the ten codes, used once). A refusal
 * is written under the field (`refusal`, translated) until the code is changed, tried again or
 * switched — once, in place, not also a toast that vanishes (issue 50 S3); the right code hands the session
 * to `signedIn`. When wrong codes have locked the account's checks (issue 49 §3: said by the
 * password step, or possibly the cause of a refusal), a code emailed to the account unlocks them
 * (`sendingUnlock`, then `unlocking`; an email refused is said at its button, `unlockRefusal`); the
 * step then takes the app's code again.
 * No I/O here: the effects are supplied by accounts.flows.ts.
 */
const twoFactorLoginSetup = setup({
  types: {
    context: {} as Context,
    input: {} as SecondStepInput,
    events: {} as TwoFactorLoginEvent,
  },
  actors: {
    verify: toBeProvided<SessionGrant, { challenge: string; code: string }>('verify'),
    sendUnlock: toBeProvided<null, { challenge: string }>('sendUnlock'),
    unlock: toBeProvided<null, { challenge: string; code: string }>('unlock'),
  },
  actions: {
    signedIn: (_, _params: SessionGrant) => undefined,
    showToast,
  },
  guards: { inRecovery: ({ context }) => context.recovery, refused: ({ context }) => context.refusal !== undefined },
});

export const twoFactorLoginMachine = twoFactorLoginSetup.createMachine({
  id: 'twoFactorLogin',
  context: ({ input }) => ({ challenge: input.challenge, code: '', refusal: undefined, recovery: false, locked: Boolean(input.locked), failed: false, unlockSent: false, unlockRefusal: undefined }),
  initial: 'entering',
  states: {
    entering: {
      description: 'The authenticator code, or a recovery code once the user said the device is lost; a switch clears the refusal.',
      on: {
        'code.submit': { target: 'verifying', actions: assign({ code: ({ event }) => event.code.trim(), refusal: undefined }) },
        'code.edit': { guard: 'refused', actions: assign({ refusal: undefined }) },
        'recovery.use': { guard: not('inRecovery'), actions: assign({ recovery: true, refusal: undefined }) },
        'recovery.back': { guard: 'inRecovery', actions: assign({ recovery: false, refusal: undefined }) },
        'unlock.send': 'sendingUnlock',
        'unlock.submit': { target: 'unlocking', actions: assign({ code: ({ event }) => event.code.trim(), refusal: undefined }) },
      },
    },
    sendingUnlock: callState(twoFactorLoginSetup, {
      src: 'sendUnlock',
      input: ({ context }) => ({ challenge: context.challenge }),
      into: () => ({ unlockSent: true }),
      saved: 'twoFactor.unlock.sent',
      next: 'entering',
      refusal: 'unlockRefusal',
    }),
    unlocking: {
      invoke: {
        id: 'unlock',
        src: 'unlock',
        input: ({ context }) => ({ challenge: context.challenge, code: context.code }),
        onDone: {
          target: 'entering',
          actions: [assign({ locked: false, failed: false, unlockSent: false }), { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.unlock.done' } } }],
        },
        onError: { target: 'entering', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ challenge: context.challenge, code: context.code }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
        onError: { target: 'entering', actions: assign({ refusal: ({ event }) => messageForError(event.error), failed: true }) },
      },
    },
    done: { type: 'final' },
  },
});

export type TwoFactorLoginActorRef = ActorRefFrom<typeof twoFactorLoginMachine>;
