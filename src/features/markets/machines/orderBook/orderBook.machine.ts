import { assign, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate';
import { applyDelta, bookFromSnapshot, classifyDelta, EMPTY_BOOK } from './levels';
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
    /** Reports book.snapshot / book.delta / connection.* ; accepts feed.resubscribe. */
    depthFeed: fromCallback<DepthFeedCommand, { channel: string }>(() => () => undefined),
  },
  actions: {
    requestSnapshot: sendTo('depthFeed', { type: 'feed.resubscribe' } satisfies DepthFeedCommand),
    applySnapshot: assign((_, params: { message: DepthSnapshot }) => ({
      book: bookFromSnapshot(params.message),
      seq: params.message.seq,
    })),
    applyDelta: assign(({ context }, params: { message: DepthDelta }) => ({
      book: applyDelta(context.book, params.message),
      seq: params.message.seq,
    })),
    countResync: assign({ resyncs: ({ context }) => context.resyncs + 1 }),
    countDropped: assign({ dropped: ({ context }) => context.dropped + 1 }),
    setGrouping: assign((_, params: { places: number | undefined }) => ({ grouping: params.places })),
  },
  guards: {
    isNextDelta: ({ context }, params: { seq: number }) => classifyDelta(context.seq, params.seq) === 'next',
    isStaleDelta: ({ context }, params: { seq: number }) => classifyDelta(context.seq, params.seq) === 'stale',
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
      invoke: {
        id: 'depthFeed',
        src: 'depthFeed',
        input: ({ context }) => ({ channel: context.channel }),
        onError: { target: 'failed', description: 'The feed could not join the channel: no book to show.' },
      },
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
            'book.delta': {
              actions: 'countDropped',
              description: 'Dropped: the snapshot is sent first on subscribe, so a delta before it is older than it.',
            },
          },
          after: { snapshotTimeout: { target: 'resyncing', description: 'No snapshot came: ask again.' } },
        },
        live: {
          on: {
            'book.delta': [
              {
                guard: { type: 'isNextDelta', params: ({ event }) => ({ seq: event.message.seq }) },
                actions: { type: 'applyDelta', params: ({ event }) => ({ message: event.message }) },
              },
              {
                guard: { type: 'isStaleDelta', params: ({ event }) => ({ seq: event.message.seq }) },
                actions: 'countDropped',
                description: 'seq ≤ the last applied one: already in the book, dropped.',
              },
              { target: 'resyncing', description: 'A gap in seq: the book can no longer be trusted; ask for a fresh snapshot.' },
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
            'book.delta': { actions: 'countDropped', description: 'Dropped until the fresh snapshot arrives.' },
          },
          after: { snapshotTimeout: { target: 'resyncing', reenter: true, description: 'Still no snapshot: ask again.' } },
        },
        disconnected: {
          on: {
            'connection.restored': {
              target: 'awaitingSnapshot',
              description: 'The socket re-subscribed on reconnect; the server sends a fresh snapshot.',
            },
          },
        },
      },
    },
    failed: {},
  },
});

export type OrderBookActorRef = ActorRefFrom<typeof orderBookMachine>;
