import { page, type OperatorDesk } from '../../app/feature';

/** This product's tabs of the operator console (/operator), fetched with the console only: none of it is on the site's pages. */
export const desks: OperatorDesk[] = [
    { id: 'fiat', label: 'fiat.desk.tab', page: page(() => import('./views/operator/AppealsDesk'), 'AppealsDesk'), permission: 'p2p.appeals.read' },
    { id: 'fiatSettings', label: 'fiat.settings.tab', page: page(() => import('./views/operator/TradeSettingsDesk'), 'TradeSettingsDesk'), permission: 'trading.read' },
  ];
