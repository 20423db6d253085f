import { page, type OperatorDesk } from '../../app/feature';

/** This product's tab of the operator console (/operator), fetched with the console only. */
export const desks: OperatorDesk[] = [{ id: 'fees', label: 'fees.desk', permission: 'fees.read', page: page(() => import('./views/operator/FeesDeskPage'), 'FeesDeskPage') }];
