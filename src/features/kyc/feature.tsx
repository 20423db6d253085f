import { defineFeature, page } from '../../app/feature';
import { KycContext } from './kyc.context';

/** Identity verification (/user/identity) and the operator's review desk, over the operator's own API client. */
export const kycFeature = defineFeature({
  id: 'kyc',
  context: KycContext,
  routes: {
    user: [
      { path: 'identity', page: page(() => import('./views/KycPage'), 'KycPage'), menu: { labelKey: 'menu.user.identity', group: 'menu.user.identityGroup', place: 30 } },
      { path: 'identityRight', page: page(() => import('./views/KycRightPage'), 'KycRightPage'), menu: { labelKey: 'menu.user.identityRight', place: 31 } },
    ],
  },
  desks: () => import('./desks').then((m) => m.desks),
  // The machines and their effects load with the product's first page (kyc.flows.ts).
  load: () => import('./kyc.flows'),
});
