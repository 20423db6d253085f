import { APPEAL_CASE, COMPLETED } from '../fiatFixtures';
import { fiatAppealsMachine } from './fiatAppeals.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const fiatAppealsModel = machineModel(fiatAppealsMachine, [{ name: 'the queue' }], [
  { type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] },
  ...actorAnswers('fetchAppeals', []),
  { type: 'appeals.decide', decision: 'return' },
  { type: 'appeals.reason', reason: 'Bank statement shows the transfer' },
  { type: 'appeals.submit' },
  { type: 'appeals.cancel' },
  ...typedValues('appeals.confirm', ['123456', '12', ''], 'code'),
  // The step-up window read as the dialog opens: stepped up until a moment (an empty code is then sent), or not.
  ...actorAnswers('readStepUp', 1_900_000_000_000),
  ...actorAnswers('resolveAppeal', COMPLETED, { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' }),
], (s) => [s.context.selected, s.context.decision, s.context.reason.length > 0, s.context.appeals.length, s.context.stepUpUntil !== null]);
