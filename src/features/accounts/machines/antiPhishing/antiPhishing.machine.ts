import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import { antiPhishingProblem } from '../../../../../domain/sessions';
import { loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

const PROBLEM_KEY = { antiPhishingLength: 'antiPhishing.errors.antiPhishingLength', antiPhishingHidden: 'antiPhishing.errors.antiPhishingHidden' } as const;

export type AntiPhishingEvent = { type: 'antiPhishing.save'; code: string } | { type: 'antiPhishing.retry' };

const antiPhishingSetup = setup({
  types: {
    context: {} as { code: string; pending: string },
    events: {} as AntiPhishingEvent,
  },
  actors: {
    fetchCode: toBeProvided<{ code: string }>('fetchCode'),
    saveCode: toBeProvided<{ code: string }, { code: string }>('saveCode'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    acceptable: ({ event }) => event.type === 'antiPhishing.save' && antiPhishingProblem(event.code) === undefined,
  },
});

/**
 * /user/s-antiphishing (issue 35): read the anti-phishing code, set or clear it. A phrase the
 * shared rule refuses is refused here with its translated reason and sent nowhere.
 */
export const antiPhishingMachine = antiPhishingSetup.createMachine({
  id: 'antiPhishing',
  context: { code: '', pending: '' },
  initial: 'loading',
  states: {
    ...loadStates(antiPhishingSetup, { src: 'fetchCode', into: ({ code }) => ({ code }), next: 'ready', retry: 'antiPhishing.retry' }),
    ready: {
      on: {
        'antiPhishing.save': [
          { guard: 'acceptable', target: 'saving', actions: assign({ pending: ({ event }) => event.code.trim() }) },
          {
            actions: {
              type: 'showToast',
              params: ({ event }) => ({ tone: 'error' as const, message: { key: PROBLEM_KEY[antiPhishingProblem(event.code) ?? 'antiPhishingLength'] } }),
            },
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveCode',
        src: 'saveCode',
        input: ({ context }) => ({ code: context.pending }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ code: ({ event }) => event.output.code }),
            { type: 'showToast', params: ({ event }) => ({ tone: 'success' as const, message: { key: event.output.code ? 'antiPhishing.saved' : 'antiPhishing.cleared' } }) },
          ],
        },
        onError: { target: 'ready', actions: toastError },
      },
    },
  },
});

export type AntiPhishingActorRef = ActorRefFrom<typeof antiPhishingMachine>;
