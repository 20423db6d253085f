import { noteMachine } from './note.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const noteModel = machineModel(noteMachine, [{ name: 'closed' }], [
  ...typedValues('note.open', [1, 4], 'noteType'),
  ...actorAnswers('fetchNote', { detail: { title: 'User agreement', content: 'Text' } }),
]);
