import { defineFeature } from '../../app/feature';
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
import { HomePage } from './views/home/HomePage';
import { MarketsPage } from './views/markets/MarketsPage';
import { TradePage } from './views/trade/TradePage';

/** Home, the markets list and the kline page's live market data (order book, trades, chart), and favourites. */
export const marketsFeature = defineFeature({
  id: 'markets',
  context: MarketsContext,
  routes: {
    site: [
      { path: 'home', element: <HomePage /> },
      { path: 'markets', element: <MarketsPage /> },
      { path: 'markets/kline/:symbol', element: <TradePage kind="spot" /> },
      { path: 'contract/:symbol', element: <TradePage kind="contract" /> },
      { path: 'contract_sec/:symbol', element: <TradePage kind="seconds" /> },
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
