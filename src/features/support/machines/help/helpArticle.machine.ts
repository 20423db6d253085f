import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { HelpArticle } from '../../../../../domain/informHelp';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface HelpArticleContext {
  id: string | undefined;
  article: HelpArticle | undefined;
}

export type HelpArticleEvent = { type: 'article.open'; id: string } | { type: 'article.retry' };

/** One help article (spec §2 /user/helpDetail/:id), in the display language; an unknown id fails with the server's message. */
export const helpArticleMachine = setup({
  types: { context: {} as HelpArticleContext, events: {} as HelpArticleEvent },
  actors: {
    fetchArticle: fromPromise<HelpArticle, { id: string }>(async () => {
      throw new Error('fetchArticle not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'helpArticle',
  context: { id: undefined, article: undefined },
  initial: 'idle',
  on: {
    'article.open': { target: '.loading', reenter: true, actions: assign({ id: ({ event }) => event.id }) },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'fetchArticle',
        src: 'fetchArticle',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'shown', actions: assign({ article: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [assign({ article: undefined }), toastError],
        },
      },
    },
    shown: {},
    failed: {
      on: { 'article.retry': 'loading' },
    },
  },
});

export type HelpArticleActorRef = ActorRefFrom<typeof helpArticleMachine>;
