import type { MachineModel } from '../../../../app/machines/model.types';
import { noteMachine } from './note.machine';

export const noteModel: MachineModel<typeof noteMachine> = {
  machine: noteMachine,
  variants: [{ name: 'closed' }],
  events: [
    { type: 'note.open', noteType: 1 },
    { type: 'note.open', noteType: 4 },
    { type: 'xstate.done.actor.fetchNote', output: { detail: { title: 'User agreement', content: 'Text' } } },
    { type: 'xstate.error.actor.fetchNote', error: { kind: 'network' } },
  ],
};
