import type { MachineModel } from '../model.types';
import { countdownMachine } from './countdown.machine';

export const countdownModel: MachineModel<typeof countdownMachine> = {
  machine: countdownMachine,
  variants: [
    { name: 'three seconds', input: { seconds: 3 } },
    { name: 'already zero', input: { seconds: 0 } },
  ],
  events: [],
  abstract: (s) => s.context.remaining,
};
