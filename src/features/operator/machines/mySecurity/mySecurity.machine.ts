import { assign, setup, type ActorRefFrom } from 'xstate';
import type { OperatorSessionView, OperatorSignInView } from '../../../../../domain/operators';
import type { Page } from '../../../../../domain/wallet';
import { showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { callState, readState } from '../../../../app/machines/loadStates/loadStates';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface MySecurityData {
  sessions: OperatorSessionView[];
  signIns: Page<OperatorSignInView>;
}

export type MySecurityEvent =
  | { type: 'security.reload' }
  | { type: 'security.page'; page: number }
  /** Asks to end one session (confirmed first), or every other one. */
  | { type: 'security.revoke'; id: number }
  | Signals<'security', 'revokeOthers' | 'confirm' | 'dismiss'>;

interface Context {
  sessions: OperatorSessionView[];
  signIns: Page<OperatorSignInView> | undefined;
  page: number;
  /** The session a confirmation is about; undefined for "every other one". */
  target: number | undefined;
}

/**
 * "My security" (issue 51 §1): the operator's own live sessions — end one, or all the others,
 * each after a confirmation — and their sign-in history, paged (done and refused attempts, read
 * from the audit log by the server). Reads again after each ending.
 */
const mySecuritySetup = setup({
  types: { context: {} as Context, events: {} as MySecurityEvent },
  actors: {
    load: toBeProvided<MySecurityData, { page: number }>('load'),
    revoke: toBeProvided<unknown, { id: number }>('revoke'),
    revokeOthers: toBeProvided<unknown, void>('revokeOthers'),
  },
  actions: {
    showToast,
  },
  guards: {
    aboutOthers: ({ context }) => context.target === undefined,
  },
});

export const mySecurityMachine = mySecuritySetup.createMachine({
  id: 'mySecurity',
  context: { sessions: [], signIns: undefined, page: 1, target: undefined },
  initial: 'loading',
  states: {
    loading: readState(mySecuritySetup, { src: 'load', input: ({ context }) => ({ page: context.page }), into: ({ sessions, signIns }) => ({ sessions, signIns }), next: 'ready', failed: 'failed' }),
    failed: {
      on: { 'security.reload': 'loading' },
    },
    ready: {
      on: {
        'security.reload': 'loading',
        'security.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'security.revoke': { target: 'confirming', actions: assign({ target: ({ event }) => event.id }) },
        'security.revokeOthers': { target: 'confirming', actions: assign({ target: undefined }) },
      },
    },
    confirming: {
      on: {
        'security.confirm': [{ guard: 'aboutOthers', target: 'revokingOthers' }, { target: 'revokingOne' }],
        'security.dismiss': 'ready',
      },
    },
    revokingOne: callState(mySecuritySetup, { src: 'revoke', input: ({ context }) => ({ id: context.target ?? 0 }), saved: 'operatorAuth.security.ended', next: 'loading' }),
    revokingOthers: callState(mySecuritySetup, { src: 'revokeOthers', saved: 'operatorAuth.security.othersEnded', next: 'loading' }),
  },
});

export type MySecurityActorRef = ActorRefFrom<typeof mySecurityMachine>;
