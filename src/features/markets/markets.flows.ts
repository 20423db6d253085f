import type { Services } from '../../app/services';
import { createMarketChannelActor } from '../../app/actors/marketChannel.actor';
import { createCandleFeedActor } from '../../kit/trade/actors/candleFeed.actor';
import { createDepthFeedActor } from '../../kit/trade/actors/depthFeed.actor';
import { createIndexFeedActor } from '../../kit/trade/actors/indexFeed.actor';
import { createKlineHistoryActor } from '../../kit/trade/actors/klineHistory.actor';
import { createTradesFeedActor } from '../../kit/trade/actors/tradesFeed.actor';
import { favouritesMachine } from './machines/favourites/favourites.machine';
import { klineMachine } from '../../kit/trade/machines/kline/kline.machine';
import { latestTradesMachine } from '../../kit/trade/machines/latestTrades/latestTrades.machine';
import { orderBookMachine } from '../../kit/trade/machines/orderBook/orderBook.machine';
import { pairMarketMachine } from '../../kit/trade/machines/pairMarket/pairMarket.machine';

/**
 * The live market of the pair on screen (book, trades, chart, index price) and the favourites,
 * started from the shared services when a page first needs them (defineFeature's `load`): home
 * reads its prices from the app machine's market actors, so none of this is in the code /home loads.
 */
export const provide = ({ api, socket, frames, storage, showToast, start }: Services) => ({
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
});
