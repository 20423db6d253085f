import { useActorRef } from '@xstate/react';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { loadReads } from '../../app/machines/loadStates/loadStates';
import { KycContext } from './kyc.context';
import type { IdentityFields } from '../../../domain/kyc';
import type { kycMachine } from './machines/kyc/kyc.machine';
import type { kycReviewMachine } from './machines/kycReview/kycReview.machine';

/**
 * Identity verification (/user/identity) and its review desk in the operator interface, supplied
 * in kyc/feature.tsx; each page starts its own actor from them.
 */
export interface KycFlows {
  kyc: typeof kycMachine;
  kycReview: typeof kycReviewMachine;
}

const useKycFlows = KycContext.use;

/** /user/identity's own actor. */
export function useKyc() {
  return useActorFlow(
    useActorRef(useKycFlows().kyc),
    {
      ...loadReads,
      editing: (s) => s.matches('editing') || s.matches('submitting'),
      submitting: (s) => s.matches('submitting'),
      pending: (s) => s.matches('pending'),
      verified: (s) => s.matches('verified'),
      status: (s) => s.context.status,
      reason: (s) => s.context.reason,
    },
    {
      submit: (fields: IdentityFields) => ({ type: 'identity.submit', fields }),
      ...signals('identity', ['retry', 'reload']),
    },
  );
}

/** The review queue's own actor, started while the operator is signed in. */
export function useKycReview() {
  return useActorFlow(
    useActorRef(useKycFlows().kycReview),
    {
      loadingQueue: (s) => s.matches('loading'),
      queueFailed: (s) => s.matches('loadFailed'),
      queue: (s) => s.context.queue,
      search: (s) => s.context.search,
      page: (s) => s.context.page,
      total: (s) => s.context.total,
      loadingDetail: (s) => s.matches('loadingDetail'),
      detail: (s) => s.context.detail,
      showingDetail: (s) => s.matches('detail') || s.matches('confirmingApprove') || s.matches('approving') || s.matches('confirmingReject') || s.matches('rejecting'),
      // Each decision's dialog asks the reviewer's 2FA code and says a refusal in place.
      confirmingApprove: (s) => s.matches('confirmingApprove') || s.matches('approving'),
      confirmingReject: (s) => s.matches('confirmingReject') || s.matches('rejecting'),
      deciding: (s) => s.matches('rejecting') || s.matches('approving'),
      refusal: (s) => s.context.refusal,
      /** A rejection confirmed with an empty reason: its field says so. */
      reasonMissing: (s) => s.context.reasonMissing,
      /** While the session is stepped up the dialogs' code field is optional (until then). */
      stepUpUntil: (s) => s.context.stepUpUntil,
    },
    {
      open: (id: number) => ({ type: 'review.open', id }),
      find: (search: string) => ({ type: 'review.search', search }),
      setPage: (page: number) => ({ type: 'review.page', page }),
      ...signals('review', ['back', 'reload', 'approve', 'reject', 'cancel']),
      confirm: (reason: string | undefined, code: string) => ({ type: 'review.confirm', reason, code }),
    },
  );
}
