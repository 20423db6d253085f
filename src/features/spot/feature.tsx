import { defineFeature, page } from '../../app/feature';
import { SpotContext } from './spot.context';

/**
 * Spot trading: the order form and the order lists (kline page panels, /order/spot-*). The private
 * user channel's news (order and balance changes) reaches them through the user-stream hub.
 */
export const spotFeature = defineFeature({
  id: 'spot',
  context: SpotContext,
  routes: {
    order: [
      { path: 'spot-current', page: page(() => import('./views/orders/SpotCurrentPage'), 'SpotCurrentPage'), menu: { labelKey: 'menu.order.current', group: 'menu.order.spot', place: 10 } },
      { path: 'spot-history', page: page(() => import('./views/orders/SpotHistoryPage'), 'SpotHistoryPage'), menu: { labelKey: 'menu.order.history', place: 11 } },
      { path: 'spot-detail/:id', page: page(() => import('./views/orders/SpotDetailPage'), 'SpotDetailPage') },
    ],
  },
  // The machines and their effects load with the product's first page (spot.flows.ts).
  load: () => import('./spot.flows'),
});
