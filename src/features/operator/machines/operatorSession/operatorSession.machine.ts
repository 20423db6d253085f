import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Operator, OperatorGrant } from '../../../../../domain/kyc';
import type { OperatorEnrolment, OperatorSecondStep } from '../../../../../domain/operators';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface OperatorSessionInput {
  /** Whatever storage held under the operator's own keys (never the user's token). */
  token?: unknown;
  operator?: unknown;
}

/** What the password step answers: the session (a code came along), the second step, or the enrolment (2FA not on yet). */
export type OperatorSignInAnswer = OperatorGrant | OperatorSecondStep | OperatorEnrolment;
export type OperatorEnrolled = OperatorGrant & { recovery_codes: string[] };

export type OperatorSessionEvent =
  | { type: 'operator.login'; fields: { account: string; password: string } }
  /**
   * The authenticator's code (or a recovery code at the second step), for the second step or the
   * enrolment; a new operator's enrolment also carries the password it chose (`newPassword`).
   */
  | { type: 'operator.code'; code: string; newPassword?: string }
  /** Back to the password from the second step or the enrolment. */
  | { type: 'operator.cancel' }
  /** The recovery codes shown once after the enrolment are put away: on to the desks. */
  | Signals<'operator', 'recoverySaved' | 'signOut'>
  /**
   * An operator call answered body code 403. With `permission` (the server's PermissionRefused):
   * not the operator's to do — the session stays, a toast names what is missing (`message`, the
   * server's translated text). Without: the operator token is no longer valid.
   */
  | { type: 'operator.forbidden'; permission?: string; message?: string };

function asOperator(value: unknown): Operator | undefined {
  const o = value as Partial<Operator> | null | undefined;
  return o && typeof o === 'object' && typeof o.id === 'number' && typeof o.account === 'string' ? (o as Operator) : undefined;
}

const isGrant = (answer: OperatorSignInAnswer): answer is OperatorGrant => typeof (answer as OperatorGrant).token === 'string';
const isEnrolment = (answer: OperatorSignInAnswer): answer is OperatorEnrolment => (answer as OperatorEnrolment).enrol === true;

interface Context {
  token: string | undefined;
  operator: Operator | undefined;
  /** The second step's challenge, while it is asked. */
  challenge: string | undefined;
  /** The enrolment's secret and otpauth:// URI (the QR code), while it is asked. */
  enrolment: OperatorEnrolment | undefined;
  /** Shown once, right after the enrolment. */
  recoveryCodes: string[];
}

/**
 * The operator's session, kept apart from the user's: its own storage key and API client, so a
 * reviewer signing in or out never touches a trader's session in the same browser. 2FA is
 * mandatory (issue 51 §1): the password leads to the code's step, or — 2FA not on yet — to the
 * enrolment (QR code, first code, recovery codes shown once), and only then to the desks.
 */
