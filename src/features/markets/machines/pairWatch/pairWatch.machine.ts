import { fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { PairMarketActorRef, WatchedPair } from '../pairMarket/pairMarket.machine';

export interface PairWatchInput {
  /** The app's one pair market (markets.flows.ts), which owns the channels. */
  market: Pick<PairMarketActorRef, 'send'>;
  pair: WatchedPair;
}

export type PairWatchEvent = { type: 'watch.retry' };

/**
 * A trade page's hold on the pair market, as long as the page is on screen: its `holding` child
 * tells the market to watch the pair when it starts and to leave when it stops — when the page's
 * actor stops (the page unmounts) or on a retry, which leaves and watches again. (XState runs no
 * exit actions when an actor stops; a child's cleanup does run, so the leave lives there.)
 */
export const pairWatchMachine = setup({
  types: {
    context: {} as PairWatchInput,
    input: {} as PairWatchInput,
    events: {} as PairWatchEvent,
  },
  actors: {
    holding: fromCallback<EventObject, PairWatchInput>(({ input }) => {
      input.market.send({ type: 'market.watch', ...input.pair });
      return () => input.market.send({ type: 'market.leave' });
    }),
  },
}).createMachine({
  id: 'pairWatch',
  context: ({ input }) => input,
  initial: 'holding',
  states: {
    holding: {
      invoke: { id: 'holding', src: 'holding', input: ({ context }) => context },
      on: {
        'watch.retry': { target: 'holding', reenter: true, description: 'After a failed feed: leave, then watch the pair again.' },
      },
    },
  },
});

export type PairWatchActorRef = ActorRefFrom<typeof pairWatchMachine>;
