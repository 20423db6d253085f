import type { MachineModel } from '../../../../app/machines/model.types';
import { walletRecordsMachine } from './walletRecords.machine';

/** The signals and the row action; the list itself is the shared paged list's model (app/machines/pagedList). */
export const walletRecordsModel: MachineModel<typeof walletRecordsMachine> = {
  machine: walletRecordsMachine,
  variants: [
    { name: 'withdrawal records with cancel', input: { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' } },
    { name: 'deposit records of one currency, polling', input: { days: 30, pollMs: 3000, currency: 'USDT' } },
  ],
  events: [
    { type: 'records.act', id: 4 },
    // What the actOnRow child (the shared confirm-then-act) reports.
    { type: 'confirmAct.done', subject: { id: 4 }, output: null },
    { type: 'confirmAct.failed', subject: { id: 4 }, error: { kind: 'server', serverMessage: 'This withdrawal is already being processed' } },
  ],
};
