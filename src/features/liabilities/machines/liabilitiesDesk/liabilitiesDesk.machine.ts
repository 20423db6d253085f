import { setup, type ActorRefFrom } from 'xstate';
import type { LiabilitiesLatest, LiabilitySnapshot } from '../../../../../domain/liabilities';
import { showToast } from '../../../../app/machines/toast/toastError';
import { callState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface LiabilitiesDeskContext {
  snapshot: LiabilitySnapshot | null | undefined;
}

export type LiabilitiesDeskEvent = { type: 'desk.build' } | { type: 'desk.retry' };

const liabilitiesDeskSetup = setup({
  types: { context: {} as LiabilitiesDeskContext, events: {} as LiabilitiesDeskEvent },
  actors: {
    fetchLatest: toBeProvided<LiabilitiesLatest>('fetchLatest'),
    buildSnapshot: toBeProvided<LiabilitySnapshot>('buildSnapshot'),
  },
  actions: {
    showToast,
  },
});

/**
 * The console's proof-of-liabilities desk (finance, `liabilities.build`): the latest published
 * snapshot, and "Build now", which builds and publishes a new one (the server audits it); a
 * refusal (another build running) is toasted and the snapshot shown stays.
 */
export const liabilitiesDeskMachine = liabilitiesDeskSetup.createMachine({
  id: 'liabilitiesDesk',
  context: { snapshot: undefined },
  initial: 'loading',
  states: {
    loading: callState(liabilitiesDeskSetup, { src: 'fetchLatest', into: (latest) => ({ snapshot: latest.snapshot }), next: 'shown', failed: 'failed' }),
    shown: { on: { 'desk.build': 'building', 'desk.retry': 'loading' } },
    building: callState(liabilitiesDeskSetup, { src: 'buildSnapshot', into: (snapshot) => ({ snapshot }), saved: 'liabilities.deskBuilt', next: 'shown' }),
    failed: { on: { 'desk.retry': 'loading' } },
  },
});

export type LiabilitiesDeskActorRef = ActorRefFrom<typeof liabilitiesDeskMachine>;
