import type { MachineModel } from '../../../../app/machines/model.types';
import { helpArticleMachine } from './helpArticle.machine';

export const helpArticleModel: MachineModel<typeof helpArticleMachine> = {
  machine: helpArticleMachine,
  variants: [{ name: 'detail page opened' }],
  events: [
    { type: 'article.open', id: 'register-account' },
    { type: 'xstate.done.actor.fetchArticle', output: { id: 'register-account', category: 'account', common: true, question: 'Q', answer: 'A\n\n- one' } },
    { type: 'xstate.error.actor.fetchArticle', error: { kind: 'server', serverMessage: 'Help article not found' } },
  ],
};
