import type { FastifyInstance } from 'fastify';
import { listPairs } from '../../../server/kernel/catalogue.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { spotStops, type SpotStops } from '../../../server/products/spot/stops.js';
import { spotTrading } from '../../../server/products/spot/trading.js';
import { buildApp } from '../buildApp.js';

export interface StopsProcess {
  app: FastifyInstance;
  markets: Map<string, SpotMarket>;
  stops: SpotStops;
}

/** Balance pushes the stops asked for, after their commits: who and which currencies. */
export type BalancePushes = Array<{ userId: number; currencies: string[] }>;

/**
 * A "process" of the stop tests: markets restored from the database, stops watching them, the HTTP
 * app over both; `pushed` collects the balance pushes. Stopped and started again, it is a restart.
 */
export async function startStopsProcess(db: Database, pushed: BalancePushes = []): Promise<StopsProcess> {
  const markets = new Map<string, SpotMarket>();
  for (const p of await listPairs(db)) {
    if (p.trade_status !== 1) continue;
    const market = new SpotMarket(pairSpec(p), db, createEngine(), { publish: () => undefined });
    await market.restore();
    markets.set(market.spec.symbol, market);
  }
  const userFeed = { balancesChanged: (userId: number, rows: ReadonlyArray<{ currency: string }>) => void pushed.push({ userId, currencies: rows.map((r) => r.currency) }), ordersCommitted: () => undefined };
  const stops = spotStops({ db, userFeed, local: (s) => markets.get(s), log: (e) => console.error(e) });
  for (const m of markets.values()) await stops.watch(m);
  const trading = spotTrading({ db, stops, pairStatusMs: 0, markets: { market: (s) => markets.get(s), holding: (id) => [...markets.values()].find((m) => m.restingOwner(id) !== undefined) } });
  const app = await buildApp({ db, rates: databaseFiatRates(db), spot: trading });
  await app.ready();
  return { app, markets, stops };
}

export async function stopStopsProcess(s: StopsProcess): Promise<void> {
  await Promise.all([...s.markets.values()].map((m) => m.idle()));
  await s.stops.idle();
  await s.app.close();
}
