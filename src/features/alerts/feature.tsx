import { defineFeature, page } from '../../app/feature';
import { AlertsContext } from './alerts.context';

/**
 * Price alerts (/alerts): the signed-in user asks to be told when a spot pair's last price rises
 * to or falls to a price; the server tells them once with a notice. `?symbol=BTC_USDT` preselects
 * the pair (the spot trade page links so). The account menu in the header links here.
 */
export const alertsFeature = defineFeature({
  id: 'alerts',
  context: AlertsContext,
  routes: {
    gated: [{ path: 'alerts', page: page(() => import('./views/AlertsPage'), 'AlertsPage') }],
  },
  load: () => import('./alerts.flows'),
});
