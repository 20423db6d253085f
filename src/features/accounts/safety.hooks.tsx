import { useActorRef } from '@xstate/react';
import { useActorFlow } from '../../app/views/actorFlow';
import { AccountsContext } from './accounts.context';

/** /user/s-securityset's own actor (machines/securityLevel): the level, its items, the allowlist switch. */
export function useSecurityLevelFlow() {
  return useActorFlow(
    useActorRef(AccountsContext.use().securityLevel),
    {
      level: (s) => s.context.level,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('loadFailed'),
      switching: (s) => s.matches('switching'),
    },
    {
      setAllowlist: (enabled: boolean) => ({ type: 'securityLevel.setAllowlist', enabled }),
      retry: () => ({ type: 'securityLevel.retry' }),
    },
  );
}
