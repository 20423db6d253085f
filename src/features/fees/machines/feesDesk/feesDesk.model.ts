import type { MachineModel } from '../../../../app/machines/model.types';
import { feesDeskMachine } from './feesDesk.machine';
import { FEES_DESK_FIXTURE } from './feesDesk.fixtures';

export const feesDeskModel: MachineModel<typeof feesDeskMachine> = {
  machine: feesDeskMachine,
  variants: [{ name: 'fees desk' }],
  events: [
    { type: 'xstate.done.actor.fetchDesk', output: FEES_DESK_FIXTURE },
    { type: 'xstate.error.actor.fetchDesk', error: { kind: 'network' } },
    { type: 'desk.retry' },
  ],
  abstract: (s) => [s.context.desk === undefined ? '?' : 'desk'],
};
