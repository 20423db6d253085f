import { helpMachine } from './help.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const result = { list: [{ id: 'register-account', category: 'account', common: true, question: 'How do I register an account?' }], categories: ['account'] };

export const helpModel = machineModel(helpMachine, [{ name: 'help centre opened' }], [
  { type: 'help.search', query: { search: 'password', category: '' } },
  ...actorAnswers('searchHelp', result),
]);
