import type { MachineModel } from '../../../../app/machines/model.types';
import { PROJECT } from '../icoFixtures';
import { icoDeskMachine } from './icoDesk.machine';

export const icoDeskModel: MachineModel<typeof icoDeskMachine> = {
  machine: icoDeskMachine,
  variants: [{ name: 'operator desk' }],
  events: [
    { type: 'xstate.done.actor.fetchProjects', output: [PROJECT] },
    { type: 'xstate.error.actor.fetchProjects', error: { kind: 'network' } },
    { type: 'desk.new', now: 1_700_000_000_000 },
    { type: 'desk.edit', projectId: 1 },
    { type: 'desk.field', field: 'name', value: 'Nova' },
    { type: 'xstate.done.actor.saveProject', output: PROJECT },
    { type: 'xstate.error.actor.saveProject', error: { kind: 'server', serverMessage: 'Invalid project setting: total' } },
  ],
  abstract: (s) => [s.context.form?.id, s.context.form?.name],
};
