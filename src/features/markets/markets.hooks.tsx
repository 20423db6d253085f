import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { KlineInterval } from '../../../domain/constants';
import { MarketsContext } from './markets.context';
import type { FavouritesActorRef } from './machines/favourites/favourites.machine';
import type { KlineActorRef } from './machines/kline/kline.machine';
import * as klineSel from './machines/kline/kline.selectors';
import type { LatestTradesActorRef } from './machines/latestTrades/latestTrades.machine';
import * as tradesSel from './machines/latestTrades/latestTrades.selectors';
import type { OrderBookActorRef } from './machines/orderBook/orderBook.machine';
import { bookRows, bookSpreadText, type BookRows } from './machines/orderBook/bookRows';
import type { BookSides } from './machines/orderBook/levels';
import * as bookSel from './machines/orderBook/orderBook.selectors';
import type { PairMarketActorRef, WatchedPair } from './machines/pairMarket/pairMarket.machine';
import * as market from './machines/pairMarket/pairMarket.selectors';
import { pairWatchMachine } from './machines/pairWatch/pairWatch.machine';

/** The live-market actors markets.flows.ts starts: the market of the pair on screen, and the trader's favourites. */
export interface MarketsFlows {
  market: PairMarketActorRef;
  favourites: FavouritesActorRef;
}

const useMarkets = MarketsContext.use;

/** The live market of the pair on screen: which children run, the interval and the index price. */
export function usePairMarket() {
  const { market: actor } = useMarkets();
  const state = {
    watched: useSelector(actor, market.selectWatched),
    failed: useSelector(actor, market.selectMarketFailed),
    interval: useSelector(actor, market.selectMarketInterval),
    indexPrice: useSelector(actor, market.selectIndexPrice),
    markPrice: useSelector(actor, market.selectMarkPrice),
    futuresTick: useSelector(actor, market.selectFuturesTick),
    bookRef: useSelector(actor, market.selectBookRef),
    tradesRef: useSelector(actor, market.selectTradesRef),
    klineRef: useSelector(actor, market.selectKlineRef),
  };
  const send = useMemo(
    () => ({
      watch: (pair: WatchedPair) => actor.send({ type: 'market.watch', ...pair }),
      leave: () => actor.send({ type: 'market.leave' }),
      setInterval: (interval: KlineInterval) => actor.send({ type: 'market.setInterval', interval }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/**
 * Holds the pair market on `pair` while the calling page is on screen (the page's `pairWatch`
 * actor: watch when it starts, leave when it stops); returns the retry after a failed feed. The
 * caller keys itself by pair, so another pair is another actor.
 */
export function usePairWatch(pair: WatchedPair): () => void {
  const { market: actor } = useMarkets();
  const watch = useActorRef(pairWatchMachine, { input: { market: actor, pair } });
  return useCallback(() => watch.send({ type: 'watch.retry' }), [watch]);
}

/** The book's state and price grouping, and the trader's grouping choice (undefined: the pair's tick). */
export function useOrderBook(ref: OrderBookActorRef) {
  const status = useSelector(ref, bookSel.selectBookStatus);
  const grouping = useSelector(ref, bookSel.selectGrouping);
  const group = useCallback((places: number | undefined) => ref.send({ type: 'book.group', places }), [ref]);
  return { status, grouping, group };
}

/**
 * Hands the book panel's rows to `draw` (the panel's row writers) whenever the book or its grouping
 * changes: at once, then from the machine's snapshots as they come, without a React render. The
 * rows follow up to 60 frames a second, and React's render, commit and effect scheduling for them
 * were as long again as writing them (issue 12: render+commit p99 ≤ 8 ms at 4× CPU). The rows are
 * still computed from the machine's snapshot alone; `draw` must be stable.
 */
export function useBookRowsFeed(ref: OrderBookActorRef, depth: number, pricePlaces: number, amountPlaces: number, draw: (rows: BookRows) => void) {
  // effect: draws the book's rows straight into the DOM as the actor changes (render cost, issue 12).
  useLayoutEffect(() => {
    let drawnBook: BookSides | undefined;
    let drawnGrouping: number | undefined;
    const follow = (snapshot: SnapshotFrom<OrderBookActorRef>) => {
      const { book, grouping } = snapshot.context;
      if (book === drawnBook && grouping === drawnGrouping) return;
      drawnBook = book;
      drawnGrouping = grouping;
      draw(bookRows(book, depth, grouping, { pricePlaces, amountPlaces }));
    };
    follow(ref.getSnapshot());
    const subscription = ref.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [ref, depth, pricePlaces, amountPlaces, draw]);
}

/** The book's middle line: the spread (rarely changes, so rarely renders) and whether the book is empty. */
export function useBookMiddle(ref: OrderBookActorRef, pricePlaces: number) {
  const spreadText = useSelector(ref, useCallback((s: SnapshotFrom<OrderBookActorRef>) => bookSpreadText(s.context.book, pricePlaces), [pricePlaces]));
  const empty = useSelector(ref, bookSel.selectBookEmpty);
  return { spreadText, empty };
}

/** The depth chart's cumulative sides, recomputed when the book changes. */
export function useDepthChart(ref: OrderBookActorRef) {
  const book = useSelector(ref, bookSel.selectBook);
  return useMemo(() => bookSel.depthChartView(book), [book]);
}

export function useLatestTrades(ref: LatestTradesActorRef) {
  return {
    status: useSelector(ref, tradesSel.selectTradesStatus),
    trades: useSelector(ref, tradesSel.selectTrades),
  };
}

export function useKline(ref: KlineActorRef) {
  const state = {
    status: useSelector(ref, klineSel.selectKlineStatus),
    interval: useSelector(ref, klineSel.selectInterval),
    loadId: useSelector(ref, klineSel.selectLoadId),
    bars: useSelector(ref, klineSel.selectBars),
    more: useSelector(ref, klineSel.selectMore),
    liveBar: useSelector(ref, klineSel.selectLiveBar),
    olderPage: useSelector(ref, klineSel.selectOlderPage),
    error: useSelector(ref, klineSel.selectKlineError),
  };
  const send = useMemo(
    () => ({
      loadOlder: () => ref.send({ type: 'kline.loadOlder' }),
      retry: () => ref.send({ type: 'kline.retry' }),
    }),
    [ref],
  );
  return { ...state, ...send };
}

/** The trader's starred pairs, in their order. */
export function useFavourites() {
  const { favourites: actor } = useMarkets();
  const pairs = useSelector(actor, (s) => s.context.pairs);
  const send = useMemo(
    () => ({
      toggle: (pair: string) => actor.send({ type: 'favourites.toggle', pair }),
      move: (pair: string, over: string) => actor.send({ type: 'favourites.move', pair, over }),
    }),
    [actor],
  );
  return { pairs, ...send };
}
