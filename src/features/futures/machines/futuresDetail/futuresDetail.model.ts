import { OPEN_ORDER, POSITION } from '../futuresFixtures';
import { futuresDetailMachine } from './futuresDetail.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const CLOSED = { ...OPEN_ORDER, id: 8, action: 'close_long' as const, type: 'market' as const, price: null, status: 3 as const, filled: '0.5', avg_price: '63000', profit: '1500', fee: '15.75', trades: [{ time: 0, price: '63000', quantity: '0.5', fee: '15.75', rate: '0.0005' }] };

export const futuresDetailModel = machineModel(
  futuresDetailMachine,
  [
    { name: 'order', input: { target: { kind: 'order', id: 8 } } },
    { name: 'position', input: { target: { kind: 'position', symbol: 'BTC_USDT' } } },
  ],
  [
    { type: 'xstate.done.actor.fetchDetail', output: { kind: 'order', order: CLOSED } },
    ...actorAnswers('fetchDetail', { kind: 'position', position: POSITION, openOrders: [OPEN_ORDER], pastOrders: [CLOSED] }, { kind: 'server', serverMessage: 'Unknown order' }),
    { type: 'detail.retry' },
    { type: 'futures.pushed' },
    { type: 'desk.refresh' },
  ],
  // A push during a read sends the answer on to be read again: the walk tells the two loadings apart.
  (s) => [s.context.loaded, s.context.pushedDuringRead],
);
