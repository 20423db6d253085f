import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { changeBalance } from '../../../server/kernel/ledger/ledger.js';
import { listPairs } from '../../../server/kernel/catalogue.js';
import { openSession } from '../../../server/kernel/auth/sessions.js';
import { spotTrading } from '../../../server/products/spot/trading.js';
import { spotStops } from '../../../server/products/spot/stops.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { buildApp } from '../buildApp.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { openTestDatabase } from '../testDb.js';

/**
 * The HTTP app with user spot trading, stop and OCO orders included, over real SpotMarkets (one per
 * tradable seeded pair, no market makers, no sockets): `const t = useSpotApp();` then `t.app`, `t.db`, `t.markets`.
 */
export function useSpotApp(): { readonly app: FastifyInstance; readonly db: Database; readonly markets: Map<string, SpotMarket> } {
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  const markets = new Map<string, SpotMarket>();
  beforeAll(async () => {
    db = await openTestDatabase();
    for (const p of await listPairs(db)) {
      if (p.trade_status !== 1) continue;
      const market = new SpotMarket(pairSpec(p), db, createEngine(), { publish: () => undefined });
      await market.restore();
      markets.set(market.spec.symbol, market);
    }
    // Stop-limit and OCO orders over the same markets, as the spot product wires them.
    const stops = spotStops({ db, local: (s) => markets.get(s), log: (e) => console.error(e) });
    for (const m of markets.values()) await stops.watch(m);
    app = await buildApp({
      db,
      rates: databaseFiatRates(db),
      spot: spotTrading({ db: db!, stops, markets: { market: (s) => markets.get(s), holding: (id) => [...markets.values()].find((m) => m.restingOwner(id) !== undefined) }, pairStatusMs: 0 }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await Promise.all([...markets.values()].map((m) => m.idle()));
    await app?.close();
    await db?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('useSpotApp: app used outside a test');
      return app;
    },
    get db() {
      if (!db) throw new Error('useSpotApp: db used outside a test');
      return db;
    },
    markets,
  };
}

export interface Trader {
  id: number;
  token: string;
  /** Request headers with the trader's token (and a language, if given). */
  headers(extra?: Record<string, string>): Record<string, string>;
}

let accounts = 0;

/** A signed-in user (kind 'user') with the given spot deposits. */
export async function trader(db: Database, funds: Record<string, string>, kind: 'user' | 'market_maker' = 'user'): Promise<Trader> {
  const [row] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, $2) returning id`, [`trader${++accounts}-${Date.now()}@example.org`, kind]);
  const id = Number(row!.id);
  for (const [currency, amount] of Object.entries(funds)) {
    await db.transaction((tx) => changeBalance(tx, { userId: id, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  }
  const token = await openSession(db, id);
  return { id, token, headers: (extra = {}) => ({ token, ...extra }) };
}
