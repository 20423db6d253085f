import type { MachineModel } from '../../../../app/machines/model.types';
import { APPEAL, ORDER } from '../fiatFixtures';
import { fiatAppealMachine } from './fiatAppeal.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const fiatAppealModel: MachineModel<typeof fiatAppealMachine> = {
  machine: fiatAppealMachine,
  variants: [{ name: 'a party appeals', input: { orderId: ORDER.id } }],
  events: [
    { type: 'appeal.reason', reason: 'The seller does not confirm' },
    { type: 'appeal.reason', reason: '   ' },
    ...actorAnswers('appealOrder', APPEAL, { kind: 'server', serverMessage: 'This order is no longer in a state that allows this' }),
  ],
  abstract: (s) => [s.context.reason.trim().length > 0, s.context.problem !== undefined],
};
