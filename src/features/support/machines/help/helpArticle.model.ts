import type { MachineModel } from '../../../../app/machines/model.types';
import { helpArticleMachine } from './helpArticle.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

export const helpArticleModel: MachineModel<typeof helpArticleMachine> = {
  machine: helpArticleMachine,
  variants: [{ name: 'detail page opened' }],
  events: [
    { type: 'article.open', id: 'register-account' },
    ...actorAnswers('fetchArticle', { id: 'register-account', category: 'account', common: true, question: 'Q', answer: 'A\n\n- one' }, { kind: 'server', serverMessage: 'Help article not found' }),
  ],
};
