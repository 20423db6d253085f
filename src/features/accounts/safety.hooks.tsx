import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { AccountsContext } from './accounts.context';

/** /user/s-securityset's own actor (machines/securityLevel): the level, its items, the allowlist switch. */
export function useSecurityLevelFlow() {
  const actor = useActorRef(AccountsContext.use().securityLevel);
  const level = useSelector(actor, (s) => s.context.level);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const switching = useSelector(actor, (s) => s.matches('switching'));
  const send = useMemo(
    () => ({
      setAllowlist: (enabled: boolean) => actor.send({ type: 'securityLevel.setAllowlist', enabled }),
      retry: () => actor.send({ type: 'securityLevel.retry' }),
    }),
    [actor],
  );
  return { level, loading, failed, switching, ...send };
}
