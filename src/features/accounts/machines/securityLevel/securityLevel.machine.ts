import { assign, setup, type ActorRefFrom } from 'xstate';
import type { SecurityLevel } from '../../../../../domain/accountSafety';
import type { ToastMessage } from '../../../../../domain/errors';
import { loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export type SecurityLevelEvent = { type: 'securityLevel.setAllowlist'; enabled: boolean } | { type: 'securityLevel.retry' };

const securityLevelSetup = setup({
  types: {
    context: {} as { level: SecurityLevel | undefined; wanted: boolean },
    events: {} as SecurityLevelEvent,
  },
  actors: {
    fetchLevel: toBeProvided<SecurityLevel>('fetchLevel'),
    setAllowlist: toBeProvided<SecurityLevel, { enabled: boolean }>('setAllowlist'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
  },
  guards: {
    changes: ({ context, event }) => event.type === 'securityLevel.setAllowlist' && context.level?.allowlist !== event.enabled,
  },
});

/**
 * /user/s-securityset (issue 35): reads what is really on (2FA, identity, anti-phishing code,
 * allowlist) and switches allowlist mode. Turning it off locks withdrawals for 24 h on the server;
 * the answer carries the new level, lock included.
 */
export const securityLevelMachine = securityLevelSetup.createMachine({
  id: 'securityLevel',
  context: { level: undefined, wanted: false },
  initial: 'loading',
  states: {
    ...loadStates(securityLevelSetup, { src: 'fetchLevel', into: (level) => ({ level }), next: 'ready', retry: 'securityLevel.retry' }),
    ready: {
      on: {
        'securityLevel.setAllowlist': { guard: 'changes', target: 'switching', actions: assign({ wanted: ({ event }) => event.enabled }) },
      },
    },
    switching: {
      invoke: {
        id: 'setAllowlist',
        src: 'setAllowlist',
        input: ({ context }) => ({ enabled: context.wanted }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ level: ({ event }) => event.output }),
            { type: 'showToast', params: ({ event }) => ({ tone: 'success' as const, message: { key: event.output.allowlist ? 'safety.allowlistOn' : 'safety.allowlistOff' } }) },
          ],
        },
        onError: { target: 'ready', actions: toastError },
      },
    },
  },
});

export type SecurityLevelActorRef = ActorRefFrom<typeof securityLevelMachine>;
