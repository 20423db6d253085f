import { assign, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { RegistrationDetails } from '../../../../../domain/api';
import { isApiError, messageForError, type ToastMessage } from '../../../../../domain/errors';
import { countdownMachine } from '../../../../app/machines/countdown/countdown.machine';
import type { SessionGrant } from '../login/login.machine';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { codeRequest } from '../shared/codeRequest';
import { resendWait } from '../shared/resendWait';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface AccountFields {
  account: string;
  area_code?: string;
}

/** Step two's fields: the passwords, each twice, the invitation code and the agreement, as /api/register_next takes them. */
export type DetailFields = RegistrationDetails;

export type RegistrationEvent =
  | { type: 'reg.sendCode'; fields: AccountFields }
  | { type: 'reg.checkCode'; fields: AccountFields & { code: string } }
  | { type: 'reg.submit'; fields: DetailFields }
  | Signals<'reg', 'back' | 'codeSent'>;

/** The server's refusal of an invitation code, said under the field while it still holds that code. */
export interface InvitationRefusal {
  code: string;
  message: ToastMessage;
}

interface RegistrationContext {
  account: AccountFields | undefined;
  code: string;
  /** Held only while submitting, then dropped. */
  details: DetailFields | undefined;
  /** The invitation code last sent (no secret): what a refusal of it is tied to. */
  invitation: string;
  invitationRefusal: InvitationRefusal | undefined;
  /** Any other refusal of step two (a password the server finds guessable, an expired code), said in the form until it is sent again. */
  refusal: ToastMessage | undefined;
}

const registrationSetup = setup({
  types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
  actors: {
    resendCountdown: countdownMachine,
    sendCode: toBeProvided<null, AccountFields>('sendCode'),
    checkCode: toBeProvided<unknown, AccountFields & { code: string }>('checkCode'),
    register: toBeProvided<SessionGrant, AccountFields & { code: string } & DetailFields>('register'),
  },
  actions: {
    showToast,
    goToDetails: () => undefined,
    signedIn: (_, _params: SessionGrant) => undefined,
  },
  guards: {
    mayResend: stateIn({ resend: 'ready' }),
    /** The server named the invitation code as what it refused (`data.field`). */
    invitationRefused: ({ event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return isApiError(error) && error.field === 'invitation_code';
    },
  },
});

/** The code for the account, sent; the form stays for the code. */
const codeSending = codeRequest(registrationSetup, { sent: 'reg.codeSent', next: 'account' });

/**
 * Registration in two steps (spec §2 /reg then /reg-next, §5 rules): the account and a
 * verification code (a new code at most every 60 seconds), then passwords, invitation code and
 * the agreement. The code is checked at step one and used up at step two; success signs in. A
 * refused invitation code is kept for its field (`invitationRefusal`); step two's other refusals
 * are kept for the form (`refusal`); step one's are toasts.
 */
export const registrationMachine = registrationSetup.createMachine({
  id: 'registration',
  context: { account: undefined, code: '', details: undefined, invitation: '', invitationRefusal: undefined, refusal: undefined },
  type: 'parallel',
  states: {
    flow: {
      initial: 'account',
      states: {
        account: {
          on: {
            'reg.sendCode': codeSending.ask,
            'reg.checkCode': {
              target: 'checkingCode',
              actions: assign({ account: ({ event }) => ({ account: event.fields.account, area_code: event.fields.area_code }), code: ({ event }) => event.fields.code }),
            },
          },
        },
        sendingCode: codeSending.sendingCode,
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
            'reg.submit': {
              target: 'submitting',
              actions: assign({ details: ({ event }) => event.fields, invitation: ({ event }) => event.fields.invitation_code, invitationRefusal: undefined, refusal: undefined }),
            },
            'reg.back': { target: 'account', actions: assign({ invitationRefusal: undefined, refusal: undefined }) },
          },
        },
        submitting: {
          exit: assign({ details: undefined }),
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => ({ ...context.account!, code: context.code, ...context.details! }),
            onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
            onError: [
              {
                guard: 'invitationRefused',
                target: 'details',
                description: 'A wrong invitation code is said under its field, as the form says its own rules, not in a toast.',
                actions: assign({ invitationRefusal: ({ context, event }) => ({ code: context.invitation, message: messageForError(event.error) }) }),
              },
              {
                target: 'details',
                description: 'Any other refusal stays written in the form (a toast would be gone before a new user read it) until the form is sent again.',
                actions: assign({ refusal: ({ event }) => messageForError(event.error) }),
              },
            ],
          },
        },
        done: {},
      },
    },
    resend: resendWait(registrationSetup, { sent: 'reg.codeSent', child: 'resendCountdown' }),
  },
});

export type RegistrationActorRef = ActorRefFrom<typeof registrationMachine>;
