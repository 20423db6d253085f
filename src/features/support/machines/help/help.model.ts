import type { MachineModel } from '../../../../app/machines/model.types';
import { helpMachine } from './help.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

const result = { list: [{ id: 'register-account', category: 'account', common: true, question: 'How do I register an account?' }], categories: ['account'] };

export const helpModel: MachineModel<typeof helpMachine> = {
  machine: helpMachine,
  variants: [{ name: 'help centre opened' }],
  events: [
    { type: 'help.search', query: { search: 'password', category: '' } },
    ...actorAnswers('searchHelp', result),
  ],
};
