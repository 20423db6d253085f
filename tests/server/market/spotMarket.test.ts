import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeBalance, readBalance } from '../../../server/app/ledger.js';
import type { Database } from '../../../server/db/database.js';
import { ReferenceEngine } from '../../../server/domain/matching/reference.js';
import type { PairSpec } from '../../../server/market/pairSpec.js';
import { SpotMarket } from '../../../server/market/spotMarket.js';
import { openTestDatabase } from '../testDb.js';

const BTC_USDT: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };

let db: Database;
let published: Array<{ channel: string; payload: Record<string, unknown> }>;
const publisher = { publish: (channel: string, payload: object) => void published.push({ channel, payload: payload as Record<string, unknown> }) };
let clock = Date.parse('2026-11-21T10:00:00Z');
const market = () => new SpotMarket(BTC_USDT, db, new ReferenceEngine(), publisher, () => clock);

async function user(account: string, funds: Record<string, string>): Promise<number> {
  const [row] = await db.query<{ id: number }>('insert into app_user (account) values ($1) returning id', [account]);
  for (const [currency, amount] of Object.entries(funds)) {
    await db.transaction((tx) => changeBalance(tx, { userId: row!.id, currency, account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  }
  return row!.id;
}

const totals = async (currency: string) =>
  (await db.query<{ total: string }>(`select trim_scale(coalesce(sum(available + frozen), 0))::text as total from balance where currency = $1`, [currency]))[0]!.total;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('spot market: orders through the engine into balances, trades and candles', () => {
  it('freezes funds, trades at the maker price, moves balances exactly and releases the unused limit', async () => {
    published = [];
    const m = market();
    const seller = await user('seller@example.org', { BTC: '2' });
    const buyer = await user('buyer@example.org', { USDT: '300000' });
    const ask = await m.place({ userId: seller, side: 'sell', type: 'limit', price: '96000.5', quantity: '1.5' });
    expect(ask.ok).toBe(true);
    m.flushDepth();
    expect(await readBalance(db, seller, 'BTC')).toEqual({ available: '0.5', frozen: '1.5' });
    const bid = await m.place({ userId: buyer, side: 'buy', type: 'limit', price: '97000', quantity: '1' });
    expect(bid.ok).toBe(true);
    m.flushDepth();
    m.flushDepth(); // nothing changed since: no message
    // Bought 1 BTC at the maker's 96000.5; the 999.5 USDT frozen above that is released.
    expect(await readBalance(db, buyer, 'USDT')).toEqual({ available: '203999.5', frozen: '0' });
    expect(await readBalance(db, buyer, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await readBalance(db, seller, 'BTC')).toEqual({ available: '0.5', frozen: '0.5' });
    expect(await readBalance(db, seller, 'USDT')).toEqual({ available: '96000.5', frozen: '0' });
    expect(await totals('BTC')).toBe('2');
    expect(await totals('USDT')).toBe('300000');
    const [order] = await db.query<{ status: number; filled: string }>('select status, trim_scale(filled)::text as filled from spot_order where id = $1', [(ask as { orderId: number }).orderId]);
    expect(order).toEqual({ status: 2, filled: '1' });
    const trade = published.find((p) => p.channel === 'btc_usdt_trade');
    expect(trade?.payload).toMatchObject({ kind: 'update', trades: [{ price: '96000.5', quantity: '1', side: 'buy' }] });
    expect(published.find((p) => p.channel === 'btc_usdt_kline_1min')?.payload).toMatchObject({ bar: { open: '96000.5', close: '96000.5', amount: '1', vol: '96000.5', count: 1 } });
    const deltas = published.filter((p) => p.channel === 'btc_usdt_depth').map((p) => p.payload.seq);
    expect(deltas).toEqual([1, 2]);
    expect(m.depthSnapshot()).toEqual({ kind: 'snapshot', seq: 2, bids: [], asks: [['96000.5', '0.5']] });
    const [candle] = await db.query<{ close: string; count: number }>(
      `select trim_scale(close)::text as close, count from candle where left_symbol = 'BTC' and interval = '1day'`,
    );
    expect(candle).toEqual({ close: '96000.5', count: 1 });
  });

  it('refuses what the account cannot pay for and changes nothing', async () => {
    const m = market();
    const poor = await user('poor@example.org', { USDT: '10' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'limit', price: '96000', quantity: '1' })).toEqual({ ok: false, reason: 'insufficientFunds' });
    expect(await readBalance(db, poor, 'USDT')).toEqual({ available: '10', frozen: '0' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'limit', price: '1.001', quantity: '1' })).toEqual({ ok: false, reason: 'invalidPrice' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'limit', price: '1', quantity: '0.000001' })).toEqual({ ok: false, reason: 'invalidQuantity' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'market' })).toEqual({ ok: false, reason: 'invalidBudget' });
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from spot_order where user_id = $1', [poor])) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('a market buy spends at most its budget and gives back the rest', async () => {
    const m = market();
    const maker = await user('maker@example.org', { BTC: '1' });
    const taker = await user('taker@example.org', { USDT: '1000' });
    await m.place({ userId: maker, side: 'sell', type: 'limit', price: '500', quantity: '1' });
    const result = await m.place({ userId: taker, side: 'buy', type: 'market', quoteBudget: '751' });
    expect(result.ok).toBe(true);
    expect(await readBalance(db, taker, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await readBalance(db, taker, 'USDT')).toEqual({ available: '500', frozen: '0' });
  });

  it('cancelling returns the frozen remainder; only the owner can cancel', async () => {
    const m = market();
    const owner = await user('owner@example.org', { USDT: '1000' });
    const placed = (await m.place({ userId: owner, side: 'buy', type: 'limit', price: '100', quantity: '3' })) as { orderId: number };
    expect(await readBalance(db, owner, 'USDT')).toEqual({ available: '700', frozen: '300' });
    expect(await m.cancel(owner + 999, placed.orderId)).toEqual({ ok: false, reason: 'unknownOrder' });
    expect(await m.cancel(owner, placed.orderId)).toEqual({ ok: true });
    expect(await readBalance(db, owner, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    const kinds = await db.query<{ kind: string }>('select kind from ledger_entry where user_id = $1 order by id', [owner]);
    expect(kinds.map((k) => k.kind)).toEqual(['deposit', 'order_freeze', 'order_unfreeze']);
  });

  it('a restarted market rebuilds its book from open orders in priority order', async () => {
    clock += 60_000;
    const first = market();
    const a = await user('a@example.org', { BTC: '5' });
    const b = await user('b@example.org', { BTC: '5' });
    await first.place({ userId: a, side: 'sell', type: 'limit', price: '200000', quantity: '1' });
    await first.place({ userId: b, side: 'sell', type: 'limit', price: '200000', quantity: '2' });
    const second = market();
    await second.restore();
    // Everything still open in the database is back, including earlier tests' resting ask.
    expect(second.depthSnapshot().asks).toEqual([
      ['96000.5', '0.5'],
      ['200000', '3'],
    ]);
    const c = await user('c@example.org', { USDT: '1000000' });
    const hit = (await second.place({ userId: c, side: 'buy', type: 'limit', price: '200000', quantity: '1' })) as {
      events: Array<{ type: string; makerAccountId?: number; price?: number }>;
    };
    // Time priority survived the restart: at 200000, a's older order fills before b's.
    expect(hit.events.filter((e) => e.type === 'trade').map((e) => [e.price, e.makerAccountId])).toEqual([
      [9_600_050, expect.any(Number)],
      [20_000_000, a],
    ]);
  });
});
