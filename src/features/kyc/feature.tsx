import { defineFeature, page } from '../../app/feature';
import { KycContext } from './kyc.context';

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
  // The machines and their effects load with the product's first page (kyc.flows.ts).
  load: () => import('./kyc.flows'),
});
