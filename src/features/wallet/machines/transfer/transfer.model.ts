import type { MachineModel } from '../../../../app/machines/model.types';
import { transferMachine } from './transfer.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const transferModel: MachineModel<typeof transferMachine> = {
  machine: transferMachine,
  variants: [{ name: 'spot → futures', input: { currencies: ['USDT', 'BTC'], accounts: ['spot', 'contract', 'sec_contract', 'legal', 'ico'] } }],
  events: [
    { type: 'transfer.currency', currency: 'BTC' },
    { type: 'transfer.from', account: 'contract' },
    { type: 'transfer.to', account: 'spot' },
    ...actorAnswers('fetchAvailable', '250'),
    { type: 'transfer.submit', quantity: '100' },
    { type: 'transfer.submit', quantity: '900' },
    { type: 'guard.accepted', payload: '100' },
    { type: 'guard.held' },
    { type: 'guard.reopened' },
    ...actorAnswers('submitTransfer', { id: 5, currency: 'USDT', from: 'spot', to: 'contract', quantity: '100', created_at: 1 }, { kind: 'server', serverMessage: 'Insufficient balance' }),
  ],
  abstract: (s) => [s.context.currency, s.context.from, s.context.to, s.context.idempotencyKey !== undefined],
};
