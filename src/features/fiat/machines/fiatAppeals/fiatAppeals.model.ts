import type { MachineModel } from '../../../../app/machines/model.types';
import { APPEAL_CASE, COMPLETED } from '../fiatFixtures';
import { fiatAppealsMachine } from './fiatAppeals.machine';

export const fiatAppealsModel: MachineModel<typeof fiatAppealsMachine> = {
  machine: fiatAppealsMachine,
  variants: [{ name: 'the queue' }],
  events: [
    { type: 'xstate.done.actor.fetchAppeals', output: [APPEAL_CASE] },
    { type: 'xstate.done.actor.fetchAppeals', output: [] },
    { type: 'xstate.error.actor.fetchAppeals', error: { kind: 'network' } },
    { type: 'appeals.decide', decision: 'return' },
    { type: 'appeals.reason', reason: 'Bank statement shows the transfer' },
    { type: 'xstate.done.actor.resolveAppeal', output: COMPLETED },
    { type: 'xstate.error.actor.resolveAppeal', error: { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' } },
  ],
  abstract: (s) => [s.context.selected, s.context.decision, s.context.reason.length > 0, s.context.appeals.length],
};
