import { FILLED_ORDER, OTHER_PAIR_ORDER, pageOf } from '../../../../app/machines/fixtures/spotOrders';
import { orderHistoryMachine } from './orderHistory.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const orderHistoryModel = machineModel(
  orderHistoryMachine,
  [
    { name: '/order/spot-history, all pairs, 7 days', input: { filter: { symbol: undefined, days: 7 } } },
    { name: 'trade page, one pair', input: { filter: { symbol: 'BTC_USDT', days: 7 } } },
  ],
  [
    ...actorAnswers('loadPage', pageOf([FILLED_ORDER], 1, 12)),
    { type: 'list.filter', filter: { symbol: 'BTC_USDT' } },
    { type: 'list.page', page: 2 },
    ...typedValues('list.row', [FILLED_ORDER, OTHER_PAIR_ORDER], 'row'),
    { type: 'list.pushed' },
  ],
  (s) => [s.context.page, JSON.stringify(s.context.filter), s.context.pushedDuringRead],
);
