import { createNoticePushesActor } from '../../app/actors/userStream.actor';
import type { Services } from '../../app/services';
import { createNoticeActors, createNoticesDeskActors } from './actors/notices.actors';
import { createSupportActors } from './actors/support.actors';
import { helpMachine } from './machines/help/help.machine';
import { helpArticleMachine } from './machines/help/helpArticle.machine';
import { informMachine } from './machines/inform/inform.machine';
import { noteMachine } from './machines/note/note.machine';
import { noticeBoardMachine } from './machines/notices/noticeBoard.machine';
import { noticeDetailMachine } from './machines/notices/noticeDetail.machine';
import { noticesDeskMachine } from './machines/noticesDesk/noticesDesk.machine';
import { useBellCount, useNoteFlow, useNoteOnArrival } from './support.hooks';

/**
 * The support flows with their effects, supplied from the shared services (defineFeature's
 * `load`): fetched with the product's first page, or when the header bell or the footer (which
 * render in their own Suspense, after the page) first read them.
 */
export const provide = ({ api, operatorApi, socket, showToast, start, userStream, shell }: Services) => {
  const actors = createSupportActors(api);
  const notices = createNoticeActors(api, socket);
  const desk = createNoticesDeskActors(operatorApi);
  const informPushes = createNoticePushesActor(userStream, 'inform.pushed');

  return {
    // The bell's list follows the display language itself (the app actor): the server writes the notifications in it.
    inform: start(informMachine.provide({ actors: { fetchNotifications: actors.fetchNotifications, markRead: actors.markRead, markAllRead: actors.markAllRead, notices: informPushes }, actions: { showToast } }), {
      id: 'inform',
      input: { languages: shell.app },
    }),
    note: start(noteMachine.provide({ actors: { fetchNote: actors.fetchNote }, actions: { showToast } }), { id: 'note' }),
    help: helpMachine.provide({ actors: { searchHelp: actors.searchHelp }, actions: { showToast } }),
    helpArticle: helpArticleMachine.provide({ actors: { fetchArticle: actors.fetchArticle }, actions: { showToast } }),
    // The notice pages' own actors (each page starts its own), following the public notice channel.
    noticeBoard: noticeBoardMachine.provide({ actors: { fetchNotices: notices.fetchNotices, noticeUpdates: notices.noticeUpdates('board.pushed') }, actions: { showToast } }),
    noticeDetail: noticeDetailMachine.provide({ actors: { fetchNotice: notices.fetchNotice, noticeUpdates: notices.noticeUpdates('detail.pushed') }, actions: { showToast } }),
    noticesDesk: noticesDeskMachine.provide({ actors: desk, actions: { showToast } }),
    // The shell's notices slot (app/layout/notices.context.ts): the header bell and the footer read these.
    useBellCount,
    useNotes: useNoteFlow,
    useNoteOnArrival,
  };
};
