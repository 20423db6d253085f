import { fromPromise } from 'xstate';
import type { NoteType, PlatNote } from '../../../../domain/api';
import type { HelpArticle, HelpList, HelpQuery, NotificationPage, UnreadCount } from '../../../../domain/informHelp';
import type { ApiClient } from '../../../services/api';

/** Promise actors for the notification, help-centre and platform-note calls; each honours the abort signal. */
export function createSupportActors(api: ApiClient) {
  return {
    fetchNotifications: fromPromise<NotificationPage, { page: number }>(({ input, signal }) =>
      api.post<NotificationPage>('/api/inform/list', { page: input.page }, signal),
    ),
    markRead: fromPromise<UnreadCount, { id: number }>(({ input, signal }) => api.post<UnreadCount>('/api/inform/read', { id: input.id }, signal)),
    markAllRead: fromPromise<UnreadCount>(({ signal }) => api.post<UnreadCount>('/api/inform/read_all', {}, signal)),
    searchHelp: fromPromise<HelpList, HelpQuery>(({ input, signal }) => {
      // Empty filters are left out rather than sent as "match everything" strings.
      const body: Partial<HelpQuery> = {};
      if (input.search.trim()) body.search = input.search.trim();
      if (input.category) body.category = input.category;
      return api.post<HelpList>('/api/help/list', body, signal);
    }),
    fetchNote: fromPromise<PlatNote, { type: NoteType }>(({ input, signal }) => api.post<PlatNote>('/api/plat_note', { type: input.type }, signal)),
    fetchArticle: fromPromise<HelpArticle, { id: string }>(({ input, signal }) => api.post<HelpArticle>('/api/help/detail', { id: input.id }, signal)),
  };
}
