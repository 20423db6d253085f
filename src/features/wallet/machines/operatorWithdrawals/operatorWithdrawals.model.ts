import type { MachineModel } from '../../../../app/machines/model.types';
import { operatorWithdrawalsMachine } from './operatorWithdrawals.machine';

const row = { id: 12, currency: 'USDT', network: 'TRC20', address: 'TQn9', quantity: '25', fee: '1', tx_hash: null, status: 1, reason: null, created_at: 1, updated_at: 1, account: 'ada@example.org' };

export const operatorWithdrawalsModel: MachineModel<typeof operatorWithdrawalsMachine> = {
  machine: operatorWithdrawalsMachine,
  variants: [{ name: 'operator signed in' }],
  events: [
    { type: 'xstate.done.actor.fetchQueue', output: { list: [row], total: 14, page: 1, size: 10 } },
    { type: 'xstate.error.actor.fetchQueue', error: { kind: 'network' } },
    { type: 'queue.status', status: undefined },
    { type: 'queue.page', page: 2 },
    { type: 'queue.approve', id: 12 },
    { type: 'queue.fail', id: 12 },
    { type: 'queue.confirm', reason: 'Address on a sanctions list' },
    { type: 'queue.confirm', reason: '  ' },
    { type: 'xstate.done.actor.approveWithdrawal', output: null },
    { type: 'xstate.error.actor.approveWithdrawal', error: { kind: 'server', serverMessage: 'Already processed' } },
    { type: 'xstate.done.actor.failWithdrawal', output: null },
    { type: 'xstate.error.actor.failWithdrawal', error: { kind: 'network' } },
  ],
  abstract: (s) => [s.context.status, s.context.page],
};
