import { page, type OperatorDesk } from '../../app/feature';

/** This product's tabs of the operator console (/operator), fetched with the console only: none of it is on the site's pages. */
export const desks: OperatorDesk[] = [{ id: 'identity', label: 'wallet.ops.identityDesk', page: page(() => import('./views/review/KycReviewQueue'), 'KycReviewQueue'), permission: 'identity.read' }];
