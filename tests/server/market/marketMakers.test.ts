import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLINE_INTERVALS } from '../../../domain/constants.js';
import { auditBooks } from '../../../server/products/audit.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { listCurrencies, listPairs } from '../../../server/kernel/platform/catalogue.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { ensureMarketMakerAccounts } from '../../../server/products/spot/makers/marketAccounts.js';
import { DEFAULT_MM_CONFIG, MarketMaker } from '../../../server/products/spot/makers/marketMaker.js';
import { MarketService } from '../../../server/products/spot/marketService.js';
import { foldMakerHistory, MAKER_HISTORY_KEPT_MS } from '../../../server/products/spot/makers/retention.js';
import { SeededRandomWalk } from '../../../server/products/spot/makers/priceModel.js';
import { seededRandom } from '../../../server/kernel/exchange/random.js';
import { SEED_BARS } from '../../../server/kernel/platform/marketHistory/seedHistory.js';
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

/** The hour's folding alone: trades between makers are kept whatever today's date. */
const KEEP_TRADES = { keptMs: MAKER_HISTORY_KEPT_MS, tradesKeptMs: Number.MAX_SAFE_INTEGER };

/** The ledger's promises (server/kernel/platform/ledger/ledgerAudit.ts): nothing created or lost, every balance explained, frozen = held. */
async function expectLedgerInvariants() {
  expect(await auditBooks(db)).toEqual([]);
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

  it('requote a small move with a few orders: the ladder sits on a price grid, not at offsets from the reference', async () => {
    const accounts = await ensureMarketMakerAccounts(db);
    const market = service.markets.get('ETH_USDT')!;
    let reference = 345_678;
    const maker = new MarketMaker(market, market.spec, accounts, { priceAt: () => reference }, 3456, seededRandom(7), DEFAULT_MM_CONFIG);
    const first = await maker.requote(now);
    expect(first.placed).toBe(48);
    // A move of a fifth of a step: before the grid, every one of the 48 levels moved.
    const changes: number[] = [];
    for (const move of [13, -9, 21, -17, 11]) {
      reference += move;
      const { cancelled, placed } = await maker.requote(now);
      changes.push(cancelled + placed);
    }
    expect(Math.max(...changes)).toBeLessThanOrEqual(4);
    market.flushDepth();
    expect(market.depthSnapshot().bids).toHaveLength(24);
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
    const folded = await foldMakerHistory(db, makers, Date.now() + 2 * MAKER_HISTORY_KEPT_MS, KEEP_TRADES);
    expect(folded.orders).toBe(cancelledBefore);
    expect(folded.entries).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from ledger_entry where user_id = any($1::bigint[])`)).toBe(entriesBefore - folded.entries);
    expect(await count(`select count(*)::int as n from spot_trade where maker_user_id = any($1::bigint[]) or taker_user_id = any($1::bigint[])`)).toBe(tradesBefore);
    expect(await count(`select count(*)::int as n from ledger_entry where user_id = any($1::bigint[]) and ref_type = 'market_maker_seed'`)).toBe(2 * 10);
    await expectLedgerInvariants();
    // Folding again finds nothing more to fold.
    expect((await foldMakerHistory(db, makers, Date.now() + 2 * MAKER_HISTORY_KEPT_MS, KEEP_TRADES)).entries).toBe(0);
    await expectLedgerInvariants();
  });

  it('drop trades between two makers after their window, and then the orders they named, but keep every trade a user took part in', async () => {
    const accounts = await ensureMarketMakerAccounts(db);
    const makers = [accounts.quoter, accounts.taker];
    const market = service.markets.get('BTC_USDT')!;
    const [user] = await db.query<{ id: number }>(`insert into app_user (account, kind) values ('retention-user@example.org', 'user') returning id`);
    const userId = Number(user!.id);
    await changeBalance(db, { userId, currency: 'USDT', account: 'spot', available: '100000', frozen: '0', kind: 'deposit', refType: 'test', refId: null });
    now += 5_000;
    const bought = await market.place({ userId, side: 'buy', type: 'market', quoteBudget: '500' });
    expect(bought.ok && bought.events.some((e) => e.type === 'trade')).toBe(true);
    const count = async (sql: string, params: unknown[] = [makers]) => Number((await db.query<{ n: number }>(sql, params))[0]!.n);
    const userTrades = await count(`select count(*)::int as n from spot_trade where maker_user_id = $1 or taker_user_id = $1`, [userId]);
    const makerTrades = await count(`select count(*)::int as n from spot_trade where maker_user_id = any($1::bigint[]) and taker_user_id = any($1::bigint[])`);
    expect(userTrades).toBeGreaterThan(0);
    expect(makerTrades).toBeGreaterThan(0);
    // Every trade so far is older than a window of 1 ms.
    const folded = await foldMakerHistory(db, makers, Date.now() + 2 * MAKER_HISTORY_KEPT_MS, { tradesKeptMs: 1 });
    expect(folded.trades).toBe(makerTrades);
    expect(await count(`select count(*)::int as n from spot_trade where maker_user_id = $1 or taker_user_id = $1`, [userId])).toBe(userTrades);
    // The makers' finished orders that no trade names are gone; those a user's trade names stay, as do the user's.
    expect(await count(`select count(*)::int as n from spot_order o where o.user_id = any($1::bigint[]) and o.status in (3, 4)
      and not exists (select 1 from spot_trade t where t.maker_order_id = o.id or t.taker_order_id = o.id)`)).toBe(0);
    expect(await count(`select count(*)::int as n from spot_trade t where not exists (select 1 from spot_order o where o.id = t.maker_order_id)
      or not exists (select 1 from spot_order o where o.id = t.taker_order_id)`, [])).toBe(0);
    expect(await count(`select count(*)::int as n from spot_order where user_id = $1`, [userId])).toBe(1);
    await expectLedgerInvariants();
  });

  it('are funded once however often the server starts', async () => {
    await ensureMarketMakerAccounts(db);
    const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from ledger_entry where ref_type = 'market_maker_seed'`)) as [{ n: number }];
    expect(n).toBe(2 * 10);
  });
});
