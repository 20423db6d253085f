import { simulateDepositMachine } from './simulateDeposit.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const simulateDepositModel = machineModel(simulateDepositMachine, [{ name: 'operator console' }], [
  { type: 'chain.send', deposit: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', currency: 'USDT', network: 'TRC20', quantity: '500' } },
  ...actorAnswers('sendDeposit', { id: 1 }, { kind: 'server', serverMessage: 'No such deposit address' }),
]);
