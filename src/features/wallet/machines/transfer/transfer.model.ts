import { transferMachine } from './transfer.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const transferModel = machineModel(transferMachine, [{ name: 'spot → futures', input: { currencies: ['USDT', 'BTC'], accounts: ['spot', 'contract', 'sec_contract', 'legal', 'ico'] } }], [
  { type: 'transfer.currency', currency: 'BTC' },
  { type: 'transfer.from', account: 'contract' },
  { type: 'transfer.to', account: 'spot' },
  ...actorAnswers('fetchAvailable', '250'),
  ...typedValues('transfer.submit', ['100', '900'], 'quantity'),
  { type: 'guard.accepted', payload: '100' },
  { type: 'guard.held' },
  { type: 'guard.reopened' },
  ...actorAnswers('submitTransfer', { id: 5, currency: 'USDT', from: 'spot', to: 'contract', quantity: '100', created_at: 1 }, { kind: 'server', serverMessage: 'Insufficient balance' }),
], (s) => [s.context.currency, s.context.from, s.context.to, s.context.idempotencyKey !== undefined]);
