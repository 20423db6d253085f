import type { Services } from '../../app/services';
import { pagedListMachine } from '../../app/machines/pagedList/pagedList.machine';
import { selectHasSession } from '../../app/machines/session/session.selectors';
import { createContractUpdatesActor, createSecondsActors } from './actors/seconds.actors';
import { secondsContractMachine, secondsKeyMinter } from './machines/secondsContract/secondsContract.machine';
import { secondsDeskMachine } from './machines/secondsDesk/secondsDesk.machine';
import { secondsOrdersMachine } from './machines/secondsOrders/secondsOrders.machine';

/** Seconds contracts: its machines with their effects, supplied from the shared services (loaded with its pages; see defineFeature's `load`). */
export const provide = ({ api, userStream, showToast, newKey, shell }: Services) => {
  const actors = createSecondsActors(api, () => selectHasSession(shell.session.getSnapshot()));
  const contractUpdates = createContractUpdatesActor(userStream);
  const contract = secondsContractMachine.provide({
    actors: { loadTicket: actors.loadTicket, acknowledgeRisk: actors.acknowledgeRisk, buyContract: actors.buyContract, fetchContract: actors.fetchContract, contractUpdates },
    actions: { showToast, mintIdempotencyKey: secondsKeyMinter(newKey) },
  });
  return {
    contract,
    desk: secondsDeskMachine.provide({ actors: { contract, loadOpen: actors.loadOpen } }),
    orders: secondsOrdersMachine.provide({
      actors: { list: pagedListMachine.provide({ actors: { loadPage: actors.fetchOrders }, actions: { showToast } }), contractUpdates },
    }),
  };
};
