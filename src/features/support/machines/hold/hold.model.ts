import { holdMachine, type HoldInput } from './hold.machine';
import { machineModel } from '../../../../app/machines/modelEvents';

// The model runs with a silent stand-in for the held actor: `holding` only sends to it.
const target = { send: () => undefined } as unknown as HoldInput['target'];

export const holdModel = machineModel(holdMachine, [{ name: 'the bell of a signed-in user', input: { target, start: { type: 'inform.load', page: 1 }, stop: { type: 'inform.clear' } } }], []);
