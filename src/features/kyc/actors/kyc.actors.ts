import { fromPromise } from 'xstate';
import type { IdentityFields, KycQueuePage, KycStatus, KycSubmission } from '../../../../domain/kyc';
import type { KycReviewRecord } from '../machines/kycReview/kycReview.machine';
import type { ApiClient } from '../../../services/api';
import { fetchImageDataUrl, photoAsDataUrl } from '../../../services/identityPhotos';

/** The user's identity calls (spec §2 /user/identity), over the user's API client. */
export function createKycActors(api: ApiClient) {
  return {
    fetchStatus: fromPromise<KycStatus>(({ signal }) => api.post<KycStatus>('/api/identity/status', {}, signal)),
    submitIdentity: fromPromise<KycStatus, IdentityFields>(async ({ input, signal }) => {
      const [front, back] = await Promise.all([photoAsDataUrl(input.front, signal), photoAsDataUrl(input.back, signal)]);
      return api.post<KycStatus>('/api/identity/submit', { name: input.name, id_number: input.id_number, front, back }, signal);
    }),
  };
}

/**
 * The review desk's calls, over the operator's own API client (its 403 ends the operator session,
 * not the user's). Photos come with the operator token read at call time.
 */
export function createKycReviewActors(api: ApiClient, photo: { getToken: () => string | undefined; getLang: () => string }) {
  const image = (id: number, side: 'front' | 'back', signal: AbortSignal) => fetchImageDataUrl(`/api/identity/photo/${id}/${side}`, photo.getToken(), photo.getLang(), signal);
  return {
    // A page of the queue: the search only when there is one (the server takes '' as none too).
    fetchQueue: fromPromise<KycQueuePage, { search: string; page: number; size: number }>(({ input, signal }) =>
      api.post<KycQueuePage>('/api/operator/kyc/list', { ...(input.search ? { search: input.search } : {}), page: input.page, size: input.size }, signal),
    ),
    fetchDetail: fromPromise<KycReviewRecord, { id: number }>(async ({ input, signal }) => {
      const submission = await api.post<KycSubmission>('/api/operator/kyc/detail', { id: input.id }, signal);
      const [front, back] = await Promise.all([image(input.id, 'front', signal), image(input.id, 'back', signal)]);
      return { submission, front, back };
    }),
    approve: fromPromise<unknown, { id: number; code?: string }>(({ input, signal }) => api.post('/api/operator/kyc/approve', input, signal)),
    reject: fromPromise<unknown, { id: number; reason: string; code?: string }>(({ input, signal }) => api.post('/api/operator/kyc/reject', input, signal)),
  };
}
