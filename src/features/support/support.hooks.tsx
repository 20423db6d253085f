import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { HelpQuery } from '../../domain/informHelp';
import type { helpMachine } from './machines/help/help.machine';
import type { helpArticleMachine } from './machines/help/helpArticle.machine';
import type { InformActorRef } from './machines/inform/inform.machine';
import * as inform from './machines/inform/inform.selectors';

/**
 * Notifications are one long-lived actor (the header bell and /inform share it); help search and
 * help articles are flows each page starts for itself. All come supplied with their effects from
 * the composition root.
 */
export interface InformHelp {
  inform: InformActorRef;
  help: typeof helpMachine;
  helpArticle: typeof helpArticleMachine;
}

const InformHelpContext = createContext<InformHelp | null>(null);

export function InformHelpProvider(props: { value: InformHelp; children: ReactNode }) {
  return <InformHelpContext.Provider value={props.value}>{props.children}</InformHelpContext.Provider>;
}

function useInformHelp(): InformHelp {
  const value = useContext(InformHelpContext);
  if (!value) throw new Error('useInformHelp outside InformHelpProvider');
  return value;
}

export function useInformFlow() {
  const actor = useInformHelp().inform;
  const state = {
    items: useSelector(actor, inform.selectItems),
    unread: useSelector(actor, inform.selectUnread),
    page: useSelector(actor, inform.selectPage),
    total: useSelector(actor, inform.selectTotal),
    loading: useSelector(actor, inform.selectLoading),
    failed: useSelector(actor, inform.selectFailed),
    markingId: useSelector(actor, inform.selectMarkingId),
    markingAll: useSelector(actor, inform.selectMarkingAll),
    busy: useSelector(actor, inform.selectBusy),
  };
  const send = useMemo(
    () => ({
      load: (page = 1) => actor.send({ type: 'inform.load', page }),
      retry: () => actor.send({ type: 'inform.retry' }),
      markRead: (id: number) => actor.send({ type: 'inform.markRead', id }),
      markAll: () => actor.send({ type: 'inform.markAll' }),
      clear: () => actor.send({ type: 'inform.clear' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** The help-centre page's own search actor. */
export function useHelpSearchFlow() {
  const actor = useActorRef(useInformHelp().help);
  const state = {
    searching: useSelector(actor, (s) => s.matches('searching')),
    failed: useSelector(actor, (s) => s.matches('failed')),
    result: useSelector(actor, (s) => s.context.result),
    query: useSelector(actor, (s) => s.context.query),
  };
  const send = useMemo(
    () => ({
      search: (query: HelpQuery) => actor.send({ type: 'help.search', query }),
      retry: () => actor.send({ type: 'help.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** The help-detail page's own article actor. */
export function useHelpArticleFlow() {
  const actor = useActorRef(useInformHelp().helpArticle);
  const state = {
    loading: useSelector(actor, (s) => s.matches('loading') || s.matches('idle')),
    failed: useSelector(actor, (s) => s.matches('failed')),
    article: useSelector(actor, (s) => s.context.article),
  };
  const send = useMemo(
    () => ({
      open: (id: string) => actor.send({ type: 'article.open', id }),
      retry: () => actor.send({ type: 'article.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}
