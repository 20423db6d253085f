import type { MachineModel } from '../../../../app/machines/model.types';
import { MINE } from '../icoFixtures';
import { icoThawMachine } from './icoThaw.machine';

export const icoThawModel: MachineModel<typeof icoThawMachine> = {
  machine: icoThawMachine,
  variants: [{ name: 'released tokens waiting', input: { subscription: MINE } }],
  events: [
    { type: 'xstate.done.actor.submitThaw', output: { ...MINE, thawed: '160', thawable: '0', frozen: '640' } },
    { type: 'xstate.error.actor.submitThaw', error: { kind: 'server', serverMessage: 'Nothing has been released to thaw yet' } },
  ],
  abstract: (s) => [s.context.result !== undefined],
};
