import { assign, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { Operator, OperatorGrant } from '../../../../../domain/kyc';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface OperatorSessionInput {
  /** Whatever storage held under the operator's own keys (never the user's token). */
  token?: unknown;
  operator?: unknown;
}

export type OperatorSessionEvent =
  | { type: 'operator.login'; fields: { account: string; password: string } }
  | { type: 'operator.signOut' }
  /** An operator call answered body code 403: the operator token is no longer valid. */
  | { type: 'operator.forbidden' };

function asOperator(value: unknown): Operator | undefined {
  const o = value as Partial<Operator> | null | undefined;
  return o && typeof o === 'object' && typeof o.id === 'number' && typeof o.account === 'string' ? (o as Operator) : undefined;
}

/**
 * The operator's session, kept apart from the user's: its own storage key and API client, so a
 * reviewer signing in or out never touches a trader's session in the same browser.
 */
export const operatorSessionMachine = setup({
  types: {
    context: {} as { token: string | undefined; operator: Operator | undefined },
    events: {} as OperatorSessionEvent,
    input: {} as OperatorSessionInput,
  },
  actors: {
    login: toBeProvided<OperatorGrant, { account: string; password: string }>('login'),
  },
  actions: {
    persist: (_, _params: OperatorGrant) => undefined,
    clearStored: () => undefined,
    revokeToken: (_, _params: { token: string | undefined }) => undefined,
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    forget: assign({ token: undefined, operator: undefined }),
  },
  guards: {
    hasStored: ({ context }) => context.token !== undefined && context.operator !== undefined,
  },
}).createMachine({
  id: 'operatorSession',
  context: ({ input }) => ({
    token: typeof input.token === 'string' && input.token.length > 0 ? input.token : undefined,
    operator: asOperator(input.operator),
  }),
  initial: 'checking',
  on: {
    'operator.forbidden': {
      target: '.signedOut',
      actions: ['forget', 'clearStored', { type: 'showToast', params: { tone: 'error', message: { key: 'operator.sessionEnded' } } }],
    },
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
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.output.token, operator: ({ event }) => event.output.operator }),
            { type: 'persist', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: toastError,
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
