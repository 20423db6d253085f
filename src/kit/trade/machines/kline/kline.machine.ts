import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { messageForError } from '../../../../../domain/errors';
import { futureKlineChannel } from '../../../../../domain/futures/api';
import { klineChannel, type KlineBar } from '../../../../../domain/market';
import type { KlineContext, KlineEvent, KlineHistory, KlineHistoryRequest, KlineInput } from './kline.types';

/** After a failed load, try again on our own this much later (a restarting server comes back). */
export const KLINE_RETRY_MS = 5000;

const pairOf = (context: KlineContext) => `${context.left}_${context.right}`.toLowerCase();

/**
 * One pair's candles for the chart: the history from GET /api/market/kline (paged back with
 * `to`), and the candle in progress from `{pair}_kline_{interval}`. Changing the interval, or a
 * reconnect (candles may have closed while offline), reloads the history from scratch.
 */
export const klineMachine = setup({
  types: {
    context: {} as KlineContext,
    events: {} as KlineEvent,
    input: {} as KlineInput,
  },
  actors: {
    fetchKlineHistory: toBeProvided<KlineHistory, KlineHistoryRequest>('fetchKlineHistory'),
    /** Reports kline.bar and connection.* events. */
    candleFeed: fromCallback<EventObject, { channel: string; interval: KlineInput['interval'] }>(() => () => undefined),
  },
  actions: {
    resetHistory: assign(({ context }) => ({
      loadId: context.loadId + 1,
      bars: [],
      more: false,
      liveBar: undefined,
      olderPage: undefined,
      error: undefined,
      offline: false,
    })),
    setHistory: assign((_, params: { history: KlineHistory }) => ({ bars: params.history.bars, more: params.history.more })),
    prependOlder: assign(({ context }, params: { history: KlineHistory }) => {
      const oldest = context.bars[0]?.time ?? Number.POSITIVE_INFINITY;
      const older = params.history.bars.filter((b) => b.time < oldest);
      return {
        bars: [...older, ...context.bars],
        more: params.history.more && older.length > 0,
        olderPage: { seq: (context.olderPage?.seq ?? 0) + 1, bars: older, more: params.history.more && older.length > 0, failed: false },
      };
    }),
    markOlderFailed: assign(({ context }) => ({
      olderPage: { seq: (context.olderPage?.seq ?? 0) + 1, bars: [], more: context.more, failed: true },
    })),
    setLiveBar: assign((_, params: { bar: KlineBar }) => ({ liveBar: params.bar })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageForError(params.error) })),
  },
  guards: {
    isOtherInterval: ({ context }, params: { interval: string }) => params.interval !== context.interval,
    isCurrentInterval: ({ context }, params: { interval: string }) => params.interval === context.interval,
    hasMore: ({ context }) => context.more && context.bars.length > 0,
    wasOffline: ({ context }) => context.offline,
  },
  delays: {
    klineRetry: KLINE_RETRY_MS,
  },
}).createMachine({
  id: 'kline',
  context: ({ input }) => ({
    left: input.left,
    right: input.right,
    futures: input.futures ?? false,
    interval: input.interval,
    bars: [],
    more: false,
    liveBar: undefined,
    loadId: 0,
    olderPage: undefined,
    error: undefined,
    offline: false,
  }),
  initial: 'active',
  on: {
    'kline.setInterval': {
      guard: { type: 'isOtherInterval', params: ({ event }) => ({ interval: event.interval }) },
      target: '.active',
      reenter: true,
      actions: assign({ interval: ({ event }) => event.interval }),
      description: 'Another interval: another channel and another history.',
    },
  },
  states: {
    active: {
      entry: 'resetHistory',
      invoke: {
        id: 'candleFeed',
        src: 'candleFeed',
        input: ({ context }) => ({ channel: (context.futures ? futureKlineChannel : klineChannel)(context.left, context.right, context.interval), interval: context.interval }),
        onError: { target: '#kline.failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'kline.bar': {
          guard: { type: 'isCurrentInterval', params: ({ event }) => ({ interval: event.interval }) },
          actions: { type: 'setLiveBar', params: ({ event }) => ({ bar: event.bar }) },
        },
        'connection.lost': { actions: assign({ offline: true }) },
        'connection.restored': {
          guard: 'wasOffline',
          target: '#kline.active',
          reenter: true,
          description: 'Candles may have closed while offline: load the history again (not on the first connect).',
        },
      },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchKlineHistory',
            src: 'fetchKlineHistory',
            input: ({ context }) => ({ pair: pairOf(context), interval: context.interval, ...(context.futures ? { futures: true } : {}) }),
            onDone: { target: 'ready', actions: { type: 'setHistory', params: ({ event }) => ({ history: event.output }) } },
            onError: { target: '#kline.failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: {
            'kline.loadOlder': [
              { guard: 'hasMore', target: 'loadingOlder' },
              { description: 'Nothing older on the server: the chart is told so by the last page.' },
            ],
          },
        },
        loadingOlder: {
          invoke: {
            id: 'fetchKlineHistory',
            src: 'fetchKlineHistory',
            input: ({ context }) => ({ pair: pairOf(context), interval: context.interval, ...(context.futures ? { futures: true } : {}), to: context.bars[0]!.time }),
            onDone: { target: 'ready', actions: { type: 'prependOlder', params: ({ event }) => ({ history: event.output }) } },
            onError: {
              target: 'ready',
              actions: 'markOlderFailed',
              description: 'The chart keeps what it has and asks again on the next scroll.',
            },
          },
        },
      },
    },
    failed: {
      on: { 'kline.retry': 'active' },
      after: { klineRetry: 'active' },
    },
  },
});

export type KlineActorRef = ActorRefFrom<typeof klineMachine>;
