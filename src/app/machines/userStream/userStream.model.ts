import { OPEN_ORDER } from '../fixtures/spotOrders';
import { userStreamMachine } from './userStream.machine';
import { machineModel, typedValues } from '../modelEvents';

export const userStreamModel = machineModel(userStreamMachine, [{ name: 'signed out at start' }, { name: 'stored session at start', input: { token: 'token-a' } }], [
  ...typedValues('session.changed', ['token-a', 'token-b', undefined], 'token'),
  { type: 'stream.order', order: OPEN_ORDER },
  { type: 'stream.balances', balances: [{ currency: 'USDT', account: 'spot', available: '100', frozen: '0' }] },
  { type: 'stream.resync' },
], (s) => s.context.token);
