import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLINE_INTERVALS } from '../../../src/domain/constants.js';
import { auditLedger } from '../../../server/kernel/ledger/ledgerAudit.js';
import { listCurrencies, listPairs } from '../../../server/kernel/catalogue.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { ensureMarketMakerAccounts } from '../../../server/products/spot/makers/marketAccounts.js';
import { DEFAULT_MM_CONFIG, MarketMaker } from '../../../server/products/spot/makers/marketMaker.js';
import { MarketService } from '../../../server/products/spot/marketService.js';
import { foldMakerHistory, MAKER_HISTORY_KEPT_MS } from '../../../server/products/spot/makers/retention.js';
import { SeededRandomWalk } from '../../../server/products/spot/makers/priceModel.js';
import { seededRandom } from '../../../server/kernel/random.js';
import { SEED_BARS } from '../../../server/products/spot/seedHistory.js';
import { openTestDatabase } from '../testDb.js';

let db: Database;
let service: MarketService;
const published: string[] = [];
let now = Date.parse('2026-11-21T12:00:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
  service = new MarketService(db, await listPairs(db), await listCurrencies(db), { publish: (c) => void published.push(c) }, { marketMakers: false, clock: () => now });
  await service.prepare();
});
afterAll(async () => {
  await service.stop();
  await db.close();
});

/** The ledger's promises (server/kernel/ledger/ledgerAudit.ts): nothing created or lost, every balance explained, frozen = held. */
async function expectLedgerInvariants() {
  expect(await auditLedger(db)).toEqual([]);
}

describe('seeded chart history', () => {
  it('gives every pair and interval at least 200 sane candles', async () => {
    const rows = await db.query<{ left_symbol: string; right_symbol: string; interval: string; n: number; bad: number }>(
      `select left_symbol, right_symbol, interval, count(*)::int as n,
         count(*) filter (where high < greatest(open, close) or low > least(open, close) or low <= 0)::int as bad
       from candle group by left_symbol, right_symbol, interval`,
    );
    expect(rows).toHaveLength(10 * KLINE_INTERVALS.length);
    for (const r of rows) {
      expect(r.n, `${r.left_symbol}_${r.right_symbol} ${r.interval}`).toBeGreaterThanOrEqual(200);
      expect(r.n).toBeLessThanOrEqual(SEED_BARS);
      expect(r.bad).toBe(0);
    }
  });

  it('is written once: preparing again adds nothing', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from candle');
    await service.prepare();
    expect(await db.query<{ n: number }>('select count(*)::int as n from candle')).toEqual(before);
  });
});

describe('market makers', () => {
  it('quote a ladder of 24 levels a side, trade through the engine, and keep the ledger exact', async () => {
    const accounts = await ensureMarketMakerAccounts(db);
    const market = service.markets.get('BTC_USDT')!;
    const prices = new SeededRandomWalk(new Map([['BTC_USDT', 9_625_050]]), () => ({ volatility: 0.6, meanReversion: 2 }));
    const maker = new MarketMaker(market, market.spec, accounts, prices, 96250, seededRandom(5), DEFAULT_MM_CONFIG);
    await maker.requote(now);
    market.flushDepth();
    const depth = market.depthSnapshot();
    expect(depth.bids).toHaveLength(24);
    expect(depth.asks).toHaveLength(24);
    let traded = 0;
    for (let i = 0; i < 30; i++) {
      now += 5_000;
      await maker.requote(now);
      if (await maker.take(now)) traded += 1;
    }
    expect(traded).toBeGreaterThan(20);
    expect(market.tradesSnapshot().trades.length).toBeGreaterThan(20);
    expect(service.tick(market)).toMatchObject({ pair: 'BTC_USDT', count: expect.any(Number) });
    expect(market.bestBid()!).toBeLessThan(market.bestAsk()!);
    await expectLedgerInvariants();
  });

  it('fold their old history: unfilled cancels go, ledger chains still add up, trades and funding stay', async () => {
    const accounts = await ensureMarketMakerAccounts(db);
    const makers = [accounts.quoter, accounts.taker];
    const count = async (sql: string) => Number((await db.query<{ n: number }>(sql, [makers]))[0]!.n);
    const entriesBefore = await count(`select count(*)::int as n from ledger_entry where user_id = any($1::bigint[])`);
    const tradesBefore = await count(`select count(*)::int as n from spot_trade where maker_user_id = any($1::bigint[]) or taker_user_id = any($1::bigint[])`);
    const cancelledBefore = await count(`select count(*)::int as n from spot_order where user_id = any($1::bigint[]) and status = 4 and filled = 0`);
    expect(cancelledBefore).toBeGreaterThan(0);
    // Everything so far is older than the kept hour, two hours from now.
    const folded = await foldMakerHistory(db, makers, Date.now() + 2 * MAKER_HISTORY_KEPT_MS, MAKER_HISTORY_KEPT_MS);
    expect(folded.orders).toBe(cancelledBefore);
    expect(folded.entries).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from ledger_entry where user_id = any($1::bigint[])`)).toBe(entriesBefore - folded.entries);
    expect(await count(`select count(*)::int as n from spot_trade where maker_user_id = any($1::bigint[]) or taker_user_id = any($1::bigint[])`)).toBe(tradesBefore);
    expect(await count(`select count(*)::int as n from ledger_entry where user_id = any($1::bigint[]) and ref_type = 'market_maker_seed'`)).toBe(2 * 10);
    await expectLedgerInvariants();
    // Folding again finds nothing more to fold.
    expect((await foldMakerHistory(db, makers, Date.now() + 2 * MAKER_HISTORY_KEPT_MS, MAKER_HISTORY_KEPT_MS)).entries).toBe(0);
    await expectLedgerInvariants();
  });

  it('are funded once however often the server starts', async () => {
    await ensureMarketMakerAccounts(db);
    const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from ledger_entry where ref_type = 'market_maker_seed'`)) as [{ n: number }];
    expect(n).toBe(2 * 10);
  });
});
