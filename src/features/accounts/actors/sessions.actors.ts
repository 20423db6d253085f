import { fromPromise } from 'xstate';
import type { LoginHistoryPage, SessionItem } from '../../../domain/sessions';
import { LOGIN_HISTORY_PAGE_SIZE } from '../../../domain/sessions';
import type { ApiClient } from '../../../services/api';

/** Promise actors for sessions, login history and the anti-phishing code (issue 35, docs/API.md). */
export function createSessionsActors(api: ApiClient) {
  return {
    fetchSessions: fromPromise<SessionItem[]>(({ signal }) => api.post<SessionItem[]>('/api/user/sessions', {}, signal)),
    revokeSession: fromPromise<null, { id: number }>(({ input, signal }) => api.post('/api/user/session_revoke', input, signal)),
    revokeOthers: fromPromise<{ count: number }>(({ signal }) => api.post('/api/user/sessions_revoke_others', {}, signal)),
    fetchHistory: fromPromise<LoginHistoryPage, { page: number }>(({ input, signal }) =>
      api.post<LoginHistoryPage>('/api/user/login_history', { page: input.page, size: LOGIN_HISTORY_PAGE_SIZE }, signal),
    ),
    fetchCode: fromPromise<{ code: string }>(({ signal }) => api.post<{ code: string }>('/api/user/anti_phishing', {}, signal)),
    saveCode: fromPromise<{ code: string }, { code: string }>(({ input, signal }) => api.post('/api/user/anti_phishing_set', input, signal)),
  };
}
