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
      loadingDetail: (s) => s.matches('loadingDetail'),
      detail: (s) => s.context.detail,
      showingDetail: (s) => s.matches('detail') || s.matches('confirmingReject') || s.matches('rejecting'),
      // The question before an approval: the machine's confirm-then-act child.
      approveQuestion: (s) => s.children.approve,
      confirmingReject: (s) => s.matches('confirmingReject'),
      deciding: (s) => s.matches('rejecting'),
    },
    {
      open: (id: number) => ({ type: 'review.open', id }),
      ...signals('review', ['back', 'reload', 'approve', 'reject', 'cancel']),
      confirm: (reason?: string) => ({ type: 'review.confirm', reason }),
    },
  );
}
