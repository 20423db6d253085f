import { assign, fromCallback, setup, type ActorRefFrom, type EventObject, type Subscription } from 'xstate';
import { spotTickChannel } from '../../../../../domain/api';
import type { AppActorRef } from '../../../../app/machines/app/app.machine';
import type { LastPrice } from '../../../../app/machines/lastPrice/lastPrice';
import type { LatestTradesActorRef } from '../latestTrades/latestTrades.machine';
import { samePair, type PairMarketActorRef, type WatchedPair } from '../pairMarket/pairMarket.machine';

export interface PairWatchInput {
  /** The app's one pair market (markets.flows.ts), which owns the channels. */
  market: Pick<PairMarketActorRef, 'send' | 'subscribe' | 'getSnapshot'>;
  /** The app's actor: the spot ticks and the currencies' USDT prices, the last price's fallbacks. */
  app: Pick<AppActorRef, 'subscribe' | 'getSnapshot'>;
  pair: WatchedPair;
}

export interface PairWatchContext extends PairWatchInput {
  /** The page's last price (see `lastPriceOf`); what the stats bar and the book show, and the forms follow. */
  last: LastPrice | undefined;
}

export type PairWatchEvent = { type: 'watch.retry' } | { type: 'watch.last'; last: LastPrice | undefined };

/**
 * The last price of a trade page: the newest trade's, else the 24 h tick's close (the futures
 * market's own on /contract), else, for a spot pair quoted in USDT, the currency's USDT price.
 */
export function lastPriceOf(input: PairWatchInput): LastPrice | undefined {
  const { market, app, pair } = input;
  const watched = market.getSnapshot();
  const trades = samePair(watched.context.pair, pair) ? (watched.children.latestTrades as LatestTradesActorRef | undefined) : undefined;
  const newest = trades?.getSnapshot().context.trades[0];
  if (newest) return { price: newest.price, side: newest.side };
  const { tickers, currencies } = app.getSnapshot().context;
  const tick = pair.futures ? watched.context.futuresTick : tickers[spotTickChannel(pair.left, pair.right)];
  const reference = pair.right === 'USDT' && !pair.futures ? currencies.find((c) => c.symbol === pair.left)?.price : undefined;
  const price = tick?.close ?? reference;
  return price ? { price, side: undefined } : undefined;
}

const sameLast = (a: LastPrice | undefined, b: LastPrice | undefined) => a?.price === b?.price && a?.side === b?.side;

/**
 * A trade page's hold on the pair market, as long as the page is on screen: its `holding` child
 * tells the market to watch the pair when it starts and to leave when it stops — when the page's
 * actor stops (the page unmounts) or on a retry, which leaves and watches again. (XState runs no
 * exit actions when an actor stops; a child's cleanup does run, so the leave lives there.) Its
 * `following` child keeps the page's last price (`last`) from the market's trades and the app's
 * ticks, so neither the page nor a product's form derives it: they read it and follow this actor.
 */
export const pairWatchMachine = setup({
  types: {
    context: {} as PairWatchContext,
    input: {} as PairWatchInput,
    events: {} as PairWatchEvent,
  },
  actors: {
    holding: fromCallback<EventObject, PairWatchInput>(({ input }) => {
      input.market.send({ type: 'market.watch', ...input.pair });
      return () => input.market.send({ type: 'market.leave' });
    }),
    /** Reports `watch.last` when the last price changes: the market's trades child (restarted per pair) and the app's ticks. */
    following: fromCallback<EventObject, PairWatchInput>(({ input, sendBack }) => {
      let told: LastPrice | undefined;
      const tell = () => {
        const last = lastPriceOf(input);
        if (sameLast(last, told)) return;
        told = last;
        sendBack({ type: 'watch.last', last } satisfies PairWatchEvent);
      };
      let trades: { ref: unknown; subscription: Subscription | undefined } = { ref: undefined, subscription: undefined };
      const followTrades = () => {
        const ref = input.market.getSnapshot().children.latestTrades as LatestTradesActorRef | undefined;
        if (ref === trades.ref) return;
        trades.subscription?.unsubscribe();
        trades = { ref, subscription: ref?.subscribe(tell) };
      };
      const subscriptions = [
        input.market.subscribe(() => {
          followTrades();
          tell();
        }),
        input.app.subscribe(tell),
      ];
      followTrades();
      tell();
      return () => [...subscriptions, trades.subscription].forEach((s) => s?.unsubscribe());
    }),
  },
}).createMachine({
  id: 'pairWatch',
  context: ({ input }) => ({ ...input, last: undefined }),
  invoke: { id: 'following', src: 'following', input: ({ context }) => ({ market: context.market, app: context.app, pair: context.pair }) },
  on: {
    'watch.last': { actions: assign({ last: ({ event }) => event.last }) },
  },
  initial: 'holding',
  states: {
    holding: {
      invoke: { id: 'holding', src: 'holding', input: ({ context }) => ({ market: context.market, app: context.app, pair: context.pair }) },
      on: {
        'watch.retry': { target: 'holding', reenter: true, description: 'After a failed feed: leave, then watch the pair again.' },
      },
    },
  },
});

export type PairWatchActorRef = ActorRefFrom<typeof pairWatchMachine>;
