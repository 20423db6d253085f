import { fromCallback, type EventObject } from 'xstate';
import type { Services } from '../../app/services';
import { createStepUpReader } from '../../kit/operatorStepUp/stepUp';
import { createKycActors, createKycReviewActors } from './actors/kyc.actors';
import { kycMachine } from './machines/kyc/kyc.machine';
import { kycReviewMachine } from './machines/kycReview/kycReview.machine';

/** Identity verification: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, operatorApi, operatorToken, lang, showToast, userStream, shell: { session } }: Services) => {
  const kycUpdates = fromCallback<EventObject>(({ sendBack }) =>
    userStream.listen((event) => {
      if ((event.type === 'stream.product' && event.kind === 'kyc') || event.type === 'stream.resync') sendBack({ type: 'identity.pushed' });
    }),
  );
  const review = createKycReviewActors(operatorApi, { getToken: operatorToken, getLang: lang });
  return {
    kyc: kycMachine.provide({ actors: { ...createKycActors(api), kycUpdates }, actions: { showToast, refreshSession: () => session.send({ type: 'session.refresh' }) } }),
    kycReview: kycReviewMachine.provide({
      actors: { fetchQueue: review.fetchQueue, fetchDetail: review.fetchDetail, approve: review.approve, reject: review.reject, readStepUp: createStepUpReader(operatorApi) },
      actions: { showToast },
    }),
  };
};
