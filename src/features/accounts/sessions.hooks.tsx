import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { AccountsContext } from './accounts.context';
import { LOGIN_HISTORY_PAGE_SIZE, type LoginHistoryPage } from '../../../domain/sessions';
import { usePagedList } from '../../app/views/usePagedList';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { loadReads } from '../../app/machines/loadStates/loadStates';

/** Sessions and devices, login history and the anti-phishing code (issue 35): each page starts its own actor. */

export function useSessionsFlow() {
  return useActorFlow(
    useActorRef(AccountsContext.use().sessions),
    {
      ...loadReads,
      sessions: (s) => s.context.sessions,
      // The questions before a sign-out: the machine's confirm-then-act children.
      revokeOneQuestion: (s) => s.children.revokeSession,
      revokeOthersQuestion: (s) => s.children.revokeOthers,
    },
    {
      revoke: (id: number) => ({ type: 'sessions.revoke', id }),
      ...signals('sessions', ['revokeOthers', 'retry']),
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
  return useActorFlow(
    useActorRef(AccountsContext.use().antiPhishing),
    {
      ...loadReads,
      code: (s) => s.context.code,
      saving: (s) => s.matches('saving'),
      // Which proof a change takes: the 2FA code, or the code emailed to the account.
      twoFactor: (s) => s.context.twoFactor,
      sendingCode: (s) => s.matches('sendingCode'),
    },
    {
      save: (code: string, proof: string) => ({ type: 'antiPhishing.save', code, proof }),
      ...signals('antiPhishing', ['sendCode', 'retry']),
    },
  );
}
