import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type ToastMessage } from '../../../../../domain/errors';
import type { HelpList, HelpQuery } from '../../../../../domain/informHelp';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface HelpContext {
  /** The query of the last search; a retry repeats it. */
  query: HelpQuery;
  result: HelpList | undefined;
}

export type HelpEvent = { type: 'help.search'; query: HelpQuery } | { type: 'help.retry' };

/**
 * Help-centre search (spec §2 /user/helpcenter): the server matches the text in question and
 * answer, in the display language with English fallback, and puts common questions first. A new
 * search while one runs replaces it (the old call is cancelled with the state it was invoked in).
 */
export const helpMachine = setup({
  types: { context: {} as HelpContext, events: {} as HelpEvent },
  actors: {
    searchHelp: fromPromise<HelpList, HelpQuery>(async () => {
      throw new Error('searchHelp not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
  },
}).createMachine({
  id: 'help',
  context: { query: { search: '', category: '' }, result: undefined },
  initial: 'idle',
  on: {
    'help.search': { target: '.searching', reenter: true, actions: assign({ query: ({ event }) => event.query }) },
  },
  states: {
    idle: {},
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
