import { ACCOUNT, CONFIG, OPEN_ORDER, PLAN } from '../futuresFixtures';
import { futuresDeskMachine } from './futuresDesk.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const DATA = { config: CONFIG, account: ACCOUNT, orders: [OPEN_ORDER], plans: [PLAN], receivedAt: 0 };

export const futuresDeskModel = machineModel(futuresDeskMachine, [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt' } }], [
  ...actorAnswers('loadDesk', DATA),
  { type: 'futures.pushed' },
  { type: 'desk.refresh' },
  { type: 'desk.retry' },
  { type: 'desk.cancelOrder', id: 7 },
  { type: 'desk.cancelPlan', id: 3 },
  { type: 'countdown.tick', remaining: 41 },
  { type: 'xstate.done.actor.fundingCountdown', output: undefined },
  // What the cancelOrder / cancelPlan children (the shared confirm-then-act) report.
  { type: 'confirmAct.done', subject: { id: 7 }, output: {} },
  { type: 'confirmAct.failed', subject: { id: 7 }, error: { kind: 'server', serverMessage: 'Unknown order' } },
]);
