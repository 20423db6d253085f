import type { MachineModel } from '../../../../app/machines/model.types';
import { ORDER_DETAIL, OTHER_PAIR_ORDER, PARTIAL_ORDER } from '../../../../app/machines/fixtures/spotOrders';
import { orderDetailMachine } from './orderDetail.machine';

export const orderDetailModel: MachineModel<typeof orderDetailMachine> = {
  machine: orderDetailMachine,
  variants: [{ name: 'order 41', input: { id: 41 } }],
  events: [
    { type: 'xstate.done.actor.fetchOrderDetail', output: ORDER_DETAIL },
    { type: 'xstate.error.actor.fetchOrderDetail', error: { kind: 'server', serverMessage: 'Order not found' } },
    { type: 'stream.order', order: PARTIAL_ORDER },
    { type: 'stream.order', order: OTHER_PAIR_ORDER },
    { type: 'stream.resync' },
  ],
};
