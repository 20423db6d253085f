import { useActorRef } from '@xstate/react';
import type { ApiKeyCreate } from '../../../domain/apiKeys';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { AccountsContext } from './accounts.context';

/** /user/api (issue 36): the page starts its own actor, so a new key's secret lives only as long as the page. */
export function useApiKeysFlow() {
  return useActorFlow(
    useActorRef(AccountsContext.use().apiKeys),
    {
      keys: (s) => s.context.keys,
      twoFactor: (s) => s.context.twoFactor,
      created: (s) => s.context.created,
      loading: (s) => s.matches('loading') || s.matches('listing'),
      loadFailed: (s) => s.matches('loadFailed'),
      creating: (s) => s.matches('creating'),
      // Why the last create was refused, under the form until it is changed (issue 50 S3).
      refusal: (s) => s.context.refusal,
      // The question before a key is deleted: the machine's confirm-then-act child.
      deleteQuestion: (s) => s.children.deleteKey,
    },
    {
      create: (fields: ApiKeyCreate) => ({ type: 'apiKeys.create', fields }),
      ...signals('apiKeys', ['edit', 'copySecret', 'secretSaved', 'retry']),
      remove: (apiKey: string) => ({ type: 'apiKeys.delete', apiKey }),
    },
  );
}
