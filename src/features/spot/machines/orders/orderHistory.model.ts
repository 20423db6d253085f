import type { MachineModel } from '../../../../app/machines/model.types';
import { FILLED_ORDER, OTHER_PAIR_ORDER, pageOf } from '../../../../app/machines/fixtures/spotOrders';
import { orderHistoryMachine } from './orderHistory.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const orderHistoryModel: MachineModel<typeof orderHistoryMachine> = {
  machine: orderHistoryMachine,
  variants: [
    { name: '/order/spot-history, all pairs, 7 days', input: { filter: { symbol: undefined, days: 7 } } },
    { name: 'trade page, one pair', input: { filter: { symbol: 'BTC_USDT', days: 7 } } },
  ],
  events: [
    ...actorAnswers('loadPage', pageOf([FILLED_ORDER], 1, 12)),
    { type: 'list.filter', filter: { symbol: 'BTC_USDT' } },
    { type: 'list.page', page: 2 },
    { type: 'list.row', row: FILLED_ORDER },
    { type: 'list.row', row: OTHER_PAIR_ORDER },
    { type: 'list.pushed' },
  ],
  abstract: (s) => [s.context.page, JSON.stringify(s.context.filter), s.context.pushedDuringRead],
};
