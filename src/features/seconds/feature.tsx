import { defineFeature, page } from '../../app/feature';
import { selectHasSession } from '../../app/machines/session/session.selectors';
import { createContractUpdatesActor, createSecondsActors } from './actors/seconds.actors';
import { secondsContractMachine, secondsKeyMinter } from './machines/secondsContract/secondsContract.machine';
import { secondsOrdersMachine } from './machines/secondsOrders/secondsOrders.machine';
import { SecondsContext } from './seconds.hooks';

/**
 * Seconds contracts (spec §1, §3, §4): /contract_sec/{symbol}, /order/sec-current and
 * /order/sec-history. With the server's switch off (plat_config sys.seconds_contracts 0) the pages
 * answer "not found" and the shell drops their links.
 */
export const secondsFeature = defineFeature({
  id: 'seconds',
  context: SecondsContext,
  routes: {
    site: [{ path: 'contract_sec/:symbol', page: page(() => import('./views/SecondsTradePage'), 'SecondsTradePage'), next: ['/order/sec-history'] }],
    order: [
      { path: 'sec-current', page: page(() => import('./views/SecondsOrdersPage'), 'SecondsOrdersPage', { mode: 'current', key: 'current' }) },
      { path: 'sec-history', page: page(() => import('./views/SecondsOrdersPage'), 'SecondsOrdersPage', { mode: 'history', key: 'history' }) },
    ],
    // The seconds account's wallet page: its balances plus today's result (the wallet serves the others).
    wallet: [{ path: 'secContract', page: page(() => import('./views/SecondsWalletPage'), 'SecondsWalletPage') }],
  },
  provide: ({ api, userStream, showToast, newKey, shell }) => {
    const actors = createSecondsActors(api, () => selectHasSession(shell.session.getSnapshot()));
    const contractUpdates = createContractUpdatesActor(userStream);
    return {
      contract: secondsContractMachine.provide({
        actors: { loadTicket: actors.loadTicket, acknowledgeRisk: actors.acknowledgeRisk, buyContract: actors.buyContract, fetchContract: actors.fetchContract, contractUpdates },
        actions: { showToast, mintIdempotencyKey: secondsKeyMinter(newKey) },
      }),
      orders: secondsOrdersMachine.provide({ actors: { fetchOrders: actors.fetchOrders, contractUpdates }, actions: { showToast } }),
    };
  },
});
