import type { MachineModel } from '../../../../app/machines/model.types';
import { ORDER_DETAIL, OTHER_PAIR_ORDER, PARTIAL_ORDER } from '../../../../app/machines/fixtures/spotOrders';
import { orderDetailMachine } from './orderDetail.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const orderDetailModel: MachineModel<typeof orderDetailMachine> = {
  machine: orderDetailMachine,
  variants: [{ name: 'order 41', input: { id: 41 } }],
  events: [
    ...actorAnswers('fetchOrderDetail', ORDER_DETAIL, { kind: 'server', serverMessage: 'Order not found' }),
    { type: 'stream.order', order: PARTIAL_ORDER },
    { type: 'stream.order', order: OTHER_PAIR_ORDER },
    { type: 'stream.resync' },
  ],
};
