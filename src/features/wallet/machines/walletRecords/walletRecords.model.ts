import type { MachineModel } from '../../../../app/machines/model.types';
import { walletRecordsMachine } from './walletRecords.machine';

const withdrawal = { id: 4, currency: 'USDT', network: 'TRC20', address: 'T9yD', quantity: '25', fee: '1', tx_hash: null, status: 1, reason: null, created_at: 1, updated_at: 1 };

export const walletRecordsModel: MachineModel<typeof walletRecordsMachine> = {
  machine: walletRecordsMachine,
  variants: [
    { name: 'withdrawal records with cancel', input: { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' } },
    { name: 'deposit records of one currency, polling', input: { days: 30, pollMs: 3000, currency: 'USDT' } },
  ],
  events: [
    { type: 'xstate.done.actor.fetchPage', output: { list: [withdrawal], total: 23, page: 1, size: 10 } },
    { type: 'xstate.error.actor.fetchPage', error: { kind: 'network' } },
    { type: 'records.days', days: 30 },
    { type: 'records.page', page: 2 },
    { type: 'records.page', page: 9 },
    { type: 'records.act', id: 4 },
    { type: 'records.pushed' },
    { type: 'xstate.done.actor.actOnRow', output: null },
    { type: 'xstate.error.actor.actOnRow', error: { kind: 'server', serverMessage: 'This withdrawal is already being processed' } },
  ],
  abstract: (s) => [s.context.page, s.context.days],
};
