import { defineFeature, page } from '../../app/feature';
import { IcoContext } from './ico.context';

/**
 * ICO subscription (spec §1–§5): /subscribe with the join and thaw popups, /order/sub-hold,
 * sub-end and sub-tran, /wallet/subscribe (released today and in total), /wallet/log-ico and
 * log-ico-thaw, and the operator's "ICO" tab where projects are created and edited.
 */
export const icoFeature = defineFeature({
  id: 'ico',
  context: IcoContext,
  routes: {
    site: [{ path: 'subscribe', page: page(() => import('./views/SubscribePage'), 'SubscribePage'), next: ['/order/sub-hold'] }],
    order: [
      { path: 'sub-hold', page: page(() => import('./views/IcoOrdersPage'), 'IcoOrdersPage', { tab: 'hold', key: 'hold' }) },
      { path: 'sub-end', page: page(() => import('./views/IcoOrdersPage'), 'IcoOrdersPage', { tab: 'end', key: 'end' }) },
      { path: 'sub-tran', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'tran', key: 'tran' }) },
    ],
    wallet: [
      { path: 'subscribe', page: page(() => import('./views/IcoWalletPage'), 'IcoWalletPage') },
      { path: 'log-ico', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'log', key: 'log' }) },
      { path: 'log-ico-thaw', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'thaw', key: 'thaw' }) },
    ],
  },
  desks: [{ id: 'ico', label: 'ico.desk.tab', page: page(() => import('./views/operator/IcoDesk'), 'IcoDesk') }],
  // The machines and their effects load with the product's first page (ico.flows.ts).
  load: () => import('./ico.flows'),
});
