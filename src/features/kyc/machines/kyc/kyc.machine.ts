import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { NameStatus } from '../../../../../domain/api';
import type { IdentityFields, KycStatus } from '../../../../../domain/kyc';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export type KycEvent =
  | { type: 'identity.submit'; fields: IdentityFields }
  | Signals<'identity', 'retry' | 'reload'>
  /** From `kycUpdates`: the private channel says the operator decided (issue 37 §13). */
  | { type: 'identity.pushed' };

export interface KycMachineContext {
  status: NameStatus | undefined;
  /** The operator's reason after a failed review (status 4). */
  reason: string;
  fields: IdentityFields | undefined;
}

/**
 * Identity verification (spec §2 /user/identity, §4 name_status). Reads the current status, then:
 * 1 or 4 → editing (4 shows the reason and allows resubmission), 2 → pending, 3 → verified.
 * A submit goes pending with the spec §8 toast; the session re-reads the user so the header badge
 * follows (action `refreshSession`). While pending, the operator's decision pushed on the private
 * channel (`kycUpdates`) reads the status again at once; "Check again" stays for a lost socket.
 */
export const kycMachine = setup({
  types: { context: {} as KycMachineContext, events: {} as KycEvent },
  actors: {
    fetchStatus: toBeProvided<KycStatus>('fetchStatus'),
    submitIdentity: toBeProvided<KycStatus, IdentityFields>('submitIdentity'),
    /** The private channel's `kyc` pushes as `identity.pushed` (kyc.flows.ts); none by default. */
    kycUpdates: fromCallback(() => () => undefined),
  },
  actions: {
    showToast,
    refreshSession: () => undefined,
    applyStatus: assign((_, params: KycStatus) => ({ status: params.name_status, reason: params.reason })),
  },
  guards: {
    isPending: (_, params: KycStatus) => params.name_status === 2,
    isVerified: (_, params: KycStatus) => params.name_status === 3,
  },
}).createMachine({
  id: 'kyc',
  context: { status: undefined, reason: '', fields: undefined },
  invoke: { id: 'kycUpdates', src: 'kycUpdates' },
  initial: 'loading',
  states: {
    loading: {
      // The operator's decision heard while the status is read (a Reload): the answer under way may
      // predate it and leave the page on "pending", so ask again.
      on: { 'identity.pushed': { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          {
            guard: { type: 'isPending', params: ({ event }) => event.output },
            target: 'pending',
            actions: [{ type: 'applyStatus', params: ({ event }) => event.output }, 'refreshSession'],
          },
          {
            guard: { type: 'isVerified', params: ({ event }) => event.output },
            target: 'verified',
            actions: [{ type: 'applyStatus', params: ({ event }) => event.output }, 'refreshSession'],
          },
          {
            target: 'editing',
            description: 'Unverified (1) or audit failed (4): the form is open; 4 shows the reason.',
            actions: [{ type: 'applyStatus', params: ({ event }) => event.output }, 'refreshSession'],
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: toastError,
        },
      },
    },
    loadFailed: { on: { 'identity.retry': 'loading' } },
    editing: {
      on: { 'identity.submit': { target: 'submitting', actions: assign({ fields: ({ event }) => event.fields }) } },
    },
    submitting: {
      invoke: {
        id: 'submitIdentity',
        src: 'submitIdentity',
        input: ({ context }) => context.fields!,
        onDone: {
          target: 'pending',
          actions: [
            { type: 'applyStatus', params: ({ event }) => event.output },
            assign({ fields: undefined }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'identity.submitted' } } },
            'refreshSession',
          ],
        },
        onError: {
          target: 'editing',
          actions: toastError,
        },
      },
    },
    pending: {
      on: {
        'identity.reload': { target: 'loading', description: 'Check whether the review has finished.' },
        'identity.pushed': { target: 'loading', description: 'The operator decided: read the status (and the reason) now.' },
      },
    },
    verified: {},
  },
});

export type KycActorRef = ActorRefFrom<typeof kycMachine>;
