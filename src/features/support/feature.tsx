import { defineFeature, page } from '../../app/feature';
import { createSupportActors } from './actors/support.actors';
import { helpMachine } from './machines/help/help.machine';
import { helpArticleMachine } from './machines/help/helpArticle.machine';
import { informMachine } from './machines/inform/inform.machine';
import { noteMachine } from './machines/note/note.machine';
import { SupportContext } from './support.hooks';

/** Notifications (/inform and the header bell), the help centre (/user/helpcenter) and the platform notes. */
export const supportFeature = defineFeature({
  id: 'support',
  context: SupportContext,
  routes: {
    site: [{ path: 'inform', page: page(() => import('./views/inform/InformPage'), 'InformPage') }],
    user: [
      { path: 'helpcenter', page: page(() => import('./views/help/HelpCenterPage'), 'HelpCenterPage') },
      { path: 'helpDetail/:id?', page: page(() => import('./views/help/HelpDetailPage'), 'HelpDetailPage') },
    ],
  },
  provide: ({ api, showToast, start }) => {
    const actors = createSupportActors(api);
    return {
      inform: start(informMachine.provide({ actors: { fetchNotifications: actors.fetchNotifications, markRead: actors.markRead, markAllRead: actors.markAllRead }, actions: { showToast } }), { id: 'inform' }),
      note: start(noteMachine.provide({ actors: { fetchNote: actors.fetchNote }, actions: { showToast } }), { id: 'note' }),
      help: helpMachine.provide({ actors: { searchHelp: actors.searchHelp }, actions: { showToast } }),
      helpArticle: helpArticleMachine.provide({ actors: { fetchArticle: actors.fetchArticle }, actions: { showToast } }),
    };
  },
});
