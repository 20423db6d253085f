import type { MachineModel } from '../model.types';
import { submitGuardMachine } from './submitGuard.machine';

export const submitGuardModel: MachineModel<typeof submitGuardMachine> = {
  machine: submitGuardMachine,
  variants: [{ name: 'open, nobody listening', input: {} }],
  events: [{ type: 'guard.submit', payload: { amount: '1' } }],
};
