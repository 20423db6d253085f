import { useActorFlow } from '../../app/views/actorFlow';
import { OperatorContext } from './operator.context';
import type { OperatorSessionActorRef } from './machines/operatorSession/operatorSession.machine';

/** The operator interface's own session (own storage keys and API client), started in operator.flows.ts. */
export interface OperatorFlows {
  operatorSession: OperatorSessionActorRef;
}

export function useOperatorSession() {
  return useActorFlow(
    OperatorContext.use().operatorSession,
    {
      signedIn: (s) => s.matches('signedIn'),
      loggingIn: (s) => s.matches('loggingIn'),
      operator: (s) => s.context.operator,
    },
    {
      login: (fields: { account: string; password: string }) => ({ type: 'operator.login', fields }),
      signOut: () => ({ type: 'operator.signOut' }),
    },
  );
}
