import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import { listPairs } from '../../../server/kernel/platform/catalogue.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { spotStops, type SpotStops } from '../../../server/products/spot/stops.js';
import { spotTrading } from '../../../server/products/spot/trading.js';
import { buildApp } from '../buildApp.js';
import { expectOk, post, type Answer } from '../http.js';
import { openTestDatabase } from '../testDb.js';
import { trader } from './spotApp.js';

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

/** The stop tests' world: a database, a stops process over it (restartable), and the calls they share. */
export interface StopsWorld {
  readonly db: Database;
  /** The running process (a new one after `restart`). */
  readonly s: StopsProcess;
  /** Balance pushes the stops asked for, after their commits. */
  pushed: BalancePushes;
  /** Stops the process and starts another on the same database: a restart. */
  restart(): Promise<void>;
  limit(headers: Record<string, string>, side: 'buy' | 'sell', price: string, quantity: string): Promise<Answer<SpotOrder>>;
  stop(headers: Record<string, string>, body: object): Promise<Answer<SpotStop>>;
  stopsOf(headers: Record<string, string>): Promise<SpotStop[]>;
  openOrders(headers: Record<string, string>): Promise<SpotOrder[]>;
  /** Waits until the markets and the stops have done all they were asked. */
  settle(): Promise<void>;
  /** Cancels every open ETH_USDT order, so that earlier tests' orders do not take part in a trade. */
  clearBook(): Promise<void>;
  /** A trade at `price` between two fresh makers: the pair's last price becomes `price`. */
  tradeAt(price: string, clear?: boolean): Promise<void>;
}

/** Registers the world's beforeAll/afterAll on ETH_USDT; use its members inside tests only. */
export function useStopsWorld(): StopsWorld {
  let db: Database | undefined;
  let s: StopsProcess | undefined;
  const pushed: BalancePushes = [];
  beforeAll(async () => {
    db = await openTestDatabase();
    s = await startStopsProcess(db, pushed);
  });
  afterAll(async () => {
    if (s) await stopStopsProcess(s);
    await db?.close();
  });
  const world: StopsWorld = {
    get db() {
      if (!db) throw new Error('useStopsWorld: used outside a test');
      return db;
    },
    get s() {
      if (!s) throw new Error('useStopsWorld: used outside a test');
      return s;
    },
    pushed,
    async restart() {
      await stopStopsProcess(world.s);
      s = await startStopsProcess(world.db, pushed);
    },
    limit: (headers, side, price, quantity) => post<SpotOrder>(world.s.app, SPOT_PATHS.place, { symbol: 'ETH_USDT', side, type: 'limit', price, quantity }, headers),
    stop: (headers, body) => post<SpotStop>(world.s.app, SPOT_PATHS.stopPlace, { symbol: 'ETH_USDT', ...body }, headers),
    stopsOf: async (headers) => expectOk(await post<Page<SpotStop>>(world.s.app, SPOT_PATHS.stopsCurrent, { page: 1 }, headers)).list,
    openOrders: async (headers) => expectOk(await post<Page<SpotOrder>>(world.s.app, SPOT_PATHS.current, { page: 1 }, headers)).list,
    async settle() {
      await Promise.all([...world.s.markets.values()].map((m) => m.idle()));
      await world.s.stops.idle();
      await Promise.all([...world.s.markets.values()].map((m) => m.idle()));
    },
    async clearBook() {
      await world.settle();
      const open = await world.db.query<{ id: string; user_id: string }>(`select id, user_id from spot_order where left_symbol = 'ETH' and right_symbol = 'USDT' and status in (1, 2)`);
      const market = world.s.markets.get('ETH_USDT')!;
      for (const o of open) await market.cancel(Number(o.user_id), Number(o.id));
      await world.settle();
    },
    async tradeAt(price, clear = false) {
      if (clear) await world.clearBook();
      const a = await trader(world.db, { ETH: '1' });
      const b = await trader(world.db, { USDT: '100000' });
      expectOk(await world.limit(a.headers(), 'sell', price, '0.01'));
      expectOk(await world.limit(b.headers(), 'buy', price, '0.01'));
      await world.settle();
    },
  };
  return world;
}
