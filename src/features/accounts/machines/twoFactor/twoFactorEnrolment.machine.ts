import { assign, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import type { TwoFactorBegin, TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorStatus } from '../../../../../domain/twoFactor';
import { loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export type TwoFactorEnrolmentEvent =
  | { type: 'enrol.start' }
  /** The login password, which enrolment starts with (issue 49 §4). */
  | { type: 'enrol.password'; password: string }
  | { type: 'enrol.confirm'; code: string }
  | { type: 'enrol.cancel' }
  /** The user has written the recovery codes down: they are never shown again. */
  | { type: 'codes.saved' }
  | { type: 'disable.submit'; code: string }
  /** Locked by wrong codes: email me an unlock code, then type it. */
  | { type: 'unlock.send' }
  | { type: 'unlock.submit'; code: string }
  /** The user changed a field of the step: the refusal under it goes. */
  | { type: 'twoFactor.edit' }
  | { type: 'retry' };

interface Context {
  status: TwoFactorStatus | undefined;
  enrolment: TwoFactorEnrolment | undefined;
  recoveryCodes: string[];
  code: string;
  /** Held only between the password form and the answer to it. */
  password: string;
  /** An unlock code was emailed: the form to type it shows. */
  unlockSent: boolean;
  /**
   * Why the step's last request was refused (a wrong password or code, an unlock email not sent),
   * translated: written in the panel until a field changes or the step is sent again (issue 50 S3).
   */
  refusal: ToastMessage | undefined;
}

const twoFactorEnrolmentSetup = setup({
  types: { context: {} as Context, events: {} as TwoFactorEnrolmentEvent },
  actors: {
    fetchStatus: toBeProvided<TwoFactorStatus>('fetchStatus'),
    begin: toBeProvided<TwoFactorEnrolment, TwoFactorBegin>('begin'),
    confirm: toBeProvided<TwoFactorConfirmed, { code: string }>('confirm'),
    disable: toBeProvided<null, { code: string }>('disable'),
    sendUnlock: toBeProvided<null>('sendUnlock'),
    unlock: toBeProvided<null, { code: string }>('unlock'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    /** 2FA turned on or off: the page's security level reads itself again (issue 50 M2; accounts.flows.ts). */
    securityChanged: () => undefined,
  },
  guards: {
    refused: ({ context }) => context.refusal !== undefined,
    enabled: ({ context }) => Boolean(context.status?.enabled),
    locked: ({ context }) => Boolean(context.status?.enabled && context.status.locked),
  },
});

/**
 * Two-factor authentication in the user centre (/user/s-securityset; issues 35 and 49): the status
 * is read, then — off — the login password is asked first (a stolen session alone must not enrol
 * another authenticator), a secret and its otpauth:// URI are fetched (`scanning`: the QR code and
 * the secret as text), the first code confirms it, withdrawals are then held for 24 hours and the
 * ten recovery codes are shown once (`showingCodes`); — on — a code (or a recovery code) turns it
 * off. When wrong codes have locked the account's checks (`locked`), a code emailed to the account
 * unlocks them; a refused turn-off reads the status again to find out. A refusal is kept in
 * `refusal` and written in the panel, translated, until a field changes or the step is sent again —
 * not a toast that vanishes (issue 50 S3); the step stays. Effects are supplied by accounts.flows.ts.
 */
export const twoFactorEnrolmentMachine = twoFactorEnrolmentSetup.createMachine({
  id: 'twoFactorEnrolment',
  context: { status: undefined, enrolment: undefined, recoveryCodes: [], code: '', password: '', unlockSent: false, refusal: undefined },
  on: { 'twoFactor.edit': { guard: 'refused', actions: assign({ refusal: undefined }) } },
  initial: 'loading',
  states: {
    ...loadStates(twoFactorEnrolmentSetup, { src: 'fetchStatus', into: (status) => ({ status }), next: 'choosing', retry: 'retry' }),
    choosing: { always: [{ guard: 'locked', target: 'locked' }, { guard: 'enabled', target: 'on' }, { target: 'off' }] },
    off: { on: { 'enrol.start': 'askingPassword' } },
    askingPassword: {
      on: {
        'enrol.password': { target: 'starting', actions: assign({ password: ({ event }) => event.password }) },
        'enrol.cancel': { target: 'off', actions: assign({ refusal: undefined }) },
      },
    },
    starting: {
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'begin',
        src: 'begin',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'scanning', actions: assign({ enrolment: ({ event }) => event.output, password: '' }) },
        onError: { target: 'askingPassword', actions: assign({ password: '', refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
    scanning: {
      on: {
        'enrol.confirm': { target: 'confirming', actions: assign({ code: ({ event }) => event.code.trim() }) },
        'enrol.cancel': { target: 'off', actions: assign({ enrolment: undefined, refusal: undefined }) },
      },
    },
    confirming: {
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'showingCodes',
          actions: [
            assign({
              recoveryCodes: ({ event }) => event.output.recovery_codes,
              enrolment: undefined,
              status: ({ event }) => ({
                enabled: true,
                recovery_codes_left: event.output.recovery_codes.length,
                withdrawals_locked_until: event.output.withdrawals_locked_until,
                locked: false,
              }),
            }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.enabled' } } },
            'securityChanged',
          ],
        },
        onError: { target: 'scanning', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
    showingCodes: { on: { 'codes.saved': { target: 'on', actions: assign({ recoveryCodes: [] }) } } },
    on: { on: { 'disable.submit': { target: 'disabling', actions: assign({ code: ({ event }) => event.code.trim() }) } } },
    disabling: {
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ code: context.code }),
        // Off; the status read next brings the withdrawal lock it started.
        onDone: {
          target: 'rechecking',
          actions: [
            assign({ status: ({ context }) => ({ enabled: false, recovery_codes_left: 0, withdrawals_locked_until: context.status?.withdrawals_locked_until ?? 0, locked: false }) }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.disabled' } } },
            'securityChanged',
          ],
        },
        // The refusal may have been the one that locked the checks: the status says.
        onError: { target: 'rechecking', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
    rechecking: {
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: { target: 'choosing', actions: assign({ status: ({ event }) => event.output }) },
        onError: { target: 'choosing' },
      },
    },
    locked: {
      on: {
        'unlock.send': 'sendingUnlock',
        'unlock.submit': { target: 'unlocking', actions: assign({ code: ({ event }) => event.code.trim() }) },
      },
    },
    sendingUnlock: {
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'sendUnlock',
        src: 'sendUnlock',
        onDone: { target: 'locked', actions: [assign({ unlockSent: true }), { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.unlock.sent' } } }] },
        onError: { target: 'locked', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
    unlocking: {
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'unlock',
        src: 'unlock',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'on',
          actions: [
            assign({ unlockSent: false, status: ({ context }) => (context.status ? { ...context.status, locked: false } : context.status) }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.unlock.done' } } },
          ],
        },
        onError: { target: 'locked', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
  },
});

export type TwoFactorEnrolmentActorRef = ActorRefFrom<typeof twoFactorEnrolmentMachine>;
