import type { FastifyInstance } from 'fastify';
import { listPairs } from '../../../server/kernel/platform/catalogue.js';
import { spotTrading } from '../../../server/products/spot/trading.js';
import { spotStops } from '../../../server/products/spot/stops.js';
import type { Database, Queryable } from '../../../server/kernel/platform/db/database.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { testAppRoutes } from '../buildApp.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { productTestbed } from '../support/productTestbed.js';
import { createTestUser } from '../support/users.js';

/**
 * The HTTP app with user spot trading, stop and OCO orders included, over real SpotMarkets (one per
 * tradable seeded pair, no market makers, no sockets): `const t = useSpotApp();` then `t.app`, `t.db`, `t.markets`.
 */
export function useSpotApp(): { readonly app: FastifyInstance; readonly db: Database; readonly markets: Map<string, SpotMarket> } {
  const markets = new Map<string, SpotMarket>();
  const t = productTestbed({
    async products({ db }) {
      for (const p of await listPairs(db)) {
        if (p.trade_status !== 1) continue;
        const market = new SpotMarket(pairSpec(p), db, createEngine(), { publish: () => undefined });
        await market.restore();
        markets.set(market.spec.symbol, market);
      }
      // Stop-limit and OCO orders over the same markets, as the spot product wires them.
      const stops = spotStops({ db, local: (s) => markets.get(s), log: (e) => console.error(e) });
      for (const m of markets.values()) await stops.watch(m);
      return spotTrading({ db, stops, markets: { market: (s) => markets.get(s), holding: (id) => [...markets.values()].find((m) => m.restingOwner(id) !== undefined) }, pairStatusMs: 0 });
    },
    parts: (spot, db) => ({
      routes: testAppRoutes({ db, rates: databaseFiatRates(db), spot }),
      stop: async () => void (await Promise.all([...markets.values()].map((m) => m.idle()))),
    }),
  });
  return {
    get app() {
      return t.app;
    },
    get db() {
      return t.db;
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

/** How many spot orders the user has, of any status. */
export async function orderCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from spot_order where user_id = $1', [userId]);
  return row!.n;
}

/** A signed-in user (kind 'user') with the given spot deposits. */
export async function trader(db: Database, funds: Record<string, string>, kind: 'user' | 'market_maker' = 'user'): Promise<Trader> {
  const { id, token } = await createTestUser(db, { tag: 'trader', kind, funded: funds });
  return { id, token, headers: (extra = {}) => ({ token, ...extra }) };
}
