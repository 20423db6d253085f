import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { AccountsContext } from './accounts.context';
import { LOGIN_HISTORY_PAGE_SIZE, type LoginHistoryPage } from '../../../domain/sessions';
import { usePagedList } from '../../app/views/usePagedList';
import { useActorFlow } from '../../app/views/actorFlow';

/** Sessions and devices, login history and the anti-phishing code (issue 35): each page starts its own actor. */

export function useSessionsFlow() {
  return useActorFlow(
    useActorRef(AccountsContext.use().sessions),
    {
      sessions: (s) => s.context.sessions,
      loading: (s) => s.matches('loading'),
      loadFailed: (s) => s.matches('loadFailed'),
      confirming: (s) => (s.matches('confirming') ? s.context.pending : undefined),
      busy: (s) => s.matches('revokingOne') || s.matches('revokingOthers'),
    },
    {
      revoke: (id: number) => ({ type: 'sessions.revoke', id }),
      revokeOthers: () => ({ type: 'sessions.revokeOthers' }),
      confirm: () => ({ type: 'sessions.confirm' }),
      cancel: () => ({ type: 'sessions.cancel' }),
      retry: () => ({ type: 'sessions.retry' }),
    },
  );
}

/** /user/s-loginhistory: the shared paged list with no filter, 20 attempts a page. */
export function useLoginHistoryFlow() {
  const { rows: list, total, page, size, loading, failed: loadFailed, setPage: goTo, reload: retry } = usePagedList(AccountsContext.use().loginHistory, { filter: {}, size: LOGIN_HISTORY_PAGE_SIZE });
  const history = useMemo((): LoginHistoryPage => ({ list, total, page, size }), [list, total, page, size]);
  return { history, page, loading, loadFailed, goTo, retry };
}

export function useAntiPhishingFlow() {
  const actor = useActorRef(AccountsContext.use().antiPhishing);
  const state = {
    code: useSelector(actor, (s) => s.context.code),
    loading: useSelector(actor, (s) => s.matches('loading')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    saving: useSelector(actor, (s) => s.matches('saving')),
  };
  const send = useMemo(
    () => ({ save: (code: string) => actor.send({ type: 'antiPhishing.save', code }), retry: () => actor.send({ type: 'antiPhishing.retry' }) }),
    [actor],
  );
  return { ...state, ...send };
}
