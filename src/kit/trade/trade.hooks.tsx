import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { KlineInterval } from '../../../domain/constants';
import { useActorFlow } from '../../app/views/actorFlow';
import { ShellContext } from '../../app/views/hooks';
import type { KlineActorRef } from './machines/kline/kline.machine';
import * as klineSel from './machines/kline/kline.selectors';
import type { LatestTradesActorRef } from './machines/latestTrades/latestTrades.machine';
import * as tradesSel from './machines/latestTrades/latestTrades.selectors';
import type { OrderBookActorRef } from './machines/orderBook/orderBook.machine';
import { bookRows, bookSpreadText, type BookRows } from './machines/orderBook/bookRows';
import type { BookSides } from './machines/orderBook/levels';
import * as bookSel from './machines/orderBook/orderBook.selectors';
import type { WatchedPair } from './machines/pairMarket/pairMarket.machine';
import * as market from './machines/pairMarket/pairMarket.selectors';
import { pairWatchMachine } from './machines/pairWatch/pairWatch.machine';
import { TradeContext } from './trade.context';

const useMarkets = TradeContext.use;

/** The live market of the pair on screen: which children run, the interval and the index price. */
export function usePairMarket() {
  return useActorFlow(
    useMarkets().market,
    {
      watched: market.selectWatched,
      failed: market.selectMarketFailed,
      interval: market.selectMarketInterval,
      indexPrice: market.selectIndexPrice,
      markPrice: market.selectMarkPrice,
      futuresTick: market.selectFuturesTick,
      bookRef: market.selectBookRef,
      tradesRef: market.selectTradesRef,
      klineRef: market.selectKlineRef,
    },
    {
      watch: (pair: WatchedPair) => ({ type: 'market.watch', ...pair }),
      leave: () => ({ type: 'market.leave' }),
      setInterval: (interval: KlineInterval) => ({ type: 'market.setInterval', interval }),
    },
  );
}

/**
 * Holds the pair market on `pair` while the calling page is on screen (the page's `pairWatch`
 * actor: watch when it starts, leave when it stops), and the page's last price, which that actor
 * keeps: `last` to show, `ref` for a product's form to follow, `retry` after a failed feed. The
 * caller keys itself by pair, so another pair is another actor.
 */
export function usePairWatch(pair: WatchedPair) {
  const { market } = useMarkets();
  const { app } = ShellContext.use();
  const ref = useActorRef(pairWatchMachine, { input: { market, app, pair } });
  return { ref, ...useActorFlow(ref, { last: (s) => s.context.last }, { retry: () => ({ type: 'watch.retry' }) }) };
}

/** The book's state and price grouping, and the trader's grouping choice (undefined: the pair's tick). */
export function useOrderBook(ref: OrderBookActorRef) {
  return useActorFlow(ref, { status: bookSel.selectBookStatus, grouping: bookSel.selectGrouping }, { group: (places: number | undefined) => ({ type: 'book.group', places }) });
}

/**
 * Hands the book panel's rows to `draw` (the panel's row writers) whenever the book or its grouping
 * changes: at once, then from the machine's snapshots as they come, without a React render. The
 * rows follow up to 60 frames a second, and React's render, commit and effect scheduling for them
 * were as long again as writing them (issue 12: render+commit p99 ≤ 8 ms at 4× CPU). The rows are
 * still computed from the machine's snapshot alone; `draw` must be stable. A new `language` draws
 * the rows again at once, their figures in its number style (domain/localeFormat.ts).
 */
export function useBookRowsFeed(ref: OrderBookActorRef, depth: number, pricePlaces: number, amountPlaces: number, draw: (rows: BookRows) => void, language: string) {
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
  }, [ref, depth, pricePlaces, amountPlaces, draw, language]);
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
  return useActorFlow(ref, { status: tradesSel.selectTradesStatus, trades: tradesSel.selectTrades }, {});
}

export function useKline(ref: KlineActorRef) {
  return useActorFlow(
    ref,
    {
      status: klineSel.selectKlineStatus,
      interval: klineSel.selectInterval,
      loadId: klineSel.selectLoadId,
      bars: klineSel.selectBars,
      more: klineSel.selectMore,
      liveBar: klineSel.selectLiveBar,
      olderPage: klineSel.selectOlderPage,
      error: klineSel.selectKlineError,
    },
    { loadOlder: () => ({ type: 'kline.loadOlder' }), retry: () => ({ type: 'kline.retry' }) },
  );
}
