import { useActorRef } from '@xstate/react';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import type { NoteType } from '../../../domain/api';
import type { LocaleCode } from '../../../domain/languages';
import type { NoteActorRef } from './machines/note/note.machine';
import type { HelpQuery } from '../../../domain/informHelp';
import type { helpMachine } from './machines/help/help.machine';
import type { helpArticleMachine } from './machines/help/helpArticle.machine';
import type { InformActorRef } from './machines/inform/inform.machine';
import * as inform from './machines/inform/inform.selectors';
import { holdMachine } from './machines/hold/hold.machine';
import { SupportContext } from './support.context';
import type { noticeBoardMachine } from './machines/notices/noticeBoard.machine';
import type { noticeDetailMachine } from './machines/notices/noticeDetail.machine';
import type { noticesDeskMachine } from './machines/noticesDesk/noticesDesk.machine';
import { ShellContext } from '../../app/views/hooks';
import type { NotesFlow, ShellNotices } from '../../app/layout/notices.context';

/**
 * Notifications are one long-lived actor (the header bell and /inform share it), and so are the
 * platform-note popups (footer links, the agreement); help search and help articles are flows each
 * page starts for itself. All come supplied with their effects from support.flows.ts.
 */
export interface SupportFlows extends ShellNotices {
  inform: InformActorRef;
  note: NoteActorRef;
  help: typeof helpMachine;
  helpArticle: typeof helpArticleMachine;
  // The notice pages and the console's desk: optional so that a shell part's test (the header
  // reads only the bell) may hand the context just what it renders; support.flows.ts gives all.
  noticeBoard?: typeof noticeBoardMachine;
  noticeDetail?: typeof noticeDetailMachine;
  noticesDesk?: typeof noticesDeskMachine;
}

/** A notice flow the page needs: support.flows.ts always supplies it. */
function supplied<T>(flow: T | undefined, name: string): T {
  if (!flow) throw new Error(`support flows without ${name}`);
  return flow;
}

const useSupport = SupportContext.use;

/** The notifications (the header bell and /inform share the one session-long actor). */
export function useInformFlow() {
  return useActorFlow(
    useSupport().inform,
    {
      items: inform.selectItems,
      unread: inform.selectUnread,
      page: inform.selectPage,
      total: inform.selectTotal,
      loading: inform.selectLoading,
      failed: inform.selectFailed,
      markingId: inform.selectMarkingId,
      markingAll: inform.selectMarkingAll,
      busy: inform.selectBusy,
    },
    {
      load: (page = 1) => ({ type: 'inform.load', page }),
      ...signals('inform', ['retry', 'markAll', 'clear']),
      markRead: (id: number) => ({ type: 'inform.markRead', id }),
    },
  );
}

/** The help-centre page's own search actor (it searches on start and again in a new language). */
export function useHelpSearchFlow() {
  return useActorFlow(
    useActorRef(useSupport().help, { input: { languages: ShellContext.use().app } }),
    { searching: (s) => s.matches('searching'), failed: (s) => s.matches('failed'), result: (s) => s.context.result, query: (s) => s.context.query },
    { search: (query: HelpQuery) => ({ type: 'help.search', query }), retry: () => ({ type: 'help.retry' }) },
  );
}

/** The help-detail page's own actor for one article (read on start and again in a new language); the page keys it by id. */
export function useHelpArticleFlow(id: string) {
  return useActorFlow(
    useActorRef(useSupport().helpArticle, { input: { id, languages: ShellContext.use().app } }),
    { loading: (s) => s.matches('loading') || s.matches('idle'), failed: (s) => s.matches('failed'), article: (s) => s.context.article },
    { open: (article: string) => ({ type: 'article.open', id: article }), retry: () => ({ type: 'article.retry' }) },
  );
}

/**
 * The header bell's count (the shell's notices slot): the bell's own hold (hold.machine.ts) asks the
 * session-long notifications for the user when it starts and empties them when it stops (the bell
 * unmounts: signed out). The caller keys itself by user (the slot passes the user for that), so
 * another user is another actor.
 */
