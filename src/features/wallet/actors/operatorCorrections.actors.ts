import { fromPromise } from 'xstate';
import { CORRECTION_PATHS, type CorrectionProposal, type CorrectionView, type CorrectionsAccountRow } from '../../../../domain/corrections';
import type { Page } from '../../../../domain/wallet';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { ApiClient } from '../../../services/api';
import type { CorrectionsFilter } from '../machines/operatorCorrections/operatorCorrections.machine';

/** The corrections desk's calls (docs/API.md "Balance corrections"), over the operator's own API client. */
export function createOperatorCorrectionsActors(api: ApiClient) {
  return {
    /** A page of corrections (the shared paged list's `loadPage`), with the corrections account beside it (`extra`). */
    fetchCorrections: pageLoader<CorrectionsFilter, CorrectionView, CorrectionsAccountRow[]>(async ({ filter, page, size }, signal) => {
      const [found, account] = await Promise.all([
        api.post<Page<CorrectionView>>(CORRECTION_PATHS.list, { ...(filter.state ? { state: filter.state } : {}), page, size }, signal),
        api.post<CorrectionsAccountRow[]>(CORRECTION_PATHS.account, {}, signal),
      ]);
      return { list: found.list, total: found.total, extra: account };
    }),
    proposeCorrection: fromPromise<CorrectionView, CorrectionProposal>(({ input, signal }) => api.post(CORRECTION_PATHS.propose, input, signal)),
    approveCorrection: fromPromise<CorrectionView, { id: number; code: string }>(({ input, signal }) => api.post(CORRECTION_PATHS.approve, input, signal)),
    rejectCorrection: fromPromise<CorrectionView, { id: number; reason: string }>(({ input, signal }) => api.post(CORRECTION_PATHS.reject, input, signal)),
  };
}
