import { listCurrencies, listPairs } from '../../kernel/catalogue.js';
import { defineProduct } from '../../kernel/product.js';
import { MarketService } from './marketService.js';
import { ordersOf } from './orderViews.js';
import { spotRoutes } from './routes.js';
import { spotTrading } from './trading.js';

/**
 * Spot trading: one market per pair (its pipeline, books, candles and market makers), the order
 * calls, and the market-data channels (tick, depth, trades, candles) with their snapshots.
 */
export const spot = defineProduct({
  id: 'spot',
  create: async ({ db, config, userFeed, publish, log }) => {
    const markets = new MarketService(db, await listPairs(db), await listCurrencies(db), { publish }, {
      marketMakers: config.marketMakers ?? true,
      volatilityScale: config.volatilityScale,
      makerRetention: {
        ...(config.makerHistoryKeptMinutes !== undefined && { keptMs: config.makerHistoryKeptMinutes * 60_000 }),
        ...(config.makerTradesKeptMinutes !== undefined && { tradesKeptMs: config.makerTradesKeptMinutes * 60_000 }),
      },
      log: log.error,
      userFeed,
    });
    return {
      routes: spotRoutes(spotTrading({ db, markets: { market: (symbol) => markets.market(symbol) } })),
      prepare: () => markets.prepare(),
      start: () => markets.start(),
      stop: () => markets.stop(),
      snapshot: (channel) => markets.snapshot(channel),
      userOrders: ordersOf,
    };
  },
});
