import type { MachineModel } from '../../../../app/machines/model.types';
import { simulateDepositMachine } from './simulateDeposit.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const simulateDepositModel: MachineModel<typeof simulateDepositMachine> = {
  machine: simulateDepositMachine,
  variants: [{ name: 'operator console' }],
  events: [
    { type: 'chain.send', deposit: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', currency: 'USDT', network: 'TRC20', quantity: '500' } },
    ...actorAnswers('sendDeposit', { id: 1 }, { kind: 'server', serverMessage: 'No such deposit address' }),
  ],
};
