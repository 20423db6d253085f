import { fromCallback, type EventObject } from 'xstate';
import type { Services } from '../../app/services';
import { createSupportActors } from './actors/support.actors';
import { helpMachine } from './machines/help/help.machine';
import { helpArticleMachine } from './machines/help/helpArticle.machine';
import { informMachine } from './machines/inform/inform.machine';
import { noteMachine } from './machines/note/note.machine';

/**
 * The support flows with their effects, supplied from the shared services (defineFeature's
 * `load`): fetched with the product's first page, or when the header bell or the footer (which
 * render in their own Suspense, after the page) first read them.
 */
export const provide = ({ api, showToast, start, userStream, shell }: Services) => {
  const actors = createSupportActors(api);
  const notices = fromCallback<EventObject>(({ sendBack }) =>
    userStream.listen((event) => {
      if ((event.type === 'stream.product' && event.kind === 'notice') || event.type === 'stream.resync') sendBack({ type: 'inform.pushed' });
    }),
  );
  return {
    // The bell's list follows the display language itself (the app actor): the server writes the notifications in it.
    inform: start(informMachine.provide({ actors: { fetchNotifications: actors.fetchNotifications, markRead: actors.markRead, markAllRead: actors.markAllRead, notices }, actions: { showToast } }), {
      id: 'inform',
      input: { languages: shell.app },
    }),
    note: start(noteMachine.provide({ actors: { fetchNote: actors.fetchNote }, actions: { showToast } }), { id: 'note' }),
    help: helpMachine.provide({ actors: { searchHelp: actors.searchHelp }, actions: { showToast } }),
    helpArticle: helpArticleMachine.provide({ actors: { fetchArticle: actors.fetchArticle }, actions: { showToast } }),
  };
};
