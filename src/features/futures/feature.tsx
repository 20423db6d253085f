import { defineFeature, page } from '../../app/feature';
import { FuturesContext } from './futures.context';

/**
 * USDT-margined futures (spec §2, §3): the orders centre's u-current, u-plan, u-hold and u-history,
 * and /wallet/contract with the account's equity, margin ratio and liquidation prices. (The trade
 * page /contract/{symbol} still shows the spot market until its order form lands.)
 */
export const futuresFeature = defineFeature({
  id: 'futures',
  context: FuturesContext,
  routes: {
    order: [
      { path: 'u-current', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'current', key: 'current' }) },
      { path: 'u-plan', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'plans', key: 'plans' }) },
      { path: 'u-hold', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'hold', key: 'hold' }) },
      { path: 'u-history', page: page(() => import('./views/FuturesOrdersPage'), 'FuturesOrdersPage', { mode: 'history', key: 'history' }) },
    ],
    wallet: [{ path: 'contract', page: page(() => import('./views/FuturesWalletPage'), 'FuturesWalletPage') }],
  },
  // The machines and their effects load with the product's first page (futures.flows.ts).
  load: () => import('./futures.flows'),
});
