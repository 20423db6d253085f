import { futureTickChannel } from '../../../domain/api';
import { defineFeature, page } from '../../app/feature';
import { withPairMarket } from '../markets/withPairMarket';
import { FuturesContext } from './futures.context';

/**
 * USDT-margined futures (spec §2, §3, §8, §9): the trade page /contract/{symbol} (the shared trade
 * layout on the futures book, trades and candle channels; mark price and funding in the stats bar;
 * the order form with the leverage dialog; positions with close, flash close and TP/SL, open orders
 * and plans), the orders centre's u-current, u-plan, u-hold and u-history with the order detail
 * (u-detail/{id}) and the position detail (u-position/{symbol}), and /wallet/contract
 * with the account's equity, margin ratio and liquidation prices.
 */
export const futuresFeature = defineFeature({
  id: 'futures',
  context: FuturesContext,
  // Each contract market's tick, from startup: the markets list's futures tab.
  tickers: (p) => (p.contract_status === 1 ? [futureTickChannel(p.left_symbol, p.right_symbol)] : []),
  routes: {
    site: [{ path: 'contract/:symbol', page: page(withPairMarket(() => import('./views/ContractTradePage')), 'ContractTradePage'), next: ['/order/u-hold'], menu: { labelKey: 'nav.contract', to: '/contract/btc_usdt', fold: 4, place: 5 } }],
    order: [
      { path: 'u-current', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'current', key: 'current' }), menu: { labelKey: 'menu.order.current', group: 'menu.order.contract', place: 20 } },
      { path: 'u-plan', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'plans', key: 'plans' }), menu: { labelKey: 'menu.order.trigger', place: 21 } },
      { path: 'u-hold', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'hold', key: 'hold' }), menu: { labelKey: 'menu.order.position', place: 22 } },
      { path: 'u-history', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'history', key: 'history' }), menu: { labelKey: 'menu.order.history', place: 23 } },
      { path: 'u-detail/:id', page: page(() => import('./views/FuturesOrderDetailPage'), 'FuturesOrderDetailPage') },
      { path: 'u-position/:symbol', page: page(() => import('./views/FuturesPositionDetailPage'), 'FuturesPositionDetailPage') },
    ],
    wallet: [{ path: 'contract', page: page(() => import('./views/FuturesWalletPage'), 'FuturesWalletPage'), menu: { labelKey: 'menu.wallet.contract', place: 21, account: 'contract' } }],
  },
  // The machines and their effects load with the product's first page (futures.flows.ts).
  load: () => import('./futures.flows'),
});
