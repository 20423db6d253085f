import type { MachineModel } from '../../../../app/machines/model.types';
import { myFeesMachine } from './myFees.machine';
import { MY_FEES_FIXTURE } from './myFees.fixtures';

export const myFeesModel: MachineModel<typeof myFeesMachine> = {
  machine: myFeesMachine,
  variants: [{ name: 'fees page' }],
  events: [
    { type: 'xstate.done.actor.fetchMyFees', output: MY_FEES_FIXTURE },
    { type: 'xstate.error.actor.fetchMyFees', error: { kind: 'network' } },
    { type: 'fees.retry' },
    { type: 'fees.show', product: 'futures' },
    { type: 'fees.show', product: 'spot' },
  ],
  abstract: (s) => [s.context.fees === undefined ? '?' : 'fees', s.context.product],
};
