import { defineFeature, page } from '../../app/feature';
import { createMarketChannelActor } from '../../app/actors/marketChannel.actor';
import { createCandleFeedActor } from './actors/candleFeed.actor';
import { createDepthFeedActor } from './actors/depthFeed.actor';
import { createIndexFeedActor } from './actors/indexFeed.actor';
import { createKlineHistoryActor } from './actors/markets.actors';
import { createTradesFeedActor } from './actors/tradesFeed.actor';
import { favouritesMachine } from './machines/favourites/favourites.machine';
import { klineMachine } from './machines/kline/kline.machine';
import { latestTradesMachine } from './machines/latestTrades/latestTrades.machine';
import { orderBookMachine } from './machines/orderBook/orderBook.machine';
import { pairMarketMachine } from './machines/pairMarket/pairMarket.machine';
import { MarketsContext } from './markets.hooks';

/**
 * Home, the markets list and the kline page's live market data (order book, trades, chart), and
 * favourites. The pair market machine also serves /contract (futures feature) on the futures channels.
 */
export const marketsFeature = defineFeature({
  id: 'markets',
  context: MarketsContext,
  routes: {
    site: [
      // From home, the likely next step is a pair's trade page (the hot pairs link there).
      { path: 'home', page: page(() => import('./views/home/HomePage'), 'HomePage'), next: ['/markets/kline/btc_usdt', '/markets'] },
      { path: 'markets', page: page(() => import('./views/markets/MarketsPage'), 'MarketsPage'), next: ['/markets/kline/btc_usdt'] },
      { path: 'markets/kline/:symbol', page: page(() => import('./views/trade/TradePage'), 'TradePage', { kind: 'spot' }) },
    ],
  },
  provide: ({ api, socket, frames, storage, showToast, start }) => ({
    market: start(
      pairMarketMachine.provide({
        actors: {
          orderBook: orderBookMachine.provide({ actors: { depthFeed: createDepthFeedActor(socket, frames) } }),
          latestTrades: latestTradesMachine.provide({ actors: { tradesFeed: createTradesFeedActor(socket, frames) } }),
          kline: klineMachine.provide({ actors: { fetchKlineHistory: createKlineHistoryActor(api), candleFeed: createCandleFeedActor(socket, frames) } }),
          indexFeed: createIndexFeedActor(socket, frames),
          tickFeed: createMarketChannelActor(socket, frames),
        },
        actions: { showToast },
      }),
      { id: 'pairMarket' },
    ),
    favourites: start(favouritesMachine.provide({ actions: { persistFavourites: (_, { pairs }) => storage.write('favourites', pairs) } }), {
      id: 'favourites',
      input: { stored: storage.read('favourites') },
    }),
  }),
});
