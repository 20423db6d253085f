import { setup, type ActorRefFrom } from 'xstate';
import type { LiabilitySnapshot, LiabilitySnapshotList } from '../../../../../domain/liabilities';
import { showToast } from '../../../../app/machines/toast/toastError';
import { callState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface LiabilitiesDeskInput {
  /** Whether the operator's roles grant `liabilities.build`: the auditor reads the desk (`liabilities.read`) but builds nothing. */
  mayBuild: boolean;
}

export interface LiabilitiesDeskContext extends LiabilitiesDeskInput {
  /** The snapshots built, newest first (undefined until read). */
  snapshots: LiabilitySnapshot[] | undefined;
}

export type LiabilitiesDeskEvent = { type: 'desk.build' } | { type: 'desk.retry' };

const liabilitiesDeskSetup = setup({
  types: { context: {} as LiabilitiesDeskContext, events: {} as LiabilitiesDeskEvent, input: {} as LiabilitiesDeskInput },
  actors: {
    fetchSnapshots: toBeProvided<LiabilitySnapshotList>('fetchSnapshots'),
    buildSnapshot: toBeProvided<LiabilitySnapshot>('buildSnapshot'),
  },
  actions: {
    showToast,
  },
  guards: {
    // A convenience: the server refuses a build to a role without `liabilities.build` whatever the console shows.
    mayBuild: ({ context }) => context.mayBuild,
  },
});

/**
 * The console's proof-of-liabilities desk (`liabilities.read`: finance and the auditor): the
 * snapshots built, daily and by operators, the latest in full; and for finance
 * (`liabilities.build`) "Build now", which builds and publishes a new one (the server audits it);
 * a refusal (another build running) is toasted and the snapshots shown stay.
 */
export const liabilitiesDeskMachine = liabilitiesDeskSetup.createMachine({
  id: 'liabilitiesDesk',
  context: ({ input }) => ({ snapshots: undefined, mayBuild: input.mayBuild }),
  initial: 'loading',
  states: {
    loading: callState(liabilitiesDeskSetup, { src: 'fetchSnapshots', into: (list) => ({ snapshots: list.snapshots }), next: 'shown', failed: 'failed' }),
    shown: { on: { 'desk.build': { guard: 'mayBuild', target: 'building' }, 'desk.retry': 'loading' } },
    building: callState(liabilitiesDeskSetup, {
      src: 'buildSnapshot',
      into: (snapshot, context) => ({ snapshots: [snapshot, ...(context.snapshots ?? [])] }),
      saved: 'liabilities.deskBuilt',
      next: 'shown',
    }),
    failed: { on: { 'desk.retry': 'loading' } },
  },
});

export type LiabilitiesDeskActorRef = ActorRefFrom<typeof liabilitiesDeskMachine>;
