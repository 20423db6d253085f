import { fromPromise } from 'xstate';
import type { AntiPhishingState, LoginHistoryItem, LoginHistoryPage, SessionItem } from '../../../../domain/sessions';
import type { AntiPhishingChange } from '../machines/antiPhishing/antiPhishing.machine';
import type { ApiClient } from '../../../services/api';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';

/** Promise actors for sessions, login history and the anti-phishing code (issue 35, docs/API.md). */
export function createSessionsActors(api: ApiClient) {
  return {
    fetchSessions: fromPromise<SessionItem[]>(({ signal }) => api.post<SessionItem[]>('/api/user/sessions', {}, signal)),
    revokeSession: fromPromise<null, { id: number }>(({ input, signal }) => api.post('/api/user/session_revoke', input, signal)),
    revokeOthers: fromPromise<{ count: number }>(({ signal }) => api.post('/api/user/sessions_revoke_others', {}, signal)),
    /** A page of sign-in attempts, newest first (the shared paged list's `loadPage`; no filter). */
    fetchHistory: pageLoader<object, LoginHistoryItem>(({ page, size }, signal) => api.post<LoginHistoryPage>('/api/user/login_history', { page, size }, signal)),
    fetchCode: fromPromise<AntiPhishingState>(({ signal }) => api.post<AntiPhishingState>('/api/user/anti_phishing', {}, signal)),
    saveCode: fromPromise<{ code: string }, AntiPhishingChange>(({ input, signal }) => api.post('/api/user/anti_phishing_set', input, signal)),
    /** With 2FA off, a change of the code takes a code emailed to the account (issue 49 §4). */
    sendAntiPhishingCode: fromPromise<null>(({ signal }) => api.post<null>('/api/user/send_code', { purpose: 'anti_phishing', to: 'current' }, signal)),
  };
}
