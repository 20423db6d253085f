import { and, assign, setup, type ActorRefFrom } from 'xstate';
import { antiPhishingProblem, type AntiPhishingState } from '../../../../../domain/sessions';
import { callState, loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

const PROBLEM_KEY = { antiPhishingLength: 'antiPhishing.errors.antiPhishingLength', antiPhishingHidden: 'antiPhishing.errors.antiPhishingHidden' } as const;

/** What a change sends: the phrase and its proof, the 2FA code or the emailed code (issue 49 §4). */
export interface AntiPhishingChange {
  code: string;
  totp_code?: string;
  email_code?: string;
}

export type AntiPhishingEvent =
  /** `proof`: the authenticator code when 2FA is on, else the code emailed to the account. */
  | { type: 'antiPhishing.save'; code: string; proof: string }
  /** 2FA off: email me the code a change takes. */
  | Signals<'antiPhishing', 'sendCode' | 'retry'>;

const antiPhishingSetup = setup({
  types: {
    context: {} as { code: string; twoFactor: boolean; pending: AntiPhishingChange | undefined },
    events: {} as AntiPhishingEvent,
  },
  actors: {
    fetchCode: toBeProvided<AntiPhishingState>('fetchCode'),
    saveCode: toBeProvided<{ code: string }, AntiPhishingChange>('saveCode'),
    sendCode: toBeProvided<null>('sendCode'),
  },
  actions: {
    showToast,
  },
  guards: {
    acceptable: ({ event }) => event.type === 'antiPhishing.save' && antiPhishingProblem(event.code) === undefined,
    proven: ({ event }) => event.type === 'antiPhishing.save' && event.proof.trim() !== '',
    emailed: ({ context }) => !context.twoFactor,
  },
});

/**
 * /user/s-antiphishing (issues 35 and 49): read the anti-phishing code, set or clear it. A change
 * is not made with the session alone: it takes the authenticator code when 2FA is on, else a code
 * emailed to the account (`sendingCode`). A phrase the shared rule refuses, or a change without its
 * proof, is refused here with its translated reason and sent nowhere.
 */
export const antiPhishingMachine = antiPhishingSetup.createMachine({
  id: 'antiPhishing',
  context: { code: '', twoFactor: false, pending: undefined },
  initial: 'loading',
  states: {
    ...loadStates(antiPhishingSetup, { src: 'fetchCode', into: ({ code, two_factor }) => ({ code, twoFactor: two_factor }), next: 'ready', retry: 'antiPhishing.retry' }),
    ready: {
      on: {
        'antiPhishing.save': [
          {
            guard: and(['acceptable', 'proven']),
            target: 'saving',
            actions: assign({
              pending: ({ context, event }) => {
                const proof = event.proof.trim();
                return context.twoFactor ? { code: event.code.trim(), totp_code: proof } : { code: event.code.trim(), email_code: proof };
              },
            }),
          },
          {
            guard: 'acceptable',
            actions: {
              type: 'showToast',
              params: ({ context }) => ({ tone: 'error' as const, message: { key: context.twoFactor ? 'antiPhishing.errors.totpRequired' : 'antiPhishing.errors.emailCodeRequired' } }),
            },
          },
          {
            actions: {
              type: 'showToast',
              params: ({ event }) => ({ tone: 'error' as const, message: { key: PROBLEM_KEY[antiPhishingProblem(event.code) ?? 'antiPhishingLength'] } }),
            },
          },
        ],
        'antiPhishing.sendCode': { guard: 'emailed', target: 'sendingCode' },
      },
    },
    sendingCode: callState(antiPhishingSetup, { src: 'sendCode', saved: 'antiPhishing.codeSent', next: 'ready' }),
    saving: {
      invoke: {
        id: 'saveCode',
        src: 'saveCode',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'ready',
          actions: [
            assign({ code: ({ event }) => event.output.code, pending: undefined }),
            { type: 'showToast', params: ({ event }) => ({ tone: 'success' as const, message: { key: event.output.code ? 'antiPhishing.saved' : 'antiPhishing.cleared' } }) },
          ],
        },
        onError: { target: 'ready', actions: [assign({ pending: undefined }), toastError] },
      },
    },
  },
});

export type AntiPhishingActorRef = ActorRefFrom<typeof antiPhishingMachine>;
