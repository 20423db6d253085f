import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { NoteType } from '../../../domain/api';
import type { NoteActorRef } from './machines/note/note.machine';
import type { HelpQuery } from '../../../domain/informHelp';
import type { helpMachine } from './machines/help/help.machine';
import type { helpArticleMachine } from './machines/help/helpArticle.machine';
import type { InformActorRef } from './machines/inform/inform.machine';
import * as inform from './machines/inform/inform.selectors';
import { SupportContext } from './support.context';
import { ShellContext } from '../../app/views/hooks';

/**
 * Notifications are one long-lived actor (the header bell and /inform share it), and so are the
 * platform-note popups (footer links, the agreement); help search and help articles are flows each
 * page starts for itself. All come supplied with their effects from support.flows.ts.
 */
export interface SupportFlows {
  inform: InformActorRef;
  note: NoteActorRef;
  help: typeof helpMachine;
  helpArticle: typeof helpArticleMachine;
}

const useSupport = SupportContext.use;

export function useInformFlow() {
  const actor = useSupport().inform;
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

/** The help-centre page's own search actor (it searches on start and again in a new language). */
export function useHelpSearchFlow() {
  const actor = useActorRef(useSupport().help, { input: { languages: ShellContext.use().app } });
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

/** The help-detail page's own actor for one article (read on start and again in a new language); the page keys it by id. */
export function useHelpArticleFlow(id: string) {
  const actor = useActorRef(useSupport().helpArticle, { input: { id, languages: ShellContext.use().app } });
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

export function useNoteFlow() {
  const { note: actor } = useSupport();
  const state = {
    open: useSelector(actor, (s) => s.matches('open')),
    loading: useSelector(actor, (s) => s.matches('loading')),
    note: useSelector(actor, (s) => s.context.note),
    hasAgree: useSelector(actor, (s) => s.context.type === 1 || s.context.type === 2),
  };
  const send = useMemo(
    () => ({
      openNote: (noteType: NoteType) => actor.send({ type: 'note.open', noteType }),
      close: () => actor.send({ type: 'note.close' }),
      agree: () => actor.send({ type: 'note.agree' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}
