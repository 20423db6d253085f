import { page, type OperatorDesk } from '../../app/feature';

/** This product's tab of the operator console (/operator), fetched with the console only: none of it (nor its chart library) is on the site's pages. */
export const desks: OperatorDesk[] = [{ id: 'treasury', label: 'treasury.tab', permission: 'treasury.read', page: page(() => import('./views/TreasuryDesk'), 'TreasuryDesk') }];
