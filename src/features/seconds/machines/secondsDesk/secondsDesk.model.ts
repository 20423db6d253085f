import { secondsDeskMachine } from './secondsDesk.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';
import { OPEN } from '../secondsFixtures';

export const secondsDeskModel = machineModel(
  secondsDeskMachine,
  [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt' } }],
  [
    { type: 'desk.bought', id: 'ticket-0', period: 30, quantity: '100', level: { ticketId: 'ticket-0', id: 41, direction: 'up', price: '96250.12' } },
    { type: 'desk.ended', id: 'ticket-0' },
    // The contracts bought before the page: none, or one resumed as a card.
    ...actorAnswers('loadOpen', { contracts: [], offset: 0 }),
    { type: 'xstate.done.actor.loadOpen', output: { contracts: [OPEN], offset: 0 } },
  ],
  // Whether a level is drawn decides what desk.ended does.
  (s) => s.context.levels.length,
);
