import { defineFeature, page } from '../../app/feature';
import { withPairMarket } from '../markets/withPairMarket';
import type { SiteSwitches } from '../../app/layout/navigation';
import { SecondsContext } from './seconds.context';

/** The server's switch (docs/API.md): plat_config sys.seconds_contracts 0 is off; absent means on. */
const offered = (sys: SiteSwitches) => sys?.seconds_contracts !== 0;

/**
 * Seconds contracts (spec §1, §3, §4): /contract_sec/{symbol}, /order/sec-current and
 * /order/sec-history. With the server's switch off (plat_config sys.seconds_contracts 0) the pages
 * answer "not found" and the shell drops their links.
 */
export const secondsFeature = defineFeature({
  id: 'seconds',
  context: SecondsContext,
  routes: {
    site: [{ path: 'contract_sec/:symbol', page: page(withPairMarket(() => import('./views/SecondsTradePage')), 'SecondsTradePage'), next: ['/order/sec-history'], menu: { labelKey: 'nav.secContract', to: '/contract_sec/btc_usdt', fold: 2, place: 6, offered } }],
    order: [
      { path: 'sec-current', page: page(() => import('./views/SecondsOrdersPage'), 'SecondsOrdersPage', { mode: 'current', key: 'current' }), menu: { labelKey: 'menu.order.current', group: 'menu.order.sec', place: 30, offered } },
      { path: 'sec-history', page: page(() => import('./views/SecondsOrdersPage'), 'SecondsOrdersPage', { mode: 'history', key: 'history' }), menu: { labelKey: 'menu.order.history', place: 31, offered } },
    ],
    // The seconds account's wallet page: its balances plus today's result (the wallet serves the others).
    wallet: [{ path: 'secContract', page: page(() => import('./views/SecondsWalletPage'), 'SecondsWalletPage'), menu: { labelKey: 'menu.wallet.secContract', place: 22, offered, account: 'sec_contract' } }],
  },
  // The machines and their effects load with the product's first page (seconds.flows.ts).
  load: () => import('./seconds.flows'),
});
