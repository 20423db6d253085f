import { EXPIRED, OPEN, SETTLED, SETTLED_EXPIRED, TICKET } from '../secondsFixtures';
import { secondsContractMachine } from './secondsContract.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const secondsContractModel = machineModel(secondsContractMachine, [
  { name: 'BTC_USDT, first contract', input: { symbol: 'btc_usdt' } },
  // Bought before the page opened: a counting-down card from the start.
  { name: 'BTC_USDT, resumed contract', input: { symbol: 'btc_usdt', resumed: { contract: OPEN, offset: 0 } } },
], [
  { type: 'xstate.done.actor.loadTicket', output: TICKET },
  ...actorAnswers('loadTicket', { ...TICKET, account: { ...TICKET.account!, acknowledged: true } }),
  { type: 'ticket.period', period: 60 },
  ...typedValues('ticket.quantity', ['100', '5'], 'quantity'),
  ...typedValues('ticket.buy', ['up', 'down'], 'direction'),
  ...actorAnswers('acknowledgeRisk', { acknowledged: true }),
  { type: 'xstate.done.actor.buyContract', output: OPEN },
  ...actorAnswers('buyContract', EXPIRED, { kind: 'server', serverMessage: 'The limit for this pair, period and direction is reached' }),
  ...typedValues('ticket.pushed', [SETTLED, SETTLED_EXPIRED], 'contract'),
  { type: 'xstate.done.actor.fetchContract', output: SETTLED_EXPIRED },
  ...actorAnswers('fetchContract', EXPIRED),
], (s) => [s.context.contract?.id, s.context.contract?.status, s.context.data?.account?.acknowledged, s.context.quantity, s.context.period, s.context.idempotencyKey !== undefined, s.context.refusal !== undefined]);
