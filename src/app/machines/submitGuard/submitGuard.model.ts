import { submitGuardMachine } from './submitGuard.machine';
import { machineModel } from '../modelEvents';

export const submitGuardModel = machineModel(
  submitGuardMachine,
  [{ name: 'open, nobody listening', input: {} }],
  [{ type: 'guard.submit', payload: { amount: '1' } }],
);
