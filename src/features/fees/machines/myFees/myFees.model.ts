import type { MachineModel } from '../../../../app/machines/model.types';
import { myFeesMachine } from './myFees.machine';
import { MY_FEES_FIXTURE } from './myFees.fixtures';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const myFeesModel: MachineModel<typeof myFeesMachine> = {
  machine: myFeesMachine,
  variants: [{ name: 'fees page' }],
  events: [
    ...actorAnswers('fetchMyFees', MY_FEES_FIXTURE),
    { type: 'fees.retry' },
    { type: 'fees.show', product: 'futures' },
    { type: 'fees.show', product: 'spot' },
  ],
  abstract: (s) => [s.context.fees === undefined ? '?' : 'fees', s.context.product],
};
