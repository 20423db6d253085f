import { operatorWithdrawalsMachine } from './operatorWithdrawals.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

/** The decisions; the queue itself is the shared paged list's model (app/machines/pagedList). */
export const operatorWithdrawalsModel = machineModel(operatorWithdrawalsMachine, [{ name: 'operator signed in' }], [
  { type: 'queue.approve', id: 12 },
  { type: 'queue.fail', id: 12 },
  ...typedValues('queue.confirm', ['Address on a sanctions list', '  '], 'reason'),
  ...typedValues('queue.confirm', ['123456', '12', ''], 'code'),
  // The step-up window read as the approval's dialog opens: stepped up until a moment, or not.
  ...actorAnswers('readStepUp', 1_900_000_000_000),
  ...actorAnswers('approveWithdrawal', null),
  ...actorAnswers('failWithdrawal', null),
]);
