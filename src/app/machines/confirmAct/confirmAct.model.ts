import type { MachineModel } from '../model.types';
import { confirmActMachine } from './confirmAct.machine';

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
    { type: 'xstate.done.actor.act', output: {} },
    { type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'The order is already finished' } },
  ],
};