export const operatorSessionMachine = setup({
  types: {
    context: {} as Context,
    events: {} as OperatorSessionEvent,
    input: {} as OperatorSessionInput,
  },
  actors: {
    login: toBeProvided<OperatorSignInAnswer, { account: string; password: string }>('login'),
    secondStep: toBeProvided<OperatorGrant, { challenge: string; code: string }>('secondStep'),
    enrol: toBeProvided<OperatorEnrolled, { ticket: string; code: string; newPassword?: string }>('enrol'),
  },
  actions: {
    persist: (_, _params: OperatorGrant) => undefined,
    clearStored: () => undefined,
    revokeToken: (_, _params: { token: string | undefined }) => undefined,
    showToast,
    forget: assign({ token: undefined, operator: undefined, challenge: undefined, enrolment: undefined, recoveryCodes: () => [] }),
    forgetSteps: assign({ challenge: undefined, enrolment: undefined }),
  },
  guards: {
    hasStored: ({ context }) => context.token !== undefined && context.operator !== undefined,
    granted: ({ event }) => isGrant((event as unknown as { output: OperatorSignInAnswer }).output),
    enrolment: ({ event }) => isEnrolment((event as unknown as { output: OperatorSignInAnswer }).output),
    notPermitted: ({ event }) => event.type === 'operator.forbidden' && Boolean(event.permission),
    /** A new operator's enrolment sends the password it chose with its code (its first was an admin's). */
    enrolmentSendable: ({ context, event }) => event.type === 'operator.code' && (!context.enrolment?.new_password || (event.newPassword ?? '').length > 0),
  },
}).createMachine({
  id: 'operatorSession',
  context: ({ input }) => ({
    token: typeof input.token === 'string' && input.token.length > 0 ? input.token : undefined,
    operator: asOperator(input.operator),
    challenge: undefined,
    enrolment: undefined,
    recoveryCodes: [],
  }),
  initial: 'checking',
  on: {
    'operator.forbidden': [
      {
        guard: 'notPermitted',
        description: "Not this operator's to do: a toast names the permission missing, the session stays.",
        actions: {
          type: 'showToast',
          params: ({ event }) => ({ tone: 'error' as const, message: event.message ? { text: event.message } : { key: 'operatorAuth.permissionMissing' } }),
        },
      },
      {
        target: '.signedOut',
        actions: ['forget', 'clearStored', { type: 'showToast', params: { tone: 'error', message: { key: 'operator.sessionEnded' } } }],
      },
    ],
  },
  states: {
    checking: {
      always: [
        { guard: 'hasStored', target: 'signedIn', description: 'A stored operator session; the first call tells if it is still live.' },
        { target: 'signedOut', actions: ['forget', 'clearStored'] },
      ],
    },
    signedOut: {
      on: { 'operator.login': 'loggingIn' },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => (event as Extract<OperatorSessionEvent, { type: 'operator.login' }>).fields,
        onDone: [
          {
            guard: 'granted',
            target: 'signedIn',
            actions: [
              assign({ token: ({ event }) => (event.output as OperatorGrant).token, operator: ({ event }) => (event.output as OperatorGrant).operator }),
              { type: 'persist', params: ({ event }) => event.output as OperatorGrant },
            ],
          },
          { guard: 'enrolment', target: 'enrolling', actions: assign({ enrolment: ({ event }) => event.output as OperatorEnrolment }) },
          { target: 'secondStep', actions: assign({ challenge: ({ event }) => (event.output as OperatorSecondStep).challenge }) },
        ],
        onError: {
          target: 'signedOut',
          actions: toastError,
        },
      },
    },
    secondStep: {
      description: 'The password was right: the code from the authenticator app (or a recovery code).',
      on: {
        'operator.code': 'verifying',
        'operator.cancel': { target: 'signedOut', actions: 'forgetSteps' },
      },
    },
    verifying: {
      invoke: {
        id: 'secondStep',
        src: 'secondStep',
        input: ({ context, event }) => ({ challenge: context.challenge ?? '', code: (event as Extract<OperatorSessionEvent, { type: 'operator.code' }>).code }),
        onDone: {
          target: 'signedIn',
          actions: [assign({ token: ({ event }) => event.output.token, operator: ({ event }) => event.output.operator }), 'forgetSteps', { type: 'persist', params: ({ event }) => event.output }],
        },
        onError: { target: 'secondStep', actions: toastError },
      },
    },
    enrolling: {
      description: "No 2FA yet: the QR code and the secret, then the first code turns it on (a new operator's with the password it chose).",
      on: {
        'operator.code': { guard: 'enrolmentSendable', target: 'confirming' },
        'operator.cancel': { target: 'signedOut', actions: 'forgetSteps' },
      },
    },
    confirming: {
      invoke: {
        id: 'enrol',
        src: 'enrol',
        input: ({ context, event }) => {
          const { code, newPassword } = event as Extract<OperatorSessionEvent, { type: 'operator.code' }>;
          return { ticket: context.enrolment?.ticket ?? '', code, ...(newPassword === undefined ? {} : { newPassword }) };
        },
        onDone: {
          target: 'recoveryCodes',
          actions: [
            assign({ token: ({ event }) => event.output.token, operator: ({ event }) => event.output.operator, recoveryCodes: ({ event }) => event.output.recovery_codes }),
            'forgetSteps',
            { type: 'persist', params: ({ event }) => ({ token: event.output.token, operator: event.output.operator }) },
          ],
        },
        onError: { target: 'enrolling', actions: toastError },
      },
    },
    recoveryCodes: {
      description: 'Signed in; the ten recovery codes are shown this once before the desks.',
      on: {
        'operator.recoverySaved': { target: 'signedIn', actions: assign({ recoveryCodes: () => [] }) },
        'operator.signOut': {
          target: 'signedOut',
          actions: [{ type: 'revokeToken', params: ({ context }) => ({ token: context.token }) }, 'forget', 'clearStored'],
        },
      },
    },
    signedIn: {
      on: {
        'operator.signOut': {
          target: 'signedOut',
          actions: [{ type: 'revokeToken', params: ({ context }) => ({ token: context.token }) }, 'forget', 'clearStored'],
        },
      },
    },
  },
});

export type OperatorSessionActorRef = ActorRefFrom<typeof operatorSessionMachine>;
