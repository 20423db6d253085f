import { myFeesMachine } from './myFees.machine';
import { MY_FEES_FIXTURE } from './myFees.fixtures';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const myFeesModel = machineModel(myFeesMachine, [{ name: 'fees page' }], [
  ...actorAnswers('fetchMyFees', MY_FEES_FIXTURE),
  { type: 'fees.retry' },
  ...typedValues('fees.show', ['futures', 'spot'], 'product'),
], (s) => [s.context.fees === undefined ? '?' : 'fees', s.context.product]);
