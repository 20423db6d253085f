import { assign, fromPromise, raise, setup, stateIn, type ActorRefFrom } from 'xstate';
import { CODE_RESEND_SECONDS } from '../../../../../domain/constants';
import { type ToastMessage } from '../../../../../domain/errors';
import { countdownMachine } from '../../../../app/machines/countdown/countdown.machine';
import type { SessionGrant } from '../login/login.machine';
import { toastError } from '../../../../app/machines/toast/toastError';

/** Seconds before another code may be requested (the server refuses sooner). */
export const RESEND_SECONDS = CODE_RESEND_SECONDS;

export interface AccountFields {
  account: string;
  area_code?: string;
}

export interface DetailFields {
  password: string;
  password_repeat: string;
  funds_password: string;
  funds_password_repeat: string;
  invitation_code: string;
  agree: boolean;
}

export type RegistrationEvent =
  | { type: 'reg.sendCode'; fields: AccountFields }
  | { type: 'reg.checkCode'; fields: AccountFields & { code: string } }
  | { type: 'reg.submit'; fields: DetailFields }
  | { type: 'reg.back' }
  | { type: 'reg.codeSent' }
  | { type: 'countdown.tick'; remaining: number }
  | { type: 'countdown.done' };

interface RegistrationContext {
  account: AccountFields | undefined;
  code: string;
  /** Held only while submitting, then dropped. */
  details: DetailFields | undefined;
  resendIn: number;
}

/**
 * Registration in two steps (spec §2 /reg then /reg-next, §5 rules): the account and a
 * verification code (a new code at most every 60 seconds), then passwords, invitation code and
 * the agreement. The code is checked at step one and used up at step two; success signs in.
 */
export const registrationMachine = setup({
  types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
  actors: {
    countdown: countdownMachine,
    sendCode: fromPromise<null, AccountFields>(async () => {
      throw new Error('sendCode not provided');
    }),
    checkCode: fromPromise<unknown, AccountFields & { code: string }>(async () => {
      throw new Error('checkCode not provided');
    }),
    register: fromPromise<SessionGrant, AccountFields & { code: string } & DetailFields>(async () => {
      throw new Error('register not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    goToDetails: () => undefined,
    signedIn: (_, _params: SessionGrant) => undefined,
  },
  guards: {
    mayResend: stateIn({ resend: 'ready' }),
  },
}).createMachine({
  id: 'registration',
  context: { account: undefined, code: '', details: undefined, resendIn: 0 },
  type: 'parallel',
  states: {
    flow: {
      initial: 'account',
      states: {
        account: {
          on: {
            'reg.sendCode': { guard: 'mayResend', target: 'sendingCode', actions: assign({ account: ({ event }) => event.fields }) },
            'reg.checkCode': {
              target: 'checkingCode',
              actions: assign({ account: ({ event }) => ({ account: event.fields.account, area_code: event.fields.area_code }), code: ({ event }) => event.fields.code }),
            },
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => context.account!,
            onDone: { target: 'account', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'auth.codeSent' } } }, raise({ type: 'reg.codeSent' })] },
            onError: { target: 'account', actions: toastError },
          },
        },
        checkingCode: {
          invoke: {
            id: 'checkCode',
            src: 'checkCode',
            input: ({ context }) => ({ ...context.account!, code: context.code }),
            onDone: { target: 'details', actions: 'goToDetails' },
            onError: { target: 'account', actions: toastError },
          },
        },
        details: {
          on: {
            'reg.submit': { target: 'submitting', actions: assign({ details: ({ event }) => event.fields }) },
            'reg.back': 'account',
          },
        },
        submitting: {
          exit: assign({ details: undefined }),
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => ({ ...context.account!, code: context.code, ...context.details! }),
            onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
            onError: { target: 'details', actions: toastError },
          },
        },
        done: {},
      },
    },
    resend: {
      initial: 'ready',
      states: {
        ready: {
          on: { 'reg.codeSent': { target: 'coolingDown', actions: assign({ resendIn: RESEND_SECONDS }) } },
        },
        coolingDown: {
          invoke: { id: 'resendCountdown', src: 'countdown', input: ({ self }) => ({ seconds: RESEND_SECONDS, replyTo: self }) },
          on: {
            'countdown.tick': { actions: assign({ resendIn: ({ event }) => event.remaining }) },
            'countdown.done': { target: 'ready', actions: assign({ resendIn: 0 }) },
          },
        },
      },
    },
  },
});

export type RegistrationActorRef = ActorRefFrom<typeof registrationMachine>;
