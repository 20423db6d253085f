import type { MachineModel } from '../../../../app/machines/model.types';
import { futuresRecordsMachine } from './futuresRecords.machine';

/** The pushes, the dialogs' report and the cancels; the list itself is the shared paged list's model (app/machines/pagedList). */
export const futuresRecordsModel: MachineModel<typeof futuresRecordsMachine> = {
  machine: futuresRecordsMachine,
  variants: [
    { name: 'current orders', input: { mode: 'current' } },
    { name: 'plans', input: { mode: 'plans' } },
    { name: 'positions', input: { mode: 'hold' } },
  ],
  events: [
    { type: 'futures.pushed' },
    { type: 'desk.refresh' },
    { type: 'records.cancelOrder', id: 7 },
    { type: 'records.cancelPlan', id: 3 },
    { type: 'records.confirm' },
    { type: 'records.dismiss' },
    { type: 'xstate.done.actor.cancelOrder', output: {} },
    { type: 'xstate.error.actor.cancelOrder', error: { kind: 'server', serverMessage: 'Unknown order' } },
    { type: 'xstate.done.actor.cancelPlan', output: {} },
    { type: 'xstate.error.actor.cancelPlan', error: { kind: 'server', serverMessage: 'Unknown plan' } },
  ],
  abstract: (s) => s.context.cancel?.kind,
};
