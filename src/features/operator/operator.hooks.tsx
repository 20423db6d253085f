import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createFlowContext } from '../../app/flowContext';
import type { OperatorSessionActorRef } from './machines/operatorSession/operatorSession.machine';

/** The operator interface's own session (own storage keys and API client), started in operator/feature.tsx. */
export interface OperatorFlows {
  operatorSession: OperatorSessionActorRef;
}

export const OperatorContext = createFlowContext<OperatorFlows>('Operator');

export function useOperatorSession() {
  const actor = OperatorContext.use().operatorSession;
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

