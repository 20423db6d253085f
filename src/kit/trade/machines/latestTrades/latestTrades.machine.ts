import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { PublicTrade } from '../../../../../domain/market';
import { mergeTrades } from './trades';
import { awaitingReconnect, channelFeed } from '../channelFeed';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface LatestTradesContext {
  channel: string;
  /** Newest first, at most 50. */
  trades: PublicTrade[];
}

/** What the trades feed reports (../../actors/tradesFeed.actor.ts). */
export type LatestTradesEvent =
  | { type: 'trades.snapshot'; trades: PublicTrade[] }
  | { type: 'trades.update'; trades: PublicTrade[] }
  | Signals<'connection', 'lost' | 'restored'>;

/**
 * The latest trades of one pair from `{pair}_trade`: a snapshot on (re)subscribe, then batches,
 * merged (a batch that comes first is shown until a snapshot replaces it); after a drop the trades
 * stay on screen, marked stale, until the reconnect's snapshot replaces them.
 */
export const latestTradesMachine = setup({
  types: {
    context: {} as LatestTradesContext,
    events: {} as LatestTradesEvent,
    input: {} as { channel: string },
  },
  actors: {
    tradesFeed: fromCallback<EventObject, { channel: string }>(() => () => undefined),
  },
  actions: {
    replaceTrades: assign((_, params: { trades: PublicTrade[] }) => ({ trades: mergeTrades([], params.trades) })),
    mergeTrades: assign(({ context }, params: { trades: PublicTrade[] }) => ({ trades: mergeTrades(context.trades, params.trades) })),
  },
}).createMachine({
  id: 'latestTrades',
  context: ({ input }) => ({ channel: input.channel, trades: [] }),
  initial: 'streaming',
  states: {
    streaming: {
      invoke: channelFeed('tradesFeed', 'The feed could not join the channel.'),
      initial: 'awaitingSnapshot',
      states: {
        awaitingSnapshot: {
          description:
            'A snapshot replaces what is shown. A batch before any snapshot is shown too: a gateway of the cluster has no snapshot of a channel its owner has not written yet (a market before its first trade), and none will come.',
          on: {
            'trades.snapshot': { target: 'live', actions: { type: 'replaceTrades', params: ({ event }) => ({ trades: event.trades }) } },
            'trades.update': { target: 'live', actions: { type: 'mergeTrades', params: ({ event }) => ({ trades: event.trades }) } },
            'connection.lost': 'disconnected',
          },
        },
        live: {
          on: {
            'trades.update': { actions: { type: 'mergeTrades', params: ({ event }) => ({ trades: event.trades }) } },
            'trades.snapshot': { actions: { type: 'replaceTrades', params: ({ event }) => ({ trades: event.trades }) } },
            'connection.lost': 'disconnected',
          },
        },
        disconnected: awaitingReconnect('The reconnect re-subscribed the channel; its snapshot is on its way.'),
      },
    },
    failed: {},
  },
});

export type LatestTradesActorRef = ActorRefFrom<typeof latestTradesMachine>;
