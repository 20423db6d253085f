import { useActorRef } from '@xstate/react';
import { useActorFlow } from '../../app/views/actorFlow';
import { LiabilitiesContext } from './liabilities.context';
import type { liabilitiesDeskMachine } from './machines/liabilitiesDesk/liabilitiesDesk.machine';
import type { liabilityProofMachine } from './machines/liabilityProof/liabilityProof.machine';
import * as proof from './machines/liabilityProof/liabilityProof.selectors';

export interface LiabilitiesFlows {
  liabilityProof: typeof liabilityProofMachine;
  liabilitiesDesk: typeof liabilitiesDeskMachine;
}

/** The page's own actor: the published snapshot, and (signed in) the user's leaf and path; the page keys it by the session. */
export function useLiabilityProofFlow(signedIn: boolean) {
  return useActorFlow(
    useActorRef(LiabilitiesContext.use().liabilityProof, { input: { signedIn } }),
    {
      loading: proof.selectLoading,
      failed: proof.selectFailed,
      snapshot: proof.selectSnapshot,
      proof: proof.selectProof,
      proofLoading: proof.selectProofLoading,
      proofFailed: proof.selectProofFailed,
      verifying: proof.selectVerifying,
      verdict: proof.selectVerdict,
      download: proof.selectDownload,
    },
    { verify: () => ({ type: 'liabilities.verify' }), retry: () => ({ type: 'liabilities.retry' }) },
  );
}

/** The console desk's own actor: the latest snapshot, and a build now. */
export function useLiabilitiesDeskFlow() {
  return useActorFlow(
    useActorRef(LiabilitiesContext.use().liabilitiesDesk),
    {
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      building: (s) => s.matches('building'),
      snapshot: (s) => s.context.snapshot,
    },
    { build: () => ({ type: 'desk.build' }), retry: () => ({ type: 'desk.retry' }) },
  );
}
