import type { MachineModel } from '../../../../app/machines/model.types';
import { FILLED_ORDER, pageOf } from './fixtures';
import { orderHistoryMachine } from './orderHistory.machine';

export const orderHistoryModel: MachineModel<typeof orderHistoryMachine> = {
  machine: orderHistoryMachine,
  variants: [{ name: '/order/spot-history, all pairs, 7 days' }],
  events: [
    { type: 'xstate.done.actor.fetchOrderHistory', output: pageOf([FILLED_ORDER]) },
    { type: 'xstate.error.actor.fetchOrderHistory', error: { kind: 'network' } },
    { type: 'history.filter', symbol: 'BTC_USDT' },
    { type: 'history.days', days: 30 },
    { type: 'history.page', page: 2 },
    { type: 'stream.order', order: FILLED_ORDER },
    { type: 'stream.resync' },
  ],
};
