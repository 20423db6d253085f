import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useActorFlow } from '../../app/views/actorFlow';
import { LiabilitiesContext } from './liabilities.context';
import type { LiabilitiesDeskInput, liabilitiesDeskMachine } from './machines/liabilitiesDesk/liabilitiesDesk.machine';
import type { liabilityProofMachine } from './machines/liabilityProof/liabilityProof.machine';
import * as proof from './machines/liabilityProof/liabilityProof.selectors';

export interface LiabilitiesFlows {
  liabilityProof: typeof liabilityProofMachine;
  liabilitiesDesk: typeof liabilitiesDeskMachine;
  liabilitiesDeskInput: () => LiabilitiesDeskInput;
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

/** The console desk's own actor: the snapshots built (the latest in full), and a build now where the roles grant it. */
export function useLiabilitiesDeskFlow() {
  const flows = LiabilitiesContext.use();
  // The roles are read once, when the desk opens (its actor's input).
  const [input] = useState(flows.liabilitiesDeskInput);
  return useActorFlow(
    useActorRef(flows.liabilitiesDesk, { input }),
    {
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      building: (s) => s.matches('building'),
      mayBuild: (s) => s.context.mayBuild,
      snapshots: (s) => s.context.snapshots,
      snapshot: (s) => (s.context.snapshots === undefined ? undefined : (s.context.snapshots[0] ?? null)),
    },
    { build: () => ({ type: 'desk.build' }), retry: () => ({ type: 'desk.retry' }) },
  );
}
