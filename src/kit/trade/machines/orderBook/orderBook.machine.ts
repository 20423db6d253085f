import { assign, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate';
import { awaitingReconnect, channelFeed } from '../channelFeed';
import { applyDeltas, bookFromSnapshot, deltasSkipSeq, EMPTY_BOOK } from './levels';
import type { DepthDelta, DepthFeedCommand, DepthSnapshot, OrderBookContext, OrderBookEvent, OrderBookInput } from './orderBook.types';

/** How long to wait for a snapshot before asking again (the channel may have been refused or lost). */
export const SNAPSHOT_TIMEOUT_MS = 5000;

/**
 * One pair's order book from its depth channel (docs/API.md): wait for a snapshot, apply deltas
 * in seq order, and on a gap re-subscribe for a fresh snapshot. A dropped connection also means
 * a fresh snapshot: the socket re-subscribes every channel on reconnect and the server answers
 * with one, so after `connection.restored` the machine simply waits for it again.
 */
export const orderBookMachine = setup({
  types: {
    context: {} as OrderBookContext,
    events: {} as OrderBookEvent,
    input: {} as OrderBookInput,
  },
  actors: {
    /** Reports book.snapshot / book.deltas (a frame's deltas, joined) / connection.* ; accepts feed.resubscribe. */
    depthFeed: fromCallback<DepthFeedCommand, { channel: string }>(() => () => undefined),
  },
  actions: {
    requestSnapshot: sendTo('depthFeed', { type: 'feed.resubscribe' } satisfies DepthFeedCommand),
    applySnapshot: assign((_, params: { message: DepthSnapshot }) => ({
      book: bookFromSnapshot(params.message),
      seq: params.message.seq,
    })),
    applyDeltas: assign(({ context }, params: { messages: DepthDelta[] }) => {
      const { book, seq, stale } = applyDeltas(context.book, context.seq, params.messages);
      return { book, seq, dropped: context.dropped + stale };
    }),
    countResync: assign({ resyncs: ({ context }) => context.resyncs + 1 }),
    countDropped: assign(({ context }, params: { count: number }) => ({ dropped: context.dropped + params.count })),
    setGrouping: assign((_, params: { places: number | undefined }) => ({ grouping: params.places })),
  },
  guards: {
    hasGap: ({ context }, params: { messages: DepthDelta[] }) => deltasSkipSeq(context.seq, params.messages),
  },
  delays: {
    snapshotTimeout: SNAPSHOT_TIMEOUT_MS,
  },
}).createMachine({
  id: 'orderBook',
  context: ({ input }) => ({ channel: input.channel, book: EMPTY_BOOK, seq: undefined, resyncs: 0, dropped: 0, grouping: undefined }),
  initial: 'syncing',
  on: {
    'book.group': {
      actions: { type: 'setGrouping', params: ({ event }) => ({ places: event.places }) },
      description: 'Grouping is a view of the levels: the book itself, its seq and its state stay as they are.',
    },
  },
  states: {
    syncing: {
      invoke: channelFeed('depthFeed', 'The feed could not join the channel: no book to show.'),
      on: {
        'connection.lost': {
          target: '.disconnected',
          description: 'The book goes stale until the reconnect brings a fresh snapshot.',
        },
      },
      initial: 'awaitingSnapshot',
      states: {
        awaitingSnapshot: {
          on: {
            'book.snapshot': { target: 'live', actions: { type: 'applySnapshot', params: ({ event }) => ({ message: event.message }) } },
            'book.deltas': {
              actions: { type: 'countDropped', params: ({ event }) => ({ count: event.messages.length }) },
              description: 'Dropped: the snapshot is sent first on subscribe, so a delta before it is older than it.',
            },
          },
          after: { snapshotTimeout: { target: 'resyncing', description: 'No snapshot came: ask again.' } },
        },
        live: {
          on: {
            'book.deltas': [
              {
                guard: { type: 'hasGap', params: ({ event }) => ({ messages: event.messages }) },
                target: 'resyncing',
                description: 'A gap in seq: the book can no longer be trusted; ask for a fresh snapshot.',
              },
              {
                actions: { type: 'applyDeltas', params: ({ event }) => ({ messages: event.messages }) },
                description: 'Each next delta applied in order; one with seq ≤ the last applied is already in the book, dropped.',
              },
            ],
            'book.snapshot': {
              actions: { type: 'applySnapshot', params: ({ event }) => ({ message: event.message }) },
              description: 'A snapshot replaces the book whenever it comes (another re-subscribe on this connection).',
            },
          },
        },
        resyncing: {
          entry: ['countResync', 'requestSnapshot'],
          on: {
            'book.snapshot': { target: 'live', actions: { type: 'applySnapshot', params: ({ event }) => ({ message: event.message }) } },
            'book.deltas': {
              actions: { type: 'countDropped', params: ({ event }) => ({ count: event.messages.length }) },
              description: 'Dropped until the fresh snapshot arrives.',
            },
          },
          after: { snapshotTimeout: { target: 'resyncing', reenter: true, description: 'Still no snapshot: ask again.' } },
        },
        disconnected: awaitingReconnect('The socket re-subscribed on reconnect; the server sends a fresh snapshot.'),
      },
    },
    failed: {},
  },
});

export type OrderBookActorRef = ActorRefFrom<typeof orderBookMachine>;
