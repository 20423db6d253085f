import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { futureIndexChannel, futureTickChannel, type MarketTick } from '../../../../../domain/api';
import type { KlineInterval } from '../../../../../domain/constants';
import type { ToastMessage } from '../../../../../domain/errors';
import { futureDepthChannel, futureTradeChannel } from '../../../../../domain/futures/api';
import { depthChannel, tradeChannel } from '../../../../../domain/market';
import { secondsIndexChannel } from '../../../../../domain/seconds';
import { klineMachine } from '../kline/kline.machine';
import { latestTradesMachine } from '../latestTrades/latestTrades.machine';
import { orderBookMachine } from '../orderBook/orderBook.machine';

export interface WatchedPair {
  left: string;
  right: string;
  /** Contract enabled: the pair has an index price channel. */
  contract: boolean;
  /** Which market's book, trades and candles: the spot market (default) or the pair's futures market (/contract). */
  futures?: boolean;
  /**
   * The seconds-contract page: its index is the seconds index contracts buy and settle at
   * (`{pair}_sec_index_tick`), not the futures index (issue 50 S2).
   */
  seconds?: boolean;
}

export interface PairMarketContext {
  pair: WatchedPair | undefined;
  /** Kept across pairs: a trader who reads 15-minute candles wants them on the next pair too. */
  interval: KlineInterval;
  /** Latest index close: `{pair}_future_index_tick`, or `{pair}_sec_index_tick` on the seconds page. */
  indexPrice: string | undefined;
  /** Latest mark price from the same tick (futures product; absent before the first mark). */
  markPrice: string | undefined;
  /** The futures market's 24 h tick (`{pair}_future_tick`), watched with `futures` only (the app watches spot ticks). */
  futuresTick: MarketTick | undefined;
}

export type PairMarketEvent =
  | ({ type: 'market.watch' } & WatchedPair)
  | { type: 'market.leave' }
  | { type: 'market.setInterval'; interval: KlineInterval }
  | { type: 'market.indexTick'; close: string; mark?: string }
  | { type: 'market.tick'; tick: MarketTick };

/** Whether the market watches this pair (on the same market: spot or futures). */
export const samePair = (a: WatchedPair | undefined, b: WatchedPair) =>
  a !== undefined && a.left === b.left && a.right === b.right && a.contract === b.contract && (a.futures ?? false) === (b.futures ?? false) && (a.seconds ?? false) === (b.seconds ?? false);

/**
 * The live market of the pair on screen (the trade pages): while watching, it runs one order
 * book, one latest-trades and one candle machine for the pair (on the spot channels, or the futures
 * market's with `futures`), and listens to the index and mark price of contract pairs. Switching pairs restarts them all; leaving the page stops them, which leaves
 * their channels.
 */
export const pairMarketMachine = setup({
  types: {
    context: {} as PairMarketContext,
    events: {} as PairMarketEvent,
  },
  actors: {
    orderBook: orderBookMachine,
    latestTrades: latestTradesMachine,
    kline: klineMachine,
    /** Reports market.indexTick. */
    indexFeed: fromCallback<EventObject, { channel: string }>(() => () => undefined),
    /** Reports market.tick (the app's tick channel actor). */
    tickFeed: fromCallback<EventObject, { channel: string }>(() => () => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'error'; message: ToastMessage }) => undefined,
    setPair: assign((_, params: WatchedPair) => ({
      pair: { left: params.left, right: params.right, contract: params.contract, futures: params.futures ?? false, seconds: params.seconds ?? false },
      indexPrice: undefined,
      markPrice: undefined,
      futuresTick: undefined,
    })),
    forwardInterval: sendTo('kline', (_, params: { interval: KlineInterval }) => ({ type: 'kline.setInterval' as const, interval: params.interval })),
  },
  guards: {
    isSamePair: ({ context }, params: WatchedPair) => samePair(context.pair, params),
    isContractPair: ({ context }) => context.pair?.contract === true || context.pair?.seconds === true,
    isFuturesMarket: ({ context }) => context.pair?.futures === true,
  },
}).createMachine({
  id: 'pairMarket',
  context: { pair: undefined, interval: '1min', indexPrice: undefined, markPrice: undefined, futuresTick: undefined },
  initial: 'idle',
  on: {
    'market.setInterval': { actions: assign({ interval: ({ event }) => event.interval }) },
  },
  states: {
    idle: {
      on: {
        'market.watch': { target: 'watching', actions: { type: 'setPair', params: ({ event }) => event } },
      },
    },
    watching: {
      invoke: [
        {
          id: 'orderBook',
          src: 'orderBook',
          input: ({ context }) => ({ channel: (context.pair!.futures ? futureDepthChannel : depthChannel)(context.pair!.left, context.pair!.right) }),
          onError: '#pairMarket.failed',
        },
        {
          id: 'latestTrades',
          src: 'latestTrades',
          input: ({ context }) => ({ channel: (context.pair!.futures ? futureTradeChannel : tradeChannel)(context.pair!.left, context.pair!.right) }),
          onError: '#pairMarket.failed',
        },
        {
          id: 'kline',
          src: 'kline',
          input: ({ context }) => ({ left: context.pair!.left, right: context.pair!.right, interval: context.interval, futures: context.pair!.futures }),
          onError: '#pairMarket.failed',
        },
      ],
      on: {
        'market.watch': [
          { guard: { type: 'isSamePair', params: ({ event }) => event }, description: 'Already watching this pair.' },
          {
            target: 'watching',
            reenter: true,
            actions: { type: 'setPair', params: ({ event }) => event },
            description: 'Another pair: restart every child on its channels.',
          },
        ],
        'market.leave': { target: 'idle', description: 'Off the trade page: the children stop and leave their channels.' },
        'market.setInterval': {
          actions: [assign({ interval: ({ event }) => event.interval }), { type: 'forwardInterval', params: ({ event }) => ({ interval: event.interval }) }],
        },
      },
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'isContractPair', target: 'withIndex', description: 'Contract pairs have an index price channel; the seconds page its seconds index.' },
            { target: 'spotOnly' },
          ],
        },
        withIndex: {
          invoke: {
            id: 'indexFeed',
            src: 'indexFeed',
            input: ({ context }) => ({ channel: (context.pair!.seconds ? secondsIndexChannel : futureIndexChannel)(context.pair!.left, context.pair!.right) }),
            onError: { target: 'spotOnly', description: 'No index price then; the rest of the market goes on.' },
          },
          on: {
            'market.indexTick': { actions: assign({ indexPrice: ({ event }) => event.close, markPrice: ({ event, context }) => event.mark ?? context.markPrice }) },
            'market.tick': { actions: assign({ futuresTick: ({ event }) => event.tick }) },
          },
          initial: 'routing',
          states: {
            routing: {
              always: [{ guard: 'isFuturesMarket', target: 'withTick', description: 'The futures market: its own 24 h tick too.' }, { target: 'indexOnly' }],
            },
            withTick: {
              invoke: { id: 'tickFeed', src: 'tickFeed', input: ({ context }) => ({ channel: futureTickChannel(context.pair!.left, context.pair!.right) }), onError: 'indexOnly' },
            },
            indexOnly: {},
          },
        },
        spotOnly: {},
      },
    },
    failed: {
      entry: { type: 'showToast', params: { tone: 'error', message: { key: 'error.system' } } },
      on: {
        'market.watch': { target: 'watching', actions: { type: 'setPair', params: ({ event }) => event } },
        'market.leave': 'idle',
      },
    },
  },
});

export type PairMarketActorRef = ActorRefFrom<typeof pairMarketMachine>;
