import { defineFeature, page, shellPage } from '../../app/feature';
// The kit's slot is the product's context (markets.context.ts widens it for the product's own hooks).
import { TradeContext } from '../../kit/trade/trade.context';

/**
 * Home, the markets list, the trade pages' shared layout and live market data (order book, trades,
 * chart), and favourites. Each trading product's page is its own (spot's /markets/kline, futures'
 * /contract on the futures channels, seconds' /contract_sec) and fetches these flows with its chunk.
 */
export const marketsFeature = defineFeature({
  id: 'markets',
  context: TradeContext,
  routes: {
    site: [
      // Home's texts are all in the shell catalogue, so it waits for nothing beyond its chunk.
      // From home, the likely next step is a pair's trade page (the hot pairs link there).
      { path: 'home', page: shellPage(() => import('./views/home/HomePage'), 'HomePage'), next: ['/markets/kline/btc_usdt', '/markets'] },
      { path: 'markets', page: page(() => import('./views/markets/MarketsPage'), 'MarketsPage'), next: ['/markets/kline/btc_usdt'], menu: { labelKey: 'nav.markets', place: 2 } },
    ],
  },
  // The pair market and favourites load with the product's first page (markets.flows.ts); the
  // seconds and futures trade pages, which read the pair market too, fetch them with their chunks.
  load: () => import('./markets.flows'),
});
