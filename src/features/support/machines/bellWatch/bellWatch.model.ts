import { bellWatchMachine, type BellWatchInput } from './bellWatch.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

// The model runs with a silent stand-in for the notifications: `holding` only sends to it.
const inform = { send: () => undefined } as unknown as BellWatchInput['inform'];

export const bellWatchModel = machineModel(bellWatchMachine, [{ name: 'a signed-in user', input: { inform, userId: 10001 } }], []);
