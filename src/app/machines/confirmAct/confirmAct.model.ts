import type { MachineModel } from '../model.types';
import { confirmActMachine } from './confirmAct.machine';
import { actorAnswers } from '../modelEvents';

export const confirmActModel: MachineModel<typeof confirmActMachine> = {
  machine: confirmActMachine,
  variants: [
    { name: 'an order to cancel, nobody listening', input: {} },
    { name: 'an address to delete, its refusal kept in the question', input: { keepRefusal: true } },
  ],
  events: [
    { type: 'confirmAct.ask', subject: { id: 7 } },
    { type: 'confirmAct.confirm' },
    { type: 'confirmAct.cancel' },
    ...actorAnswers('act', {}, { kind: 'server', serverMessage: 'The order is already finished' }),
  ],
};
