import type { MachineModel } from '../../../../app/machines/model.types';
import { operatorWithdrawalsMachine } from './operatorWithdrawals.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

/** The decisions; the queue itself is the shared paged list's model (app/machines/pagedList). */
export const operatorWithdrawalsModel: MachineModel<typeof operatorWithdrawalsMachine> = {
  machine: operatorWithdrawalsMachine,
  variants: [{ name: 'operator signed in' }],
  events: [
    { type: 'queue.approve', id: 12 },
    { type: 'queue.fail', id: 12 },
    { type: 'queue.confirm', reason: 'Address on a sanctions list' },
    { type: 'queue.confirm', reason: '  ' },
    // What the approveWithdrawal child (the shared confirm-then-act) reports.
    { type: 'confirmAct.done', subject: { id: 12 }, output: null },
    { type: 'confirmAct.failed', subject: { id: 12 }, error: { kind: 'server', serverMessage: 'Already processed' } },
    ...actorAnswers('failWithdrawal', null),
  ],
};
