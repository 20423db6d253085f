import { page, type OperatorDesk } from '../../app/feature';

/**
 * This product's tabs of the operator console (/operator), fetched with the console only: none of it is on the site's pages.
 * The tab reads (`liabilities.read`: finance and the auditor); its "Build now" needs `liabilities.build` (finance).
 */
export const desks: OperatorDesk[] = [{ id: 'liabilities', label: 'liabilities.desk', permission: 'liabilities.read', page: page(() => import('./views/operator/LiabilitiesDesk'), 'LiabilitiesDesk') }];
