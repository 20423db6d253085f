import { assign, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { HelpArticle } from '../../../../../domain/informHelp';
import { toastError } from '../../../../app/machines/toast/toastError';
import { languageChanges, type LanguageInput, type LanguageSource, followLanguage } from '../../../../app/machines/language/languageChanges';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface HelpArticleContext {
  id: string | undefined;
  article: HelpArticle | undefined;
  languages: LanguageSource | undefined;
}

/** The article and the display language it comes in (a change reads it again). */
export interface HelpArticleInput extends LanguageInput {
  /** The article the page shows (read on start). */
  id?: string;
}

export type HelpArticleEvent = { type: 'article.open'; id: string } | { type: 'article.retry' } | { type: 'article.languageChanged' };

/**
 * One help article (spec §2 /user/helpDetail/:id), in the display language; an unknown id fails
 * with the server's message. Read on start, and again when the display language changes.
 */
export const helpArticleMachine = setup({
  types: { context: {} as HelpArticleContext, events: {} as HelpArticleEvent, input: {} as HelpArticleInput | undefined },
  actors: {
    languageChanges,
    fetchArticle: toBeProvided<HelpArticle, { id: string }>('fetchArticle'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'helpArticle',
  context: ({ input }) => ({ id: input?.id, article: undefined, languages: input?.languages }),
  invoke: followLanguage({ type: 'article.languageChanged' }),
  initial: 'idle',
  on: {
    'article.open': { target: '.loading', reenter: true, actions: assign({ id: ({ event }) => event.id }) },
    'article.languageChanged': { guard: ({ context }) => context.id !== undefined, target: '.loading', reenter: true },
  },
  states: {
    idle: { always: { guard: ({ context }) => context.id !== undefined, target: 'loading' } },
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
