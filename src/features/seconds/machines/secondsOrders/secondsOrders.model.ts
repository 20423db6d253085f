import { SETTLED } from '../secondsFixtures';
import { secondsOrdersMachine } from './secondsOrders.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

/** The clock and the push; the list itself is the shared paged list's model (app/machines/pagedList). */
export const secondsOrdersModel = machineModel(
  secondsOrdersMachine,
  [
    { name: 'open contracts', input: { mode: 'current' } },
    { name: 'history', input: { mode: 'history' } },
  ],
  [{ type: 'ticket.pushed', contract: SETTLED }],
);
