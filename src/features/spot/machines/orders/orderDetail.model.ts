import { ORDER_DETAIL, OTHER_PAIR_ORDER, PARTIAL_ORDER } from '../../../../app/machines/fixtures/spotOrders';
import { orderDetailMachine } from './orderDetail.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const orderDetailModel = machineModel(orderDetailMachine, [{ name: 'order 41', input: { id: 41 } }], [
  ...actorAnswers('fetchOrderDetail', ORDER_DETAIL, { kind: 'server', serverMessage: 'Order not found' }),
  ...typedValues('stream.order', [PARTIAL_ORDER, OTHER_PAIR_ORDER], 'order'),
  { type: 'stream.resync' },
]);
