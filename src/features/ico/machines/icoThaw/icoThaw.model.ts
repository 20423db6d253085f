import { MINE } from '../icoFixtures';
import { icoThawMachine } from './icoThaw.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const icoThawModel = machineModel(icoThawMachine, [{ name: 'released tokens waiting', input: { subscription: MINE } }], [
  ...actorAnswers('submitThaw', { ...MINE, thawed: '160', thawable: '0', frozen: '640' }, { kind: 'server', serverMessage: 'Nothing has been released to thaw yet' }),
], (s) => [s.context.result !== undefined]);
