import type { MachineModel } from '../../../../app/machines/model.types';
import { secondsDeskMachine } from './secondsDesk.machine';

export const secondsDeskModel: MachineModel<typeof secondsDeskMachine> = {
  machine: secondsDeskMachine,
  variants: [{ name: 'BTC_USDT', input: { symbol: 'btc_usdt' } }],
  events: [
    { type: 'desk.bought', id: 'ticket-0', period: 30, quantity: '100', level: { ticketId: 'ticket-0', id: 41, direction: 'up', price: '96250.12' } },
    { type: 'desk.ended', id: 'ticket-0' },
  ],
  // Whether a level is drawn decides what desk.ended does.
  abstract: (s) => s.context.levels.length,
};
