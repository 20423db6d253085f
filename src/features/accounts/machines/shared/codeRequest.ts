import { assign, raise } from 'xstate';
import type { SetupEventType, StateConfig } from '../../../../app/machines/loadStates/setupTypes';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface CodeRequestConfig<S> {
  /** What the machine raises once the code went out (its `resendWait` region hears it). */
  sent: SetupEventType<S>;
  /** Where the flow goes once the code went out. */
  next: string;
  /** What else the machine does then (a page of its own for the next step). */
  then?: string;
}

/**
 * A verification code asked for the account typed, as registration and password reset both ask it:
 * `ask` is the transition (heard only once the resend wait is over, the account kept for the
 * send) and `sendingCode` the state that sends it (`sendCode` with that account), says so and
 * raises `sent`, or toasts the failure and goes back to `account`.
 */
export function codeRequest<S>(_machineSetup: S, config: CodeRequestConfig<S>): { ask: StateConfig; sendingCode: StateConfig } {
  return {
    ask: { guard: 'mayResend', target: 'sendingCode', actions: assign({ account: ({ event }: { event: { fields: unknown } }) => event.fields }) },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }: { context: { account: unknown } }) => context.account,
        onDone: {
          target: config.next,
          actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'auth.codeSent' } } }, raise({ type: config.sent }), ...(config.then === undefined ? [] : [config.then])],
        },
        onError: { target: 'account', actions: toastError },
      },
    },
  };
}

