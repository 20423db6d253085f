import { FILLED_ORDER, OPEN_ORDER, PARTIAL_ORDER, pageOf } from '../../../../app/machines/fixtures/spotOrders';
import { openOrdersMachine } from './openOrders.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const openOrdersModel = machineModel(openOrdersMachine, [{ name: 'trade page, BTC_USDT', input: { symbol: 'BTC_USDT' } }], [
  ...actorAnswers('fetchCurrentOrders', pageOf([OPEN_ORDER])),
  { type: 'orders.filter', symbol: undefined },
  { type: 'orders.page', page: 2 },
  { type: 'orders.revoke', id: OPEN_ORDER.id },
  // What the cancelOrder child (the shared confirm-then-act) reports.
  { type: 'confirmAct.done', subject: { id: OPEN_ORDER.id }, output: { ...OPEN_ORDER, status: 4 } },
  { type: 'confirmAct.failed', subject: { id: OPEN_ORDER.id }, error: { kind: 'server', serverMessage: 'The order is already finished' } },
  ...typedValues('stream.order', [PARTIAL_ORDER, FILLED_ORDER], 'order'),
  { type: 'stream.resync' },
]);
