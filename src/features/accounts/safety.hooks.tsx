import { useActorRef } from '@xstate/react';
import { useActorFlow } from '../../app/views/actorFlow';
import { AccountsContext } from './accounts.context';
import { twoFactorOnIn } from './machines/securityLevel/securityLevel.machine';

/** /user/s-securityset's own actor (machines/securityLevel): the level, its items, the allowlist switch. */
export function useSecurityLevelFlow() {
  return useActorFlow(
    useActorRef(AccountsContext.use().securityLevel),
    {
      level: (s) => s.context.level,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('loadFailed'),
      switching: (s) => s.matches('switching'),
      // Turning the allowlist off: the confirmation (with the 2FA code when 2FA is on).
      confirmingOff: (s) => s.matches('confirmingOff'),
      twoFactorOn: (s) => twoFactorOnIn(s.context.level),
    },
    {
      setAllowlist: (enabled: boolean) => ({ type: 'securityLevel.setAllowlist', enabled }),
      confirmOff: (totpCode?: string) => ({ type: 'allowlistOff.confirm', totpCode }),
      cancelOff: () => ({ type: 'allowlistOff.cancel' }),
      retry: () => ({ type: 'securityLevel.retry' }),
    },
  );
}
