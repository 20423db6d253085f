import { useActorRef } from '@xstate/react';
import { loadReads } from '../../app/machines/loadStates/loadStates';
import { signals, useActorFlow } from '../../app/views/actorFlow';
import { AccountsContext } from './accounts.context';

/** /user/c-set's "Email notifications" (machines/noticeSettings): its own actor, the page's. */
export function useNoticeSettingsFlow() {
  return useActorFlow(
    useActorRef(AccountsContext.use().noticeSettings),
    {
      ...loadReads,
      // What the switch shows: the value being saved while it is, else the one saved.
      tradingEmails: (s) => s.context.wanted ?? s.context.tradingEmails,
      saving: (s) => s.matches('saving'),
      // Why the last change was refused (the switch is back on the saved value), until the next one.
      refusal: (s) => s.context.refusal,
    },
    signals('noticeSettings', ['toggle', 'retry']),
  );
}
