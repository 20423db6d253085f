import type { SnapshotFrom } from 'xstate';
import type { liabilityProofMachine } from './liabilityProof.machine';

type ProofSnapshot = SnapshotFrom<typeof liabilityProofMachine>;

export const selectLoading = (s: ProofSnapshot) => s.matches('loading');
export const selectFailed = (s: ProofSnapshot) => s.matches('failed');
export const selectSnapshot = (s: ProofSnapshot) => s.context.snapshot;
export const selectProof = (s: ProofSnapshot) => s.context.proof;
export const selectProofLoading = (s: ProofSnapshot) => s.matches('loadingProof');
export const selectProofFailed = (s: ProofSnapshot) => s.context.proofFailed;
export const selectVerifying = (s: ProofSnapshot) => s.matches('verifying');
export const selectVerdict = (s: ProofSnapshot) => s.context.verdict;

/** The user's proof as a file to save (what scripts/verify-liabilities.mjs reads): its name and a data: address. */
export function selectDownload(s: ProofSnapshot): { name: string; href: string } | undefined {
  const proof = s.context.proof;
  if (!proof) return undefined;
  return { name: `openex-liabilities-proof-${proof.snapshot.id}.json`, href: `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(proof, null, 2))}` };
}
