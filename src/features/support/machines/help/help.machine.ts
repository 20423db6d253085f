import { assign, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { HelpList, HelpQuery } from '../../../../../domain/informHelp';
import { toastError } from '../../../../app/machines/toast/toastError';
import { languageChanges, type LanguageInput, type LanguageSource, followLanguage } from '../../../../app/machines/language/languageChanges';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface HelpContext {
  /** The query of the last search; a retry repeats it. */
  query: HelpQuery;
  result: HelpList | undefined;
  languages: LanguageSource | undefined;
}

/** The display language the answers come in (the app actor): a change searches again. */
export type HelpInput = LanguageInput;

export type HelpEvent = { type: 'help.search'; query: HelpQuery } | { type: 'help.retry' } | { type: 'help.languageChanged' };

/**
 * Help-centre search (spec §2 /user/helpcenter): the server matches the text in question and
 * answer, in the display language with English fallback, and puts common questions first. A new
 * search while one runs replaces it (the old call is cancelled with the state it was invoked in).
 * The page's first search (nothing typed: the common questions) runs on start, and the last query
 * runs again when the display language changes.
 */
export const helpMachine = setup({
  types: { context: {} as HelpContext, events: {} as HelpEvent, input: {} as HelpInput | undefined },
  actors: {
    languageChanges,
    searchHelp: toBeProvided<HelpList, HelpQuery>('searchHelp'),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'help',
  context: ({ input }) => ({ query: { search: '', category: '' }, result: undefined, languages: input?.languages }),
  invoke: followLanguage({ type: 'help.languageChanged' }),
  initial: 'searching',
  on: {
    'help.search': { target: '.searching', reenter: true, actions: assign({ query: ({ event }) => event.query }) },
    'help.languageChanged': { target: '.searching', reenter: true },
  },
  states: {
    searching: {
      invoke: {
        id: 'searchHelp',
        src: 'searchHelp',
        input: ({ context }) => context.query,
        onDone: { target: 'results', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: toastError,
        },
      },
    },
    results: {},
    failed: {
      on: { 'help.retry': 'searching' },
    },
  },
});

export type HelpActorRef = ActorRefFrom<typeof helpMachine>;
