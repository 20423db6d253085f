import type { MachineModel } from '../../../../app/machines/model.types';
import { SETTLED } from '../secondsFixtures';
import { secondsOrdersMachine } from './secondsOrders.machine';

/** The clock and the push; the list itself is the shared paged list's model (app/machines/pagedList). */
export const secondsOrdersModel: MachineModel<typeof secondsOrdersMachine> = {
  machine: secondsOrdersMachine,
  variants: [
    { name: 'open contracts', input: { mode: 'current' } },
    { name: 'history', input: { mode: 'history' } },
  ],
  events: [{ type: 'ticket.pushed', contract: SETTLED }],
};
