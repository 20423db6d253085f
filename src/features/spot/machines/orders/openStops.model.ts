import { OPEN_ORDER, TRIGGERED_STOP, WAITING_STOP, stopPageOf } from '../../../../app/machines/fixtures/spotOrders';
import { openStopsMachine } from './openStops.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const openStopsModel = machineModel(openStopsMachine, [{ name: 'trade page, BTC_USDT', input: { symbol: 'BTC_USDT' } }], [
  ...actorAnswers('fetchCurrentStops', stopPageOf([WAITING_STOP, TRIGGERED_STOP])),
  { type: 'stops.filter', symbol: undefined },
  { type: 'stops.page', page: 2 },
  { type: 'stops.revoke', id: WAITING_STOP.id },
  { type: 'stops.retry' },
  // What the cancelStop child (the shared confirm-then-act) reports.
  { type: 'confirmAct.done', subject: { id: WAITING_STOP.id }, output: { ...WAITING_STOP, status: 3 } },
  { type: 'confirmAct.failed', subject: { id: WAITING_STOP.id }, error: { kind: 'server', serverMessage: 'This stop order is no longer waiting and cannot be cancelled' } },
  { type: 'stream.order', order: OPEN_ORDER },
  { type: 'stream.balances', balances: [] },
  { type: 'stream.resync' },
  { type: 'stops.changed' },
]);
