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
    site: [{ path: 'subscribe', page: page(() => import('./views/SubscribePage'), 'SubscribePage'), next: ['/order/sub-hold'], menu: { labelKey: 'nav.ico', fold: 1, place: 3 } }],
    order: [
      { path: 'sub-hold', page: page(() => import('./views/IcoOrdersPage'), 'IcoOrdersPage', { tab: 'hold', key: 'hold' }), menu: { labelKey: 'menu.order.holding', group: 'menu.order.ico', place: 50 } },
      { path: 'sub-end', page: page(() => import('./views/IcoOrdersPage'), 'IcoOrdersPage', { tab: 'end', key: 'end' }), menu: { labelKey: 'menu.order.ended', place: 51 } },
      { path: 'sub-tran', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'tran', key: 'tran' }), menu: { labelKey: 'menu.order.transaction', place: 52 } },
    ],
    wallet: [
      { path: 'subscribe', page: page(() => import('./views/IcoWalletPage'), 'IcoWalletPage'), menu: { labelKey: 'menu.wallet.ico', place: 24, account: 'ico' } },
      { path: 'log-ico', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'log', key: 'log' }), menu: { labelKey: 'menu.wallet.logIco', place: 44 } },
      { path: 'log-ico-thaw', page: page(() => import('./views/IcoRecordsPage'), 'IcoRecordsPage', { type: 'thaw', key: 'thaw' }), menu: { labelKey: 'menu.wallet.logIcoThaw', place: 45 } },
    ],
  },
  desks: () => import('./desks').then((m) => m.desks),
  // The machines and their effects load with the product's first page (ico.flows.ts).
  load: () => import('./ico.flows'),
});
