import { secondsDeskMachine } from './secondsDesk.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

export const secondsDeskModel = machineModel(
  secondsDeskMachine,
  [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt' } }],
  [
    { type: 'desk.bought', id: 'ticket-0', period: 30, quantity: '100', level: { ticketId: 'ticket-0', id: 41, direction: 'up', price: '96250.12' } },
    { type: 'desk.ended', id: 'ticket-0' },
  ],
  // Whether a level is drawn decides what desk.ended does.
  (s) => s.context.levels.length,
);
