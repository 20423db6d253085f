import { APPEAL_CASE, COMPLETED } from '../fiatFixtures';
import { fiatAppealsMachine } from './fiatAppeals.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

/**
 * The model's clock: 5 s before the end of the window its step-up read answers, so the window ends
 * before the queue's 10 s poll. A generated path moves the fake clock to the one timer it names: to a
 * farther end it would fire the poll too (the queue read again, which the path does not expect); to
 * the poll it ends the window too, which changes the context only, not the state.
 */
const clock = () => 1_900_000_000_000 - 5_000;

export const fiatAppealsModel = machineModel(fiatAppealsMachine, [{ name: 'the queue', input: { clock } }], [
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
