import { page, type OperatorDesk } from '../../app/feature';

/** This product's tabs of the operator console (/operator), fetched with the console only: none of it is on the site's pages. */
export const desks: OperatorDesk[] = [{ id: 'users', label: 'twoFactor.desk.tab', page: page(() => import('./views/operator/UsersDesk'), 'UsersDesk'), permission: 'users.read', order: 1 }];
