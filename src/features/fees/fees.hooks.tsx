import { useActorRef } from '@xstate/react';
import { useActorFlow } from '../../app/views/actorFlow';
import { FeesContext } from './fees.context';
import type { feesDeskMachine } from './machines/feesDesk/feesDesk.machine';
import type { myFeesMachine } from './machines/myFees/myFees.machine';

export interface FeesFlows {
  myFees: typeof myFeesMachine;
  feesDesk: typeof feesDeskMachine;
}

/** The fees page's own actor. */
export function useMyFeesFlow() {
  return useActorFlow(
    useActorRef(FeesContext.use().myFees),
    {
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      fees: (s) => s.context.fees,
      product: (s) => s.context.product,
    },
    { retry: () => ({ type: 'fees.retry' }), show: (product: 'spot' | 'futures') => ({ type: 'fees.show', product }) },
  );
}

/** The console desk's own actor: the tiers, schedules and overrides. */
export function useFeesDeskFlow() {
  return useActorFlow(
    useActorRef(FeesContext.use().feesDesk),
    { loading: (s) => s.matches('loading'), failed: (s) => s.matches('failed'), desk: (s) => s.context.desk },
    { retry: () => ({ type: 'desk.retry' }) },
  );
}
