import { assign, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import type { TwoFactorBegin, TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorStatus } from '../../../../../domain/twoFactor';
import { callState, loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';

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
    showToast,
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
    confirming: callState(twoFactorEnrolmentSetup, {
      src: 'confirm',
      input: ({ context }) => ({ code: context.code }),
      into: (confirmed) => ({
        recoveryCodes: confirmed.recovery_codes,
        enrolment: undefined,
        status: { enabled: true, recovery_codes_left: confirmed.recovery_codes.length, withdrawals_locked_until: confirmed.withdrawals_locked_until, locked: false },
      }),
      saved: 'twoFactor.enabled',
      then: ['securityChanged'],
      next: 'showingCodes',
      failed: 'scanning',
      refusal: 'refusal',
    }),
    showingCodes: { on: { 'codes.saved': { target: 'on', actions: assign({ recoveryCodes: [] }) } } },
    on: { on: { 'disable.submit': { target: 'disabling', actions: assign({ code: ({ event }) => event.code.trim() }) } } },
    // Off; the status read next brings the withdrawal lock it started. A refusal may have been the
    // one that locked the checks: the status says.
    disabling: callState(twoFactorEnrolmentSetup, {
      src: 'disable',
      input: ({ context }) => ({ code: context.code }),
      into: (_, context) => ({ status: { enabled: false, recovery_codes_left: 0, withdrawals_locked_until: context.status?.withdrawals_locked_until ?? 0, locked: false } }),
      saved: 'twoFactor.disabled',
      then: ['securityChanged'],
      next: 'rechecking',
      refusal: 'refusal',
    }),
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
    sendingUnlock: callState(twoFactorEnrolmentSetup, { src: 'sendUnlock', into: () => ({ unlockSent: true }), saved: 'twoFactor.unlock.sent', next: 'locked', refusal: 'refusal' }),
    unlocking: callState(twoFactorEnrolmentSetup, {
      src: 'unlock',
      input: ({ context }) => ({ code: context.code }),
      into: (_, context) => ({ unlockSent: false, status: context.status ? { ...context.status, locked: false } : context.status }),
      saved: 'twoFactor.unlock.done',
      next: 'on',
      failed: 'locked',
      refusal: 'refusal',
    }),
  },
});

export type TwoFactorEnrolmentActorRef = ActorRefFrom<typeof twoFactorEnrolmentMachine>;
