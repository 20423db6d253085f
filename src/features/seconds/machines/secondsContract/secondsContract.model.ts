import type { MachineModel } from '../../../../app/machines/model.types';
import { EXPIRED, OPEN, SETTLED, SETTLED_EXPIRED, TICKET } from '../secondsFixtures';
import { secondsContractMachine } from './secondsContract.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const secondsContractModel: MachineModel<typeof secondsContractMachine> = {
  machine: secondsContractMachine,
  variants: [{ name: 'BTC_USDT, first contract', input: { symbol: 'btc_usdt' } }],
  events: [
    { type: 'xstate.done.actor.loadTicket', output: TICKET },
    ...actorAnswers('loadTicket', { ...TICKET, account: { ...TICKET.account!, acknowledged: true } }),
    { type: 'ticket.period', period: 60 },
    { type: 'ticket.quantity', quantity: '100' },
    { type: 'ticket.quantity', quantity: '5' },
    { type: 'ticket.buy', direction: 'up' },
    { type: 'ticket.buy', direction: 'down' },
    ...actorAnswers('acknowledgeRisk', { acknowledged: true }),
    { type: 'xstate.done.actor.buyContract', output: OPEN },
    ...actorAnswers('buyContract', EXPIRED, { kind: 'server', serverMessage: 'The limit for this pair, period and direction is reached' }),
    { type: 'ticket.pushed', contract: SETTLED },
    { type: 'ticket.pushed', contract: SETTLED_EXPIRED },
    { type: 'xstate.done.actor.fetchContract', output: SETTLED_EXPIRED },
    ...actorAnswers('fetchContract', EXPIRED),
  ],
  abstract: (s) => [s.context.contract?.id, s.context.contract?.status, s.context.data?.account?.acknowledged, s.context.quantity, s.context.period, s.context.idempotencyKey !== undefined, s.context.refusal !== undefined],
};
