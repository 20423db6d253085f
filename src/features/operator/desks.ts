import { page, type OperatorDesk } from '../../app/feature';

/** This product's tabs of the operator console (/operator), fetched with the console only: none of it is on the site's pages. */
export const desks: OperatorDesk[] = [
    { id: 'operators', label: 'operatorDesks.operators.tab', page: page(() => import('./views/OperatorsDesk'), 'OperatorsDesk'), permission: 'operators.read', order: 2 },
    { id: 'audit', label: 'operatorDesks.audit.tab', page: page(() => import('./views/AuditDesk'), 'AuditDesk'), permission: 'audit.read', order: 2 },
    // Every role's own sessions and sign-in history, last.
    { id: 'mySecurity', label: 'operatorAuth.security.tab', page: page(() => import('./views/MySecurityDesk'), 'MySecurityDesk'), permission: 'session', order: 3 },
  ];
