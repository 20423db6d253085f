import { futuresRecordsMachine } from './futuresRecords.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

/** The pushes, the dialogs' report and the cancels; the list itself is the shared paged list's model (app/machines/pagedList). */
export const futuresRecordsModel = machineModel(
  futuresRecordsMachine,
  [
    { name: 'current orders', input: { mode: 'current' } },
    { name: 'plans', input: { mode: 'plans' } },
    { name: 'positions', input: { mode: 'hold' } },
  ],
  [
    { type: 'futures.pushed' },
    { type: 'desk.refresh' },
    { type: 'records.cancelOrder', id: 7 },
    { type: 'records.cancelPlan', id: 3 },
    // What the cancelOrder / cancelPlan children (the shared confirm-then-act) report.
    { type: 'confirmAct.done', subject: { id: 7 }, output: {} },
    { type: 'confirmAct.failed', subject: { id: 3 }, error: { kind: 'server', serverMessage: 'Unknown plan' } },
  ],
);
