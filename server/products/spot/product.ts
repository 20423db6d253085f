import { listCurrencies, listPairs, type PairOpenings } from '../../kernel/catalogue.js';
import type { Queryable } from '../../kernel/db/database.js';
import { defineProduct } from '../../kernel/product.js';
import { MarketService } from './marketService.js';
import { spotRoutes } from './routes.js';
import { spotTrading } from './trading.js';

/**
 * Spot trading: one market per pair (its pipeline, books, candles and market makers), the order
 * calls, and the market-data channels (tick, depth, trades, candles) with their snapshots.
 */
export const spot = defineProduct({
  id: 'spot',
  create: async ({ db, config, userFeed, publish, log, pairs }) => {
    const markets = new MarketService(db, await listPairs(db), await listCurrencies(db), { publish }, {
      unsimulated: await unsimulatedPairs(db),
      marketMakers: config.marketMakers ?? true,
      volatilityScale: config.volatilityScale,
      makerRetention: {
        ...(config.makerHistoryKeptMinutes !== undefined && { keptMs: config.makerHistoryKeptMinutes * 60_000 }),
        ...(config.makerTradesKeptMinutes !== undefined && { tradesKeptMs: config.makerTradesKeptMinutes * 60_000 }),
      },
      log: log.error,
      userFeed,
    });
    openAnnouncedPairs(pairs, db, markets);
    return {
      routes: spotRoutes(spotTrading({ db, markets: { market: (symbol) => markets.market(symbol), holding: (orderId) => markets.holding(orderId) } })),
      prepare: () => markets.prepare(),
      start: () => markets.start(),
      stop: () => markets.stop(),
      snapshot: (channel) => markets.snapshot(channel),
    };
  },
});

/** A pair listed while running (an ICO token at its settlement) opens its market without a restart, read from its committed `pair` row. */
export function openAnnouncedPairs(pairs: PairOpenings, db: Queryable, markets: MarketService): void {
  pairs.onOpened(async ({ left, right }) => {
    const [pair] = (await listPairs(db)).filter((p) => p.left_symbol === left && p.right_symbol === right);
    if (pair) await markets.open(pair);
  });
}

/** Pairs the demo's market makers leave alone (migration 015: `pair.simulated`). */
export async function unsimulatedPairs(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ symbol: string }>(`select left_symbol || '_' || right_symbol as symbol from pair where not simulated`);
  return new Set(rows.map((r) => r.symbol));
}
