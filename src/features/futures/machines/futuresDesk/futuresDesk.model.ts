import type { MachineModel } from '../../../../app/machines/model.types';
import { ACCOUNT, CONFIG, OPEN_ORDER, PLAN } from '../futuresFixtures';
import { futuresDeskMachine } from './futuresDesk.machine';

const DATA = { config: CONFIG, account: ACCOUNT, orders: [OPEN_ORDER], plans: [PLAN], receivedAt: 0 };

export const futuresDeskModel: MachineModel<typeof futuresDeskMachine> = {
  machine: futuresDeskMachine,
  variants: [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt' } }],
  events: [
    { type: 'xstate.done.actor.loadDesk', output: DATA },
    { type: 'xstate.error.actor.loadDesk', error: { kind: 'network' } },
    { type: 'futures.pushed' },
    { type: 'desk.refresh' },
    { type: 'desk.retry' },
    { type: 'desk.cancelOrder', id: 7 },
    { type: 'desk.cancelPlan', id: 3 },
    { type: 'desk.confirm' },
    { type: 'desk.dismiss' },
    { type: 'countdown.tick', remaining: 41 },
    { type: 'xstate.done.actor.fundingCountdown', output: undefined },
    { type: 'xstate.done.actor.cancelOrder', output: {} },
    { type: 'xstate.error.actor.cancelOrder', error: { kind: 'server', serverMessage: 'Unknown order' } },
    { type: 'xstate.done.actor.cancelPlan', output: {} },
    { type: 'xstate.error.actor.cancelPlan', error: { kind: 'server', serverMessage: 'Unknown plan' } },
  ],
  abstract: (s) => s.context.cancel?.kind,
};
