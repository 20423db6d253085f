import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { LiabilitiesLatest, LiabilityProof, LiabilityProofAnswer, LiabilitySnapshot, LiabilityVerdict } from '../../../../../domain/liabilities';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { readState } from '../../../../app/machines/loadStates/loadStates';

export interface LiabilityProofContext {
  /** Whether a user is signed in: only then is their own leaf and path read. */
  signedIn: boolean;
  /** The published snapshot (null: none built yet; undefined: not read yet). */
  snapshot: LiabilitySnapshot | null | undefined;
  /** The user's proof in that snapshot (null: they have no leaf in it; undefined: not read). */
  proof: LiabilityProof | null | undefined;
  proofFailed: boolean;
  /** The last verification's outcome (the root recomputed in the browser). */
  verdict: LiabilityVerdict | undefined;
}

export interface LiabilityProofInput {
  signedIn: boolean;
}

export type LiabilityProofEvent = { type: 'liabilities.retry' } | { type: 'liabilities.verify' };

/**
 * The proof-of-liabilities page (issue 52 §4): reads the published root and totals, then (signed
 * in) the user's own leaf and path in that same snapshot; "Verify" recomputes the root from the
 * leaf and path (the `verifyProof` effect: domain/liabilities.ts, in the browser) and compares it
 * with the published one.
 */
const liabilityProofSetup = setup({
  types: { context: {} as LiabilityProofContext, events: {} as LiabilityProofEvent, input: {} as LiabilityProofInput },
  actors: {
    fetchLatest: toBeProvided<LiabilitiesLatest>('fetchLatest'),
    fetchProof: toBeProvided<LiabilityProofAnswer, { snapshot_id: number }>('fetchProof'),
    verifyProof: toBeProvided<LiabilityVerdict, { proof: LiabilityProof; snapshot: LiabilitySnapshot }>('verifyProof'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
  guards: {
    wantsProof: ({ context, event }) => context.signedIn && (event as { output?: LiabilitiesLatest }).output?.snapshot != null,
    hasProof: ({ context }) => Boolean(context.proof && context.snapshot),
  },
});

export const liabilityProofMachine = liabilityProofSetup.createMachine({
  id: 'liabilityProof',
  context: ({ input }) => ({ signedIn: input.signedIn, snapshot: undefined, proof: undefined, proofFailed: false, verdict: undefined }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ proof: undefined, proofFailed: false, verdict: undefined }),
      invoke: {
        id: 'fetchLatest',
        src: 'fetchLatest',
        onDone: [
          { guard: 'wantsProof', target: 'loadingProof', actions: assign({ snapshot: ({ event }) => event.output.snapshot }) },
          { target: 'shown', actions: assign({ snapshot: ({ event }) => event.output.snapshot }) },
        ],
        onError: { target: 'failed', actions: toastError },
      },
    },
    loadingProof: {
      invoke: {
        id: 'fetchProof',
        src: 'fetchProof',
        input: ({ context }) => ({ snapshot_id: context.snapshot!.id }),
        onDone: { target: 'shown', actions: assign({ proof: ({ event }) => event.output.proof }) },
        onError: { target: 'shown', actions: [assign({ proofFailed: true }), toastError] },
      },
    },
    shown: {
      on: {
        'liabilities.verify': { guard: 'hasProof', target: 'verifying' },
        'liabilities.retry': 'loading',
      },
    },
    verifying: {
      ...readState(liabilityProofSetup, { src: 'verifyProof', input: ({ context }) => ({ proof: context.proof!, snapshot: context.snapshot! }), into: (verdict) => ({ verdict }), next: 'shown', failed: 'shown' }),
    },
    failed: { on: { 'liabilities.retry': 'loading' } },
  },
});

export type LiabilityProofActorRef = ActorRefFrom<typeof liabilityProofMachine>;
