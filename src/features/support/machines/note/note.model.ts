import type { MachineModel } from '../../../../app/machines/model.types';
import { noteMachine } from './note.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const noteModel: MachineModel<typeof noteMachine> = {
  machine: noteMachine,
  variants: [{ name: 'closed' }],
  events: [
    { type: 'note.open', noteType: 1 },
    { type: 'note.open', noteType: 4 },
    ...actorAnswers('fetchNote', { detail: { title: 'User agreement', content: 'Text' } }),
  ],
};
