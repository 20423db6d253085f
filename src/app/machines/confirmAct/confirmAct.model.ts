import { confirmActMachine } from './confirmAct.machine';
import { actorAnswers, machineModel } from '../modelEvents';

export const confirmActModel = machineModel(
  confirmActMachine,
  [
    { name: 'an order to cancel, nobody listening', input: {} },
    { name: 'an address to delete, its refusal kept in the question', input: { keepRefusal: true } },
  ],
  [
    { type: 'confirmAct.ask', subject: { id: 7 } },
    { type: 'confirmAct.confirm' },
    { type: 'confirmAct.cancel' },
    ...actorAnswers('act', {}, { kind: 'server', serverMessage: 'The order is already finished' }),
  ],
);
