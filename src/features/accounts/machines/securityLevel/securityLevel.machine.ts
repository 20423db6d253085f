import { and, assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { SecurityLevel } from '../../../../../domain/accountSafety';
import { loadStates } from '../../../../app/machines/loadStates/loadStates';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export type SecurityLevelEvent =
  | { type: 'securityLevel.setAllowlist'; enabled: boolean }
  /** Turning the allowlist off, confirmed: the 2FA code when 2FA is on (issue 49 §4). */
  | { type: 'allowlistOff.confirm'; totpCode?: string }
  | { type: 'allowlistOff.cancel' }
  | { type: 'securityLevel.retry' }
  /** From the page's other panels (accounts/actors/safety.actors.ts createSecuritySignals): 2FA turned on or off. */
  | { type: 'security.changed' };

export interface AllowlistChange {
  enabled: boolean;
  totp_code?: string;
}

const securityLevelSetup = setup({
  types: {
    context: {} as { level: SecurityLevel | undefined; wanted: boolean; totpCode: string },
    events: {} as SecurityLevelEvent,
  },
  actors: {
    fetchLevel: toBeProvided<SecurityLevel>('fetchLevel'),
    setAllowlist: toBeProvided<SecurityLevel, AllowlistChange>('setAllowlist'),
    /** Changes made by the page's other panels (2FA on or off): the level is read again (issue 50 M2). */
    securitySignals: fromCallback(() => () => undefined),
  },
  actions: {
    showToast,
  },
  guards: {
    changes: ({ context, event }) => event.type === 'securityLevel.setAllowlist' && context.level?.allowlist !== event.enabled,
    turningOn: ({ event }) => event.type === 'securityLevel.setAllowlist' && event.enabled,
    wantedOff: ({ context }) => !context.wanted,
  },
});

/** Whether the level says 2FA is on (then turning the allowlist off asks for its code). */
export const twoFactorOnIn = (level: SecurityLevel | undefined): boolean => Boolean(level?.items.find((i) => i.id === 'two_factor')?.on);

/**
 * /user/s-securityset (issues 35 and 49): reads what is really on (2FA, identity, anti-phishing
 * code, allowlist) and switches allowlist mode. Turning it on is at once; turning it off first asks
 * for a confirmation that says withdrawals will then be locked for 24 hours and, with 2FA on, takes
 * its code (`confirmingOff`; a refusal comes back there). The answer carries the new level, lock
 * included.
 */
export const securityLevelMachine = securityLevelSetup.createMachine({
  id: 'securityLevel',
  context: { level: undefined, wanted: false, totpCode: '' },
  invoke: { id: 'signals', src: 'securitySignals' },
  initial: 'loading',
  states: {
    ...loadStates(securityLevelSetup, { src: 'fetchLevel', into: (level) => ({ level }), next: 'ready', retry: 'securityLevel.retry' }),
    ready: {
      on: {
        'security.changed': { target: 'refreshing', description: '2FA was turned on or off on this page: the level it shows is no longer what is on (issue 50 M2).' },
        'securityLevel.setAllowlist': [
          { guard: and(['changes', 'turningOn']), target: 'switching', actions: assign({ wanted: true, totpCode: '' }) },
          { guard: 'changes', target: 'confirmingOff', actions: assign({ wanted: false, totpCode: '' }) },
        ],
      },
    },
    refreshing: {
      description: 'Read again with the level still shown; a failed read keeps the one shown (the next visit reads it).',
      invoke: {
        id: 'refreshLevel',
        src: 'fetchLevel',
        onDone: { target: 'ready', actions: assign({ level: ({ event }) => event.output }) },
        onError: { target: 'ready' },
      },
      on: { 'security.changed': { target: 'refreshing', reenter: true } },
    },
    confirmingOff: {
      on: {
        'allowlistOff.confirm': { target: 'switching', actions: assign({ totpCode: ({ event }) => (event.totpCode ?? '').trim() }) },
        'allowlistOff.cancel': 'ready',
      },
    },
    switching: {
      invoke: {
        id: 'setAllowlist',
        src: 'setAllowlist',
        input: ({ context }) => (context.totpCode ? { enabled: context.wanted, totp_code: context.totpCode } : { enabled: context.wanted }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ level: ({ event }) => event.output }),
            { type: 'showToast', params: ({ event }) => ({ tone: 'success' as const, message: { key: event.output.allowlist ? 'safety.allowlistOn' : 'safety.allowlistOff' } }) },
          ],
        },
        onError: [
          { guard: 'wantedOff', target: 'confirmingOff', actions: [toastError, assign({ totpCode: '' })] },
          { target: 'ready', actions: toastError },
        ],
      },
    },
  },
});

export type SecurityLevelActorRef = ActorRefFrom<typeof securityLevelMachine>;
