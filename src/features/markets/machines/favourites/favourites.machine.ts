import { assign, setup, type ActorRefFrom } from 'xstate';
import { isPairKey, moveFavourite, readFavourites, toggleFavourite } from './favouriteList';

export type FavouritesEvent =
  | { type: 'favourites.toggle'; pair: string }
  | { type: 'favourites.move'; pair: string; over: string };

/**
 * The trader's starred pairs, in their own order (drag and drop on /markets). Read once from
 * storage at start (input) and written back through `persistFavourites` after every change; the
 * storage itself is the composition root's business.
 */
export const favouritesMachine = setup({
  types: {
    context: {} as { pairs: string[] },
    events: {} as FavouritesEvent,
    input: {} as { stored?: unknown },
  },
  actions: {
    persistFavourites: (_, _params: { pairs: string[] }) => undefined,
  },
  guards: {
    isPair: (_, params: { pair: string }) => isPairKey(params.pair),
    canMove: ({ context }, params: { pair: string; over: string }) =>
      params.pair !== params.over && context.pairs.includes(params.pair) && context.pairs.includes(params.over),
  },
}).createMachine({
  id: 'favourites',
  context: ({ input }) => ({ pairs: readFavourites(input?.stored) }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'favourites.toggle': {
          guard: { type: 'isPair', params: ({ event }) => ({ pair: event.pair }) },
          actions: [
            assign({ pairs: ({ context, event }) => toggleFavourite(context.pairs, event.pair) }),
            { type: 'persistFavourites', params: ({ context }) => ({ pairs: context.pairs }) },
          ],
        },
        'favourites.move': {
          guard: { type: 'canMove', params: ({ event }) => ({ pair: event.pair, over: event.over }) },
          actions: [
            assign({ pairs: ({ context, event }) => moveFavourite(context.pairs, event.pair, event.over) }),
            { type: 'persistFavourites', params: ({ context }) => ({ pairs: context.pairs }) },
          ],
          description: 'A drop onto another favourite puts the dragged one in its place.',
        },
      },
    },
  },
});

export type FavouritesActorRef = ActorRefFrom<typeof favouritesMachine>;
