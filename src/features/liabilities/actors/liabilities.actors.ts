import { fromPromise } from 'xstate';
import { LIABILITIES_PATHS, verifyProof, type LiabilitiesLatest, type LiabilityProof, type LiabilityProofAnswer, type LiabilitySnapshot, type LiabilitySnapshotList, type LiabilityVerdict } from '../../../../domain/liabilities';
import type { ApiClient } from '../../../services/api';

/** The proof page's effects: the public snapshot, the user's own proof, and the verification in the browser. */
export function createLiabilityActors(api: ApiClient) {
  return {
    fetchLatest: fromPromise<LiabilitiesLatest>(({ signal }) => api.get<LiabilitiesLatest>(LIABILITIES_PATHS.latest, undefined, signal)),
    fetchProof: fromPromise<LiabilityProofAnswer, { snapshot_id: number }>(({ input, signal }) => api.post<LiabilityProofAnswer>(LIABILITIES_PATHS.proof, input, signal)),
    // Pure and in the page: the root is recomputed here from the leaf and path, against what the public API published.
    verifyProof: fromPromise<LiabilityVerdict, { proof: LiabilityProof; snapshot: LiabilitySnapshot }>(async ({ input }) => verifyProof(input.proof, input.snapshot)),
  };
}

/**
 * The console desk's effects, both with the operator's token: the snapshots built (`liabilities.read`,
 * checked by the server, where the public route would check nothing), and a build now (`liabilities.build`).
 */
export function createLiabilitiesDeskActors(operatorApi: ApiClient) {
  return {
    fetchSnapshots: fromPromise<LiabilitySnapshotList>(({ signal }) => operatorApi.post<LiabilitySnapshotList>(LIABILITIES_PATHS.operatorSnapshots, {}, signal)),
    buildSnapshot: fromPromise<LiabilitySnapshot>(({ signal }) => operatorApi.post<LiabilitySnapshot>(LIABILITIES_PATHS.operatorBuild, {}, signal)),
  };
}
