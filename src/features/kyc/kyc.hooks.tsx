import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { IdentityFields } from '../../domain/kyc';
import type { identityMachine } from './machines/kyc/kyc.machine';
import type { operatorReviewMachine } from './machines/kycReview/kycReview.machine';
import type { OperatorSessionActorRef } from '../operator/machines/operatorSession/operatorSession.machine';

/**
 * Identity verification and the operator interface, supplied at the composition root: the
 * identity and review machines (each page starts its own actor) and the long-lived operator
 * session actor.
 */
export interface KycFlows {
  identity: typeof identityMachine;
  operatorReview: typeof operatorReviewMachine;
  operatorSession: OperatorSessionActorRef;
}

const KycContext = createContext<KycFlows | null>(null);

export function KycProvider(props: { flows: KycFlows; children: ReactNode }) {
  return <KycContext.Provider value={props.flows}>{props.children}</KycContext.Provider>;
}

function useKycFlows(): KycFlows {
  const flows = useContext(KycContext);
  if (!flows) throw new Error('useKycFlows outside KycProvider');
  return flows;
}

/** /user/identity's own actor. */
export function useIdentityFlow() {
  const actor = useActorRef(useKycFlows().identity);
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

export function useOperatorSession() {
  const actor = useKycFlows().operatorSession;
  const state = {
    signedIn: useSelector(actor, (s) => s.matches('signedIn')),
    loggingIn: useSelector(actor, (s) => s.matches('loggingIn')),
    operator: useSelector(actor, (s) => s.context.operator),
  };
  const send = useMemo(
    () => ({
      login: (fields: { account: string; password: string }) => actor.send({ type: 'operator.login', fields }),
      signOut: () => actor.send({ type: 'operator.signOut' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** The review queue's own actor, started while the operator is signed in. */
export function useOperatorReview() {
  const actor = useActorRef(useKycFlows().operatorReview);
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
