import type { MachineModel } from '../../../../app/machines/model.types';
import { bellWatchMachine, type BellWatchInput } from './bellWatch.machine';

// The model runs with a silent stand-in for the notifications: `holding` only sends to it.
const inform = { send: () => undefined } as unknown as BellWatchInput['inform'];

export const bellWatchModel: MachineModel<typeof bellWatchMachine> = {
  machine: bellWatchMachine,
  variants: [{ name: 'a signed-in user', input: { inform, userId: 10001 } }],
  events: [],
};
