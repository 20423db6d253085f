import { walletRecordsMachine } from './walletRecords.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

/** The signals and the row action; the list itself is the shared paged list's model (app/machines/pagedList). */
export const walletRecordsModel = machineModel(
  walletRecordsMachine,
  [
    { name: 'withdrawal records with cancel', input: { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' } },
    { name: 'deposit records of one currency, polling', input: { days: 30, pollMs: 3000, currency: 'USDT' } },
  ],
  [
    { type: 'records.act', id: 4 },
    // What the actOnRow child (the shared confirm-then-act) reports.
    { type: 'confirmAct.done', subject: { id: 4 }, output: null },
    { type: 'confirmAct.failed', subject: { id: 4 }, error: { kind: 'server', serverMessage: 'This withdrawal is already being processed' } },
  ],
);