export function useBellCount(_userId: number): number {
  const notifications = useSupport().inform;
  useActorRef(holdMachine, { input: { target: notifications, start: { type: 'inform.load', page: 1 }, stop: { type: 'inform.clear' } } });
  return useActorFlow(notifications, { unread: inform.selectUnread }, {}).unread;
}

/** /inform's arrival: a fresh first page of the notifications the bell shares (the caller keys it by user). */
export function useInformArrival(): void {
  useActorRef(holdMachine, { input: { target: useSupport().inform, start: { type: 'inform.load', page: 1 } } });
}

/** A page that opens a platform note on arrival (/agree: the agreement): the shell's notices slot. */
export function useNoteOnArrival(noteType: NoteType): void {
  useActorRef(holdMachine, { input: { target: useSupport().note, start: { type: 'note.open', noteType } } });
}

/** The platform-note popups (footer links, the agreement): one session-long actor (the shell's notices slot). */
export function useNoteFlow(): NotesFlow {
  return useActorFlow(
    useSupport().note,
    {
      open: (s) => s.matches('open'),
      loading: (s) => s.matches('loading'),
      note: (s) => s.context.note,
      /** English stands in for the display language (issue 51 §5): the popup may mark it. */
      fallback: (s) => s.context.note?.fallback === true,
      hasAgree: (s) => s.context.type === 1 || s.context.type === 2,
    },
    {
      openNote: (noteType: NoteType) => ({ type: 'note.open', noteType }),
      ...signals('note', ['close', 'agree']),
    },
  );
}

/** The notice list page's own actor: read on start, again on a publish or unpublish pushed live, or in a new language. */
export function useNoticeBoardFlow() {
  return useActorFlow(
    useActorRef(supplied(useSupport().noticeBoard, 'noticeBoard'), { input: { languages: ShellContext.use().app } }),
    { loading: (s) => s.matches('loading'), failed: (s) => s.matches('failed'), result: (s) => s.context.result, page: (s) => s.context.page },
    { goTo: (page: number) => ({ type: 'board.page', page }), retry: () => ({ type: 'board.retry' }) },
  );
}

/** One notice's page (keyed by id): read on start, again when it is unpublished live or the language changes. */
export function useNoticeDetailFlow(id: number) {
  return useActorFlow(
    useActorRef(supplied(useSupport().noticeDetail, 'noticeDetail'), { input: { id, languages: ShellContext.use().app } }),
    { loading: (s) => s.matches('loading'), failed: (s) => s.matches('failed'), notice: (s) => s.context.notice },
    { retry: () => ({ type: 'detail.retry' }) },
  );
}

/** The console's notices desk. */
export function useNoticesDesk() {
  const { context, ...flow } = useActorFlow(
    useActorRef(supplied(useSupport().noticesDesk, 'noticesDesk')),
    { context: (s) => s.context, loading: (s) => s.matches('loading'), failed: (s) => s.matches('failed'), saving: (s) => s.matches('saving'), switching: (s) => s.matches('switching') },
    {
      create: () => ({ type: 'desk.new' }),
      editNotice: (id: number) => ({ type: 'desk.editNotice', id }),
      editNote: (noteType: NoteType) => ({ type: 'desk.editNote', noteType }),
      tab: (lang: LocaleCode) => ({ type: 'desk.tab', lang }),
      title: (value: string) => ({ type: 'desk.title', value }),
      body: (value: string) => ({ type: 'desk.body', value }),
      togglePreview: () => ({ type: 'desk.preview' }),
      ...signals('desk', ['save', 'cancel', 'retry']),
      publish: (id: number) => ({ type: 'desk.publish', id }),
      unpublish: (id: number) => ({ type: 'desk.unpublish', id }),
    },
  );
  return { ...context, ...flow };
}
