import type { MachineModel } from '../../../../app/machines/model.types';
import { transferMachine } from './transfer.machine';

export const transferModel: MachineModel<typeof transferMachine> = {
  machine: transferMachine,
  variants: [{ name: 'spot → futures', input: { currencies: ['USDT', 'BTC'], accounts: ['spot', 'contract', 'sec_contract', 'legal', 'ico'] } }],
  events: [
    { type: 'transfer.currency', currency: 'BTC' },
    { type: 'transfer.from', account: 'contract' },
    { type: 'transfer.to', account: 'spot' },
    { type: 'xstate.done.actor.fetchAvailable', output: '250' },
    { type: 'xstate.error.actor.fetchAvailable', error: { kind: 'network' } },
    { type: 'transfer.submit', quantity: '100' },
    { type: 'transfer.submit', quantity: '900' },
    { type: 'guard.accepted', payload: '100' },
    { type: 'guard.held' },
    { type: 'guard.reopened' },
    { type: 'xstate.done.actor.submitTransfer', output: { id: 5, currency: 'USDT', from: 'spot', to: 'contract', quantity: '100', created_at: 1 } },
    { type: 'xstate.error.actor.submitTransfer', error: { kind: 'server', serverMessage: 'Insufficient balance' } },
  ],
  abstract: (s) => [s.context.currency, s.context.from, s.context.to, s.context.idempotencyKey !== undefined],
};
