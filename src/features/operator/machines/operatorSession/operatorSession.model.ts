import type { MachineModel } from '../../../../app/machines/model.types';
import { operatorSessionMachine } from './operatorSession.machine';

const operator = { id: 3, account: 'reviewer@openex.test' };

export const operatorSessionModel: MachineModel<typeof operatorSessionMachine> = {
  machine: operatorSessionMachine,
  variants: [
    { name: 'nothing stored', input: {} },
    { name: 'operator session stored', input: { token: 'op-1', operator } },
  ],
  events: [
    { type: 'operator.login', fields: { account: 'reviewer@openex.test', password: 'Operator2026' } },
    { type: 'xstate.done.actor.login', output: { token: 'op-2', operator } },
    { type: 'xstate.error.actor.login', error: { kind: 'server', serverMessage: 'Wrong account or password' } },
  ],
};
