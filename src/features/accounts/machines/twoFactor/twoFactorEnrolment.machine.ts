import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { TwoFactorEnrolment, TwoFactorStatus } from '../../../../../domain/twoFactor';
import { loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export type TwoFactorEnrolmentEvent =
  | { type: 'enrol.start' }
  | { type: 'enrol.confirm'; code: string }
  | { type: 'enrol.cancel' }
  /** The user has written the recovery codes down: they are never shown again. */
  | { type: 'codes.saved' }
  | { type: 'disable.submit'; code: string }
  | { type: 'retry' };

interface Context {
  status: TwoFactorStatus | undefined;
  enrolment: TwoFactorEnrolment | undefined;
  recoveryCodes: string[];
  code: string;
}

const twoFactorEnrolmentSetup = setup({
  types: { context: {} as Context, events: {} as TwoFactorEnrolmentEvent },
  actors: {
    fetchStatus: toBeProvided<TwoFactorStatus>('fetchStatus'),
    begin: toBeProvided<TwoFactorEnrolment>('begin'),
    confirm: toBeProvided<{ recovery_codes: string[] }, { code: string }>('confirm'),
    disable: toBeProvided<null, { code: string }>('disable'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    enabled: ({ context }) => Boolean(context.status?.enabled),
  },
});

/**
 * Two-factor authentication in the user centre (/user/s-securityset; issue 35): the status is read,
 * then — off — a secret and its otpauth:// URI are fetched (`scanning`: the QR code and the secret
 * as text), the first code confirms it and the ten recovery codes are shown once (`showingCodes`);
 * — on — a code (or a recovery code) turns it off. Refusals are translated toasts and the step
 * stays. Effects are supplied by accounts.flows.ts.
 */
export const twoFactorEnrolmentMachine = twoFactorEnrolmentSetup.createMachine({
  id: 'twoFactorEnrolment',
  context: { status: undefined, enrolment: undefined, recoveryCodes: [], code: '' },
  initial: 'loading',
  states: {
    ...loadStates(twoFactorEnrolmentSetup, { src: 'fetchStatus', into: (status) => ({ status }), next: 'choosing', retry: 'retry' }),
    choosing: { always: [{ guard: 'enabled', target: 'on' }, { target: 'off' }] },
    off: { on: { 'enrol.start': 'starting' } },
    starting: {
      invoke: {
        id: 'begin',
        src: 'begin',
        onDone: { target: 'scanning', actions: assign({ enrolment: ({ event }) => event.output }) },
        onError: { target: 'off', actions: toastError },
      },
    },
    scanning: {
      on: {
        'enrol.confirm': { target: 'confirming', actions: assign({ code: ({ event }) => event.code.trim() }) },
        'enrol.cancel': { target: 'off', actions: assign({ enrolment: undefined }) },
      },
    },
    confirming: {
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
              status: ({ event }) => ({ enabled: true, recovery_codes_left: event.output.recovery_codes.length, withdrawals_locked_until: 0 }),
            }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.enabled' } } },
          ],
        },
        onError: { target: 'scanning', actions: toastError },
      },
    },
    showingCodes: { on: { 'codes.saved': { target: 'on', actions: assign({ recoveryCodes: [] }) } } },
    on: { on: { 'disable.submit': { target: 'disabling', actions: assign({ code: ({ event }) => event.code.trim() }) } } },
    disabling: {
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'off',
          actions: [
            assign({ status: ({ context }) => ({ enabled: false, recovery_codes_left: 0, withdrawals_locked_until: context.status?.withdrawals_locked_until ?? 0 }) }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'twoFactor.disabled' } } },
          ],
        },
        onError: { target: 'on', actions: toastError },
      },
    },
  },
});

export type TwoFactorEnrolmentActorRef = ActorRefFrom<typeof twoFactorEnrolmentMachine>;
