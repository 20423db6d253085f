import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
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
  const actor = useActorRef(useKycFlows().kyc);
  const state = {
    loading: useSelector(actor, (s) => s.matches('loading')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    editing: useSelector(actor, (s) => s.matches('editing') || s.matches('submitting')),
    submitting: useSelector(actor, (s) => s.matches('submitting')),
    pending: useSelector(actor, (s) => s.matches('pending')),
    verified: useSelector(actor, (s) => s.matches('verified')),
    status: useSelector(actor, (s) => s.context.status),
    reason: useSelector(actor, (s) => s.context.reason),
  };
  const send = useMemo(
    () => ({
      submit: (fields: IdentityFields) => actor.send({ type: 'identity.submit', fields }),
      retry: () => actor.send({ type: 'identity.retry' }),
      reload: () => actor.send({ type: 'identity.reload' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** The review queue's own actor, started while the operator is signed in. */
export function useKycReview() {
  const actor = useActorRef(useKycFlows().kycReview);
  const state = {
    loadingQueue: useSelector(actor, (s) => s.matches('loadingQueue')),
    queueFailed: useSelector(actor, (s) => s.matches('queueFailed')),
    queue: useSelector(actor, (s) => s.context.queue),
    loadingDetail: useSelector(actor, (s) => s.matches('loadingDetail')),
    detail: useSelector(actor, (s) => s.context.detail),
    showingDetail: useSelector(actor, (s) => ['detail', 'confirmingApprove', 'confirmingReject', 'approving', 'rejecting'].some((v) => s.matches(v as never))),
    confirmingApprove: useSelector(actor, (s) => s.matches('confirmingApprove')),
    confirmingReject: useSelector(actor, (s) => s.matches('confirmingReject')),
    deciding: useSelector(actor, (s) => s.matches('approving') || s.matches('rejecting')),
  };
  const send = useMemo(
    () => ({
      open: (id: number) => actor.send({ type: 'review.open', id }),
      back: () => actor.send({ type: 'review.back' }),
      reload: () => actor.send({ type: 'review.reload' }),
      approve: () => actor.send({ type: 'review.approve' }),
      reject: () => actor.send({ type: 'review.reject' }),
      confirm: (reason?: string) => actor.send({ type: 'review.confirm', reason }),
      cancel: () => actor.send({ type: 'review.cancel' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}
