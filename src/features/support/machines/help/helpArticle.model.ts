import { helpArticleMachine } from './helpArticle.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const helpArticleModel = machineModel(helpArticleMachine, [{ name: 'detail page opened' }], [
  { type: 'article.open', id: 'register-account' },
  ...actorAnswers('fetchArticle', { id: 'register-account', category: 'account', common: true, question: 'Q', answer: 'A\n\n- one' }, { kind: 'server', serverMessage: 'Help article not found' }),
]);
