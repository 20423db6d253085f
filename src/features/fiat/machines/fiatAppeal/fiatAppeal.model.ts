import { APPEAL, ORDER } from '../fiatFixtures';
import { fiatAppealMachine } from './fiatAppeal.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const fiatAppealModel = machineModel(fiatAppealMachine, [{ name: 'a party appeals', input: { orderId: ORDER.id } }], [
  ...typedValues('appeal.reason', ['The seller does not confirm', '   '], 'reason'),
  ...actorAnswers('appealOrder', APPEAL, { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' }),
], (s) => [s.context.reason.trim().length > 0, s.context.problem !== undefined]);
