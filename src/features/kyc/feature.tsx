import { defineFeature, page } from '../../app/feature';
import { createKycActors, createKycReviewActors } from './actors/kyc.actors';
import { KycContext } from './kyc.hooks';
import { kycMachine } from './machines/kyc/kyc.machine';
import { kycReviewMachine } from './machines/kycReview/kycReview.machine';

/** Identity verification (/user/identity) and the operator's review desk, over the operator's own API client. */
export const kycFeature = defineFeature({
  id: 'kyc',
  context: KycContext,
  routes: {
    user: [
      { path: 'identity', page: page(() => import('./views/KycPage'), 'KycPage') },
      { path: 'identityRight', page: page(() => import('./views/KycRightPage'), 'KycRightPage') },
    ],
  },
  desks: [{ id: 'identity', label: 'wallet.ops.identityDesk', page: page(() => import('./views/review/KycReviewQueue'), 'KycReviewQueue') }],
  provide: ({ api, operatorApi, operatorToken, lang, showToast, shell: { session } }) => {
    const review = createKycReviewActors(operatorApi, { getToken: operatorToken, getLang: lang });
    return {
      kyc: kycMachine.provide({ actors: createKycActors(api), actions: { showToast, refreshSession: () => session.send({ type: 'session.refresh' }) } }),
      kycReview: kycReviewMachine.provide({
        actors: { fetchQueue: review.fetchQueue, fetchDetail: review.fetchDetail, approve: review.approve, reject: review.reject },
        actions: { showToast },
      }),
    };
  },
});
