import { assign, setup, type ActorRefFrom } from 'xstate';
import type { LiabilitiesLatest, LiabilitySnapshot } from '../../../../../domain/liabilities';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface LiabilitiesDeskContext {
  snapshot: LiabilitySnapshot | null | undefined;
}

export type LiabilitiesDeskEvent = { type: 'desk.build' } | { type: 'desk.retry' };

/**
 * The console's proof-of-liabilities desk (finance, `liabilities.build`): the latest published
 * snapshot, and "Build now", which builds and publishes a new one (the server audits it); a
 * refusal (another build running) is toasted and the snapshot shown stays.
 */
export const liabilitiesDeskMachine = setup({
  types: { context: {} as LiabilitiesDeskContext, events: {} as LiabilitiesDeskEvent },
  actors: {
    fetchLatest: toBeProvided<LiabilitiesLatest>('fetchLatest'),
    buildSnapshot: toBeProvided<LiabilitySnapshot>('buildSnapshot'),
  },
  actions: {
    showToast,
  },
}).createMachine({
  id: 'liabilitiesDesk',
  context: { snapshot: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchLatest',
        src: 'fetchLatest',
        onDone: { target: 'shown', actions: assign({ snapshot: ({ event }) => event.output.snapshot }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    shown: { on: { 'desk.build': 'building', 'desk.retry': 'loading' } },
    building: {
      invoke: {
        id: 'buildSnapshot',
        src: 'buildSnapshot',
        onDone: {
          target: 'shown',
          actions: [assign({ snapshot: ({ event }) => event.output }), { type: 'showToast', params: { tone: 'success', message: { key: 'liabilities.deskBuilt' } } }],
        },
        onError: { target: 'shown', actions: toastError },
      },
    },
    failed: { on: { 'desk.retry': 'loading' } },
  },
});

export type LiabilitiesDeskActorRef = ActorRefFrom<typeof liabilitiesDeskMachine>;
