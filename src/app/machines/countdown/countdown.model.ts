import { countdownMachine } from './countdown.machine';
import { machineModel } from '../modelEvents';

export const countdownModel = machineModel(
  countdownMachine,
  [
    { name: 'three seconds', input: { seconds: 3 } },
    { name: 'already zero', input: { seconds: 0 } },
  ],
  [],
  (s) => s.context.remaining,
);
