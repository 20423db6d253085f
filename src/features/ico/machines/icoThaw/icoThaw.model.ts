import type { MachineModel } from '../../../../app/machines/model.types';
import { MINE } from '../icoFixtures';
import { icoThawMachine } from './icoThaw.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const icoThawModel: MachineModel<typeof icoThawMachine> = {
  machine: icoThawMachine,
  variants: [{ name: 'released tokens waiting', input: { subscription: MINE } }],
  events: [
    ...actorAnswers('submitThaw', { ...MINE, thawed: '160', thawable: '0', frozen: '640' }, { kind: 'server', serverMessage: 'Nothing has been released to thaw yet' }),
  ],
  abstract: (s) => [s.context.result !== undefined],
};
