import { APPEAL_CASE, COMPLETED } from '../fiatFixtures';
import { fiatAppealsMachine } from './fiatAppeals.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const RESOLUTION = { order_id: APPEAL_CASE.order.id, decision: 'return' as const, reason: 'Bank statement shows the transfer' };

export const fiatAppealsModel = machineModel(fiatAppealsMachine, [{ name: 'the queue' }], [
  { type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] },
  ...actorAnswers('fetchAppeals', []),
  { type: 'appeals.decide', decision: 'return' },
  { type: 'appeals.reason', reason: 'Bank statement shows the transfer' },
  // What the resolveAppeal child (the shared confirm-then-act) reports.
  { type: 'confirmAct.done', subject: RESOLUTION, output: COMPLETED },
  { type: 'confirmAct.failed', subject: RESOLUTION, error: { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' } },
], (s) => [s.context.selected, s.context.decision, s.context.reason.length > 0, s.context.appeals.length]);
