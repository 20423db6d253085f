import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { OperatorContext } from './operator.context';
import type { OperatorSessionActorRef } from './machines/operatorSession/operatorSession.machine';

/** The operator interface's own session (own storage keys and API client), started in operator.flows.ts. */
export interface OperatorFlows {
  operatorSession: OperatorSessionActorRef;
}

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

