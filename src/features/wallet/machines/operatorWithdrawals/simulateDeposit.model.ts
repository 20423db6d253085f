import type { MachineModel } from '../../../../app/machines/model.types';
import { simulateDepositMachine } from './simulateDeposit.machine';

export const simulateDepositModel: MachineModel<typeof simulateDepositMachine> = {
  machine: simulateDepositMachine,
  variants: [{ name: 'operator console' }],
  events: [
    { type: 'chain.send', deposit: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', currency: 'USDT', network: 'TRC20', quantity: '500' } },
    { type: 'xstate.done.actor.sendDeposit', output: { id: 1 } },
    { type: 'xstate.error.actor.sendDeposit', error: { kind: 'server', serverMessage: 'No such deposit address' } },
  ],
};
