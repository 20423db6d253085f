import type { MachineModel } from '../model.types';
import { OPEN_ORDER } from '../fixtures/spotOrders';
import { userStreamMachine } from './userStream.machine';

export const userStreamModel: MachineModel<typeof userStreamMachine> = {
  machine: userStreamMachine,
  variants: [{ name: 'signed out at start' }, { name: 'stored session at start', input: { token: 'token-a' } }],
  events: [
    { type: 'session.changed', token: 'token-a' },
    { type: 'session.changed', token: 'token-b' },
    { type: 'session.changed', token: undefined },
    { type: 'stream.order', order: OPEN_ORDER },
    { type: 'stream.balances', balances: [{ currency: 'USDT', account: 'spot', available: '100', frozen: '0' }] },
    { type: 'stream.resync' },
  ],
  abstract: (s) => s.context.token,
};
