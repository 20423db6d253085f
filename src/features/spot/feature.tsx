import { spotTickChannel } from '../../../domain/api';
import { defineFeature, page } from '../../app/feature';
import { withPairMarket } from '../markets/withPairMarket';
import { SpotContext } from './spot.context';

/**
 * Spot trading: the trade page /markets/kline/{symbol} (the shared trade layout on the spot
 * market, with the order form and the orders panel), and the order lists (/order/spot-*). The
 * private user channel's news (order and balance changes) reaches them through the user-stream hub.
 */
export const spotFeature = defineFeature({
  id: 'spot',
  context: SpotContext,
  // Each tradable market's tick, from startup: the home page's and the markets list's prices.
  tickers: (p) => (p.trade_status === 1 ? [spotTickChannel(p.left_symbol, p.right_symbol)] : []),
  routes: {
    site: [{ path: 'markets/kline/:symbol', page: page(withPairMarket(() => import('./views/SpotTradePage')), 'SpotTradePage'), menu: { labelKey: 'nav.spot', to: '/markets/kline/BTC_USDT', fold: 5, place: 4 } }],
    order: [
      { path: 'spot-current', page: page(() => import('./views/orders/SpotCurrentPage'), 'SpotCurrentPage'), menu: { labelKey: 'menu.order.current', group: 'menu.order.spot', place: 10 } },
      { path: 'spot-history', page: page(() => import('./views/orders/SpotHistoryPage'), 'SpotHistoryPage'), menu: { labelKey: 'menu.order.history', place: 11 } },
      { path: 'spot-detail/:id', page: page(() => import('./views/orders/SpotDetailPage'), 'SpotDetailPage') },
    ],
  },
  // The machines and their effects load with the product's first page (spot.flows.ts).
  load: () => import('./spot.flows'),
});
