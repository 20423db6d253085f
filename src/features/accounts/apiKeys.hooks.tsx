import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ApiKeyCreate } from '../../../domain/apiKeys';
import { AccountsContext } from './accounts.context';

/** /user/api (issue 36): the page starts its own actor, so a new key's secret lives only as long as the page. */
export function useApiKeysFlow() {
  const actor = useActorRef(AccountsContext.use().apiKeys);
  const state = {
    keys: useSelector(actor, (s) => s.context.keys),
    twoFactor: useSelector(actor, (s) => s.context.twoFactor),
    created: useSelector(actor, (s) => s.context.created),
    loading: useSelector(actor, (s) => s.matches('loading') || s.matches('listing')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    creating: useSelector(actor, (s) => s.matches('creating')),
    confirming: useSelector(actor, (s) => (s.matches('confirming') ? s.context.keys.find((k) => k.api_key === s.context.pending) : undefined)),
    deleting: useSelector(actor, (s) => s.matches('deleting')),
  };
  const send = useMemo(
    () => ({
      create: (fields: ApiKeyCreate) => actor.send({ type: 'apiKeys.create', fields }),
      copySecret: () => actor.send({ type: 'apiKeys.copySecret' }),
      secretSaved: () => actor.send({ type: 'apiKeys.secretSaved' }),
      remove: (apiKey: string) => actor.send({ type: 'apiKeys.delete', apiKey }),
      confirm: () => actor.send({ type: 'apiKeys.confirm' }),
      cancel: () => actor.send({ type: 'apiKeys.cancel' }),
      retry: () => actor.send({ type: 'apiKeys.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}
