import { Navigate } from 'react-router-dom';
import { defineFeature, page } from '../../app/feature';
import { FiatContext } from './fiat.context';

/**
 * P2P fiat buy and sell (spec §1–§4): /deal with the ads, buy-next and sell-next (take an ad),
 * buy-detail and buy-confirm (the buyer's order), sell-detail (the seller's), /deal/history and
 * /order/legal-order (the orders), /wallet/log-legal (the fiat account's records), and the
 * operator's "Appeals" and "Trade settings" tabs.
 */
export const fiatFeature = defineFeature({
  id: 'fiat',
  context: FiatContext,
  routes: {
    site: [{ path: 'deal', page: page(() => import('./views/DealPage'), 'DealPage'), next: ['/deal/buy-next'], menu: { labelKey: 'nav.fiatBuy', fold: 3, place: 1 } }],
    gated: [
      {
        path: 'deal',
        children: [
          { path: 'buy-next', page: page(() => import('./views/TakePage'), 'TakePage', { side: 'buy', key: 'buy' }) },
          { path: 'sell-next', page: page(() => import('./views/TakePage'), 'TakePage', { side: 'sell', key: 'sell' }) },
          { path: 'buy-detail/:id', page: page(() => import('./views/OrderPage'), 'OrderPage', { step: 'detail', key: 'detail' }) },
          { path: 'buy-confirm/:id', page: page(() => import('./views/OrderPage'), 'OrderPage', { step: 'confirm', key: 'confirm' }) },
          { path: 'sell-detail/:id', page: page(() => import('./views/OrderPage'), 'OrderPage', { step: 'sell', key: 'sell' }) },
          // Bank cards are the user's collection methods (spec §2 /user/c-collAddr); one list, one place to edit it.
          { path: 'bank-card', element: <Navigate to="/user/c-collAddr" replace /> },
          { path: 'my-ads', page: page(() => import('./views/MyAdsPage'), 'MyAdsPage') },
          { path: 'history', page: page(() => import('./views/FiatOrdersPage'), 'FiatOrdersPage') },
        ],
      },
    ],
    order: [{ path: 'legal-order', page: page(() => import('./views/FiatOrdersPage'), 'FiatOrdersPage'), menu: { labelKey: 'menu.order.fiatOrders', group: 'menu.order.fiat', place: 40 } }],
    wallet: [
      // The fiat account's page: the wallet's account page (the kit's) over this product's account.
      { path: 'legalSymbol', page: page(() => import('../../kit/wallet/WalletAccountPage'), 'WalletAccountPage', { account: 'legal', key: 'legal' }), menu: { labelKey: 'menu.wallet.legal', place: 23, account: 'legal' } },
      { path: 'log-legal', page: page(() => import('./views/FiatRecordsPage'), 'FiatRecordsPage'), menu: { labelKey: 'menu.wallet.logLegal', place: 42 } },
    ],
  },
  desks: () => import('./desks').then((m) => m.desks),
  // The machines and their effects load with the product's first page (fiat.flows.ts).
  load: () => import('./fiat.flows'),
});
