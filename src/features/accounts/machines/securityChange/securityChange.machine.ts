import { and, assign, raise, setup, spawnChild, stateIn, type ActorRefFrom } from 'xstate';
import { endsSessions, SECURITY_PURPOSE, type SecurityKind } from '../../../../../domain/userCentre';
import { countdownMachine } from '../../../../app/machines/countdown/countdown.machine';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { guardedSubmit } from '../shared/guardedSubmit';
import { resendWait } from '../shared/resendWait';

export type CodeTarget = 'current' | 'new';

export interface CodeRequest {
  purpose: (typeof SECURITY_PURPOSE)[SecurityKind];
  to: CodeTarget;
  account?: string;
  area_code?: string;
}

/** Code to the account itself; for email and phone also the new address and the code sent there. */
export interface SecurityFields {
  code: string;
  password?: string;
  password_repeat?: string;
  account?: string;
  area_code?: string;
  new_code?: string;
}

export type SecurityChangeEvent =
  | { type: 'security.sendCode'; to: CodeTarget; account?: string; area_code?: string }
  | { type: 'security.submit'; fields: SecurityFields }
  | { type: 'security.codeSent'; to: CodeTarget }
  | { type: 'guard.accepted'; payload?: unknown }
  /** Whether 2FA is on, read at the start: the form asks the code only then. */
  | { type: 'xstate.done.actor.readTwoFactor'; output: boolean }
  /** The read failed: 2FA stays unknown (unhandled, the error would stop the whole flow). */
  | { type: 'xstate.error.actor.readTwoFactor'; error: unknown };

const securityChangeSetup = setup({
  types: {
    context: {} as {
      kind: SecurityKind;
      request: CodeRequest | undefined;
      fields: SecurityFields | undefined;
      /** Whether 2FA is on (the server then asks its code); undefined while unknown or when the read failed. */
      twoFactor: boolean | undefined;
    },
    events: {} as SecurityChangeEvent,
    input: {} as { kind: SecurityKind },
  },
  actors: {
    // One countdown per address; the source names match the child ids so each can be told apart.
    resendCurrent: countdownMachine,
    resendNew: countdownMachine,
    submitGuard: submitGuardMachine,
    sendCode: toBeProvided<null, CodeRequest>('sendCode'),
    submitChange: toBeProvided<null, { kind: SecurityKind; fields: SecurityFields }>('submitChange'),
    readTwoFactor: toBeProvided<boolean>('readTwoFactor'),
  },
  actions: {
    showToast,
    sessionEnded: () => undefined,
  },
  guards: {
    toCurrent: ({ event }) => 'to' in event && event.to === 'current',
    toNew: ({ event }) => 'to' in event && event.to === 'new',
    currentReady: stateIn({ resend: { current: 'ready' } }),
    newReady: stateIn({ resend: { next: 'ready' } }),
    endsSessions: ({ context }) => endsSessions(context.kind),
  },
});

/**
 * One security change of the user centre (spec §2 s-loginpwd, s-securitypwd, s-emailset,
 * s-phoneset): ask for a code to the account (and, for email or phone, to the new address), then
 * submit. Each address has its own resend countdown child (`resendCurrent`, `resendNew`) whose
 * snapshot the page renders. A change that ends the sessions hands over to the session machine
 * (`sessionEnded`), which clears the session and goes to /login. Whether 2FA is on is read at the
 * start (`twoFactor`), so the form asks its code only when the server will; a failed read leaves it
 * unknown and the form offers the code "if 2FA is on".
 */
export const securityChangeMachine = securityChangeSetup.createMachine({
  id: 'securityChange',
  context: ({ input }) => ({ kind: input.kind, request: undefined, fields: undefined, twoFactor: undefined }),
  type: 'parallel',
  entry: spawnChild('readTwoFactor', { id: 'readTwoFactor' }),
  on: {
    'xstate.done.actor.readTwoFactor': { actions: assign({ twoFactor: ({ event }) => event.output }) },
    'xstate.error.actor.readTwoFactor': { description: 'Whether 2FA is on stays unknown: the form offers the code "if 2FA is on".' },
  },
  states: {
    flow: {
      invoke: { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'security.sendCode': [
              { guard: and(['toCurrent', 'currentReady']), target: 'sendingCode', actions: assign({ request: ({ context, event }) => ({ purpose: SECURITY_PURPOSE[context.kind], to: event.to }) }) },
              {
                guard: and(['toNew', 'newReady']),
                target: 'sendingCode',
                actions: assign({ request: ({ context, event }) => ({ purpose: SECURITY_PURPOSE[context.kind], to: event.to, account: event.account, area_code: event.area_code }) }),
              },
            ],
            ...guardedSubmit(securityChangeSetup, { submit: 'security.submit', payload: (event) => event.fields, to: 'submitting', keep: (fields) => ({ fields }) }),
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => context.request!,
            onDone: {
              target: 'editing',
              actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'auth.codeSent' } } }, raise(({ context }) => ({ type: 'security.codeSent' as const, to: context.request!.to }))],
            },
            onError: { target: 'editing', actions: toastError },
          },
        },
        submitting: {
          exit: assign({ fields: undefined }),
          invoke: {
            id: 'submitChange',
            src: 'submitChange',
            input: ({ context }) => ({ kind: context.kind, fields: context.fields! }),
            onDone: [
              { guard: 'endsSessions', target: 'done', actions: 'sessionEnded', description: 'Login password, email or phone changed: every session ended; log in again.' },
              { target: 'done', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'security.fundsPasswordChanged' } } } },
            ],
            onError: { target: 'editing', actions: toastError },
          },
        },
        done: { type: 'final' },
      },
    },
    resend: {
      type: 'parallel',
      states: {
        current: resendWait(securityChangeSetup, { sent: 'security.codeSent', guard: 'toCurrent', child: 'resendCurrent' }),
        next: resendWait(securityChangeSetup, { sent: 'security.codeSent', guard: 'toNew', child: 'resendNew' }),
      },
    },
  },
});

export type SecurityChangeActorRef = ActorRefFrom<typeof securityChangeMachine>;
