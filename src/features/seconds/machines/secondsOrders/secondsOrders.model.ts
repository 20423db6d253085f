import type { MachineModel } from '../../../../app/machines/model.types';
import { ACCOUNT, OPEN, SETTLED } from '../secondsFixtures';
import { secondsOrdersMachine } from './secondsOrders.machine';

export const secondsOrdersModel: MachineModel<typeof secondsOrdersMachine> = {
  machine: secondsOrdersMachine,
  variants: [
    { name: 'open contracts', input: { mode: 'current' } },
    { name: 'history', input: { mode: 'history' } },
  ],
  events: [
    { type: 'xstate.done.actor.fetchOrders', output: { page: { list: [OPEN], total: 12, page: 1, size: 10 }, offset: 0, account: ACCOUNT } },
    { type: 'xstate.error.actor.fetchOrders', error: { kind: 'network' } },
    { type: 'orders.days', days: 30 },
    { type: 'orders.page', page: 2 },
    { type: 'ticket.pushed', contract: SETTLED },
  ],
  abstract: (s) => [s.context.page, s.context.days],
};
