import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDecimal } from '../../../domain/decimal.js';
import { submissionKey } from '../../../server/kernel/platform/idempotency.js';
import { changeBalance, readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { orderOf } from '../../../server/products/spot/orderViews.js';
import { settle, SETTLED_ORDERS_MISSING } from '../../../server/products/spot/pipeline/settlement.js';
import { MarketData } from '../../../server/kernel/exchange/marketData.js';
import { CancelReason, type EngineEvent } from '../../../server/kernel/exchange/matching/types.js';
import { sequenceIds } from '../../../server/kernel/platform/db/sequenceIds.js';
import type { SpotOrder } from '../../../domain/spotOrders.js';
import { openTestDatabase } from '../testDb.js';
import { orderCount } from '../spot/spotApp.js';

const BTC_USDT: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };

let db: Database;
let published: Array<{ channel: string; payload: Record<string, unknown> }> = [];
const publisher = { publish: (channel: string, payload: object) => void published.push({ channel, payload: payload as Record<string, unknown> }) };
let clock = Date.parse('2026-11-21T10:00:00Z');
const market = () => new SpotMarket(BTC_USDT, db, new ReferenceEngine(), publisher, () => clock);

async function user(account: string, funds: Record<string, string>, kind: 'user' | 'market_maker' = 'user'): Promise<number> {
  const [row] = await db.query<{ id: number }>('insert into app_user (account, kind) values ($1, $2) returning id', [account, kind]);
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
    // Fees (0.1 % each side by default) come out of what each side receives.
    expect(await readBalance(db, buyer, 'USDT')).toEqual({ available: '203999.5', frozen: '0' });
    expect(await readBalance(db, buyer, 'BTC')).toEqual({ available: '0.999', frozen: '0' });
    expect(await readBalance(db, seller, 'BTC')).toEqual({ available: '0.5', frozen: '0.5' });
    expect(await readBalance(db, seller, 'USDT')).toEqual({ available: '95904.4995', frozen: '0' });
    const fees = await systemAccountId(db, 'fees');
    expect(await readBalance(db, fees, 'BTC')).toEqual({ available: '0.001', frozen: '0' });
    expect(await readBalance(db, fees, 'USDT')).toEqual({ available: '96.0005', frozen: '0' });
    // Fees move funds; they create none.
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
    // The one-minute candle is written with the trade; the coarser ones when the market saves them.
    const candles = (interval: string) =>
      db.query<{ close: string; count: number }>(`select trim_scale(close)::text as close, count from candle where left_symbol = 'BTC' and interval = $1`, [interval]);
    expect(await candles('1min')).toEqual([{ close: '96000.5', count: 1 }]);
    expect(await candles('1day')).toEqual([]);
    await m.saveCandles();
    expect(await candles('1day')).toEqual([{ close: '96000.5', count: 1 }]);
  });

  it('a settlement that names an order it cannot update fails whole (what the dropped trade → order keys checked)', async () => {
    const m = market();
    const owner = await user('ghost-owner@example.org', { USDT: '100' });
    const placed = (await m.place({ userId: owner, side: 'buy', type: 'limit', price: '50', quantity: '1' })) as { orderId: number };
    const data = new MarketData(BTC_USDT, { depth: 'd', trades: 't', kline: (i) => `k${i}` }, publisher);
    const ends: EngineEvent[] = [
      { type: 'cancelled', orderId: placed.orderId, accountId: owner, remaining: 100_000, reason: CancelReason.unfilled },
      { type: 'cancelled', orderId: 987_654_321, accountId: owner, remaining: 100_000, reason: CancelReason.unfilled },
    ];
    await expect(settle(db, BTC_USDT, data, ends, [], clock, sequenceIds(db, 'spot_trade'))).rejects.toThrow(SETTLED_ORDERS_MISSING);
    // Nothing of it was written: the real order still rests with its funds frozen.
    expect((await orderOf(db, owner, placed.orderId))?.status).toBe(1);
    expect(await readBalance(db, owner, 'USDT')).toEqual({ available: '50', frozen: '50' });
    expect(await m.cancel(owner, placed.orderId)).toMatchObject({ ok: true });
  });

  it('a restart adds to the saved coarse candles exactly the trades their last save missed', async () => {
    const m = market();
    const seller = await user('candle-seller@example.org', { BTC: '3' });
    const buyer = await user('candle-buyer@example.org', { USDT: '400000' });
    const trade = async (price: string) => {
      await m.place({ userId: seller, side: 'sell', type: 'limit', price, quantity: '1' });
      await m.place({ userId: buyer, side: 'buy', type: 'limit', price, quantity: '1' });
    };
    await trade('96000.5');
    await m.saveCandles();
    await trade('96100'); // never saved: the "crash" comes before the next save
    await trade('95900');
    const intervals = ['5min', '60min', '1day', '1mon'] as const;
    const live = intervals.map((i) => m.liveBar(i));
    expect(live[2]).toMatchObject({ count: 3, high: '96100', low: '95900', close: '95900' });

    const restarted = market();
    await restarted.restore();
    expect(intervals.map((i) => restarted.liveBar(i))).toEqual(live);
    await restarted.saveCandles();
    const [row] = await db.query<{ count: number; last_trade_id: number; newest: number }>(
      `select count, last_trade_id, (select max(id) from spot_trade where left_symbol = 'BTC') as newest from candle where left_symbol = 'BTC' and interval = '1day'`,
    );
    expect(row!.count).toBe(3);
    expect(Number(row!.last_trade_id)).toBe(Number(row!.newest));
    // Restored again from the saved rows: nothing is counted twice.
    const again = market();
    await again.restore();
    expect(intervals.map((i) => again.liveBar(i))).toEqual(live);
  });

  it('refuses what the account cannot pay for and changes nothing', async () => {
    const m = market();
    const poor = await user('poor@example.org', { USDT: '10' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'limit', price: '96000', quantity: '1' })).toEqual({ ok: false, reason: 'insufficientFunds' });
    expect(await readBalance(db, poor, 'USDT')).toEqual({ available: '10', frozen: '0' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'limit', price: '1.001', quantity: '1' })).toEqual({ ok: false, reason: 'invalidPrice' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'limit', price: '1', quantity: '0.000001' })).toEqual({ ok: false, reason: 'invalidQuantity' });
    expect(await m.place({ userId: poor, side: 'buy', type: 'market' })).toEqual({ ok: false, reason: 'invalidBudget' });
    expect(await orderCount(db, poor)).toBe(0);
  });

  it('a market buy spends at most its budget and gives back the rest', async () => {
    const m = market();
    const maker = await user('maker@example.org', { BTC: '1' });
    const taker = await user('taker@example.org', { USDT: '1000' });
    await m.place({ userId: maker, side: 'sell', type: 'limit', price: '500', quantity: '1' });
    const result = await m.place({ userId: taker, side: 'buy', type: 'market', quoteBudget: '751' });
    expect(result.ok).toBe(true);
    expect(await readBalance(db, taker, 'BTC')).toEqual({ available: '0.999', frozen: '0' });
    expect(await readBalance(db, taker, 'USDT')).toEqual({ available: '500', frozen: '0' });
    // The book ran out before the budget did: partly traded, then cancelled.
    const [order] = await db.query<{ status: number }>('select status from spot_order where id = $1', [(result as { orderId: number }).orderId]);
    expect(order!.status).toBe(4);
  });

  it('a market buy that spends its budget down to less than one lot is fully traded, and the dust goes back', async () => {
    const m = market();
    const maker = await user('dust-maker@example.org', { BTC: '1' });
    const taker = await user('dust-taker@example.org', { USDT: '1000' });
    const ask = (await m.place({ userId: maker, side: 'sell', type: 'limit', price: '500', quantity: '1' })) as { orderId: number };
    const result = (await m.place({ userId: taker, side: 'buy', type: 'market', quoteBudget: '250.003' })) as { orderId: number };
    await m.cancel(maker, ask.orderId); // later tests restore every open order
    const [order] = await db.query<{ status: number; filled: string }>('select status, trim_scale(filled)::text as filled from spot_order where id = $1', [result.orderId]);
    expect(order).toEqual({ status: 3, filled: '0.5' });
    expect(await readBalance(db, taker, 'USDT')).toEqual({ available: '750', frozen: '0' });
  });

  it('answers each order as its batch wrote it, the same as a read of the committed row: resting, partly and fully traded, a market buy', async () => {
    const m = market();
    const seller = await user('view-seller@example.org', { BTC: '5' });
    const buyer = await user('view-buyer@example.org', { USDT: '2000' });
    const same = async (outcome: Awaited<ReturnType<SpotMarket['place']>>, userId: number) => {
      if (!outcome.ok) throw new Error('refused');
      expect(outcome.order).toBeDefined();
      expect(outcome.order).toEqual(await orderOf(db, userId, outcome.orderId));
      return outcome.order!;
    };
    expect(await same(await m.place({ userId: seller, side: 'sell', type: 'limit', price: '310', quantity: '2' }), seller)).toMatchObject({ status: 1, filled: '0', amount: '620' });
    expect(await same(await m.place({ userId: buyer, side: 'buy', type: 'limit', price: '310', quantity: '0.5' }), buyer)).toMatchObject({ status: 3, filled: '0.5', avg_price: '310' });
    expect(await same(await m.place({ userId: buyer, side: 'buy', type: 'market', quoteBudget: '155' }), buyer)).toMatchObject({ status: 3, quantity: '0', amount: '155' });
    await m.cancel(seller, (await db.query<{ id: number }>(`select id from spot_order where user_id = $1`, [seller])).map((r) => Number(r.id))[0]!);
  });

  it('cancelling returns the frozen remainder; only the owner can cancel', async () => {
    const m = market();
    const owner = await user('owner@example.org', { USDT: '1000' });
    const placed = (await m.place({ userId: owner, side: 'buy', type: 'limit', price: '100', quantity: '3' })) as { orderId: number };
    expect(await readBalance(db, owner, 'USDT')).toEqual({ available: '700', frozen: '300' });
    expect(await m.cancel(owner + 999, placed.orderId)).toEqual({ ok: false, reason: 'unknownOrder' });
    // The answer carries the order as the cancel's statement wrote it: the same as a read of the row.
    expect(await m.cancel(owner, placed.orderId)).toEqual({ ok: true, order: await orderOf(db, owner, placed.orderId) });
    expect((await orderOf(db, owner, placed.orderId))?.status).toBe(4);
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

describe('spot market: fees, idempotent placing and the user feed', () => {
  /** The fees of the trade the taker's order made (one trade). */
  const tradeFees = async (takerOrderId: number) =>
    (await db.query<{ maker_fee: string; taker_fee: string }>(
      `select trim_scale(maker_fee)::text as maker_fee, trim_scale(taker_fee)::text as taker_fee from spot_trade where taker_order_id = $1`,
      [takerOrderId],
    ))[0];
  // An edit of the schedule applies to trades within FEE_CHECK_MS; the test makes it apply at once.
  const setRates = async (maker: string, taker: string) => {
    await db.query(`update fee_schedule set maker = $1, taker = $2 where product = 'spot' and market = '*' and tier = 0`, [maker, taker]);
    forgetFeeRates(db);
  };

  it('charges the maker and taker rates on what each side receives, into the fee account, in the trade transaction', async () => {
    await setRates('0.0005', '0.002');
    try {
      const m = market();
      const fees = await systemAccountId(db, 'fees');
      const before = { btc: await readBalance(db, fees, 'BTC'), usdt: await readBalance(db, fees, 'USDT') };
      const maker = await user('fee-maker@example.org', { BTC: '2' });
      const taker = await user('fee-taker@example.org', { USDT: '10000' });
      const ask = (await m.place({ userId: maker, side: 'sell', type: 'limit', price: '5000', quantity: '1' })) as { orderId: number };
      const bid = (await m.place({ userId: taker, side: 'buy', type: 'limit', price: '5000', quantity: '1' })) as { orderId: number };
      // The maker sold 1 BTC for 5000 USDT and pays 0.05 % of it; the taker bought 1 BTC and pays 0.2 % of it.
      expect(await readBalance(db, maker, 'USDT')).toEqual({ available: '4997.5', frozen: '0' });
      expect(await readBalance(db, taker, 'BTC')).toEqual({ available: '0.998', frozen: '0' });
      expect(await readBalance(db, taker, 'USDT')).toEqual({ available: '5000', frozen: '0' });
      expect(await tradeFees(bid.orderId)).toEqual({ maker_fee: '2.5', taker_fee: '0.002' });
      const orders = await db.query<{ id: number; fee: string; fee_currency: string }>(
        `select id, trim_scale(fee)::text as fee, fee_currency from spot_order where id = any($1::bigint[]) order by id`,
        [[ask.orderId, bid.orderId]],
      );
      expect(orders.map((o) => [o.fee, o.fee_currency])).toEqual([
        ['2.5', 'USDT'],
        ['0.002', 'BTC'],
      ]);
      const credited = await db.query<{ currency: string; kind: string; change: string }>(
        `select currency, kind, trim_scale(available_change)::text as change from ledger_entry where user_id = $1 and ref_type = 'spot_trade' order by id desc limit 2`,
        [fees],
      );
      expect(credited.map((c) => [c.currency, c.kind, c.change]).sort()).toEqual([
        ['BTC', 'fee_income', '0.002'],
        ['USDT', 'fee_income', '2.5'],
      ]);
      const paid = await db.query<{ kind: string }>(`select kind from ledger_entry where user_id = $1 order by id`, [taker]);
      expect(paid.map((p) => p.kind)).toEqual(['deposit', 'order_freeze', 'trade_pay', 'trade_receive', 'trade_fee']);
      expect(await readBalance(db, fees, 'USDT')).toEqual({ available: addDecimal(before.usdt.available, '2.5'), frozen: '0' });
      expect(await readBalance(db, fees, 'BTC')).toEqual({ available: addDecimal(before.btc.available, '0.002'), frozen: '0' });
    } finally {
      await setRates('0.001', '0.001');
    }
  });

  it('keeps fees three decimals finer than the pair units, rounded down: a tiny trade still pays, never more than its exact share', async () => {
    const m = market();
    const maker = await user('tiny-maker@example.org', { USDT: '100' });
    const taker = await user('tiny-taker@example.org', { BTC: '1' });
    await m.place({ userId: maker, side: 'buy', type: 'limit', price: '100.01', quantity: '0.00123' });
    const hit = (await m.place({ userId: taker, side: 'sell', type: 'limit', price: '100.01', quantity: '0.00123' })) as { orderId: number };
    // Buyer: 0.001 × 0.00123 BTC = 0.00000123, kept at 5 + 3 decimals: 0.00000123. Seller: 0.001 × 0.1230123 USDT
    // = 0.0001230123, exact within the pair's 7 quote decimals + 3.
    expect(await readBalance(db, maker, 'BTC')).toEqual({ available: '0.00122877', frozen: '0' });
    expect(await readBalance(db, taker, 'USDT')).toEqual({ available: '0.1228892877', frozen: '0' });
    expect(await tradeFees(hit.orderId)).toEqual({ maker_fee: '0.00000123', taker_fee: '0.0001230123' });
    // 0.1 % of one lot (0.00001 BTC) at 8 decimals is 0.00000001: still paid, never rounded up.
    await m.place({ userId: maker, side: 'buy', type: 'limit', price: '100', quantity: '0.00001' });
    await m.place({ userId: taker, side: 'sell', type: 'limit', price: '100', quantity: '0.00001' });
    expect(await readBalance(db, maker, 'BTC')).toEqual({ available: '0.00123876', frozen: '0' });
  });

  it('market-maker accounts pay no fee; their counterparty still does', async () => {
    const m = market();
    const mm = await user('mm-free@example.org', { BTC: '1' }, 'market_maker');
    const buyer = await user('pays@example.org', { USDT: '1000' });
    await m.place({ userId: mm, side: 'sell', type: 'limit', price: '700', quantity: '1' });
    await m.place({ userId: buyer, side: 'buy', type: 'market', quoteBudget: '700' });
    expect(await readBalance(db, mm, 'USDT')).toEqual({ available: '700', frozen: '0' });
    expect(await readBalance(db, buyer, 'BTC')).toEqual({ available: '0.999', frozen: '0' });
    // A market buy never spends more than it froze, fee or no fee.
    expect(await readBalance(db, buyer, 'USDT')).toEqual({ available: '300', frozen: '0' });
  });

  it('a repeated submission key places one order, even when the repeats arrive at once', async () => {
    const m = market();
    const trader = await user('idem-trader@example.org', { USDT: '1000' });
    const submission = { scope: 'spot_place', key: submissionKey('spot_place', 'place-key-0001', {}) };
    const request = { userId: trader, side: 'buy' as const, type: 'limit' as const, price: '10', quantity: '5', submission };
    const outcomes = await Promise.all([m.place(request), m.place(request), m.place(request)]);
    const ids = outcomes.map((o) => (o as { orderId: number }).orderId);
    expect(new Set(ids).size).toBe(1);
    expect(outcomes.map((o) => (o as { repeated?: boolean }).repeated ?? false)).toEqual([false, true, true]);
    expect(await readBalance(db, trader, 'USDT')).toEqual({ available: '950', frozen: '50' });
    // Another key is another order; the same key on another market is still the first order.
    const other = await m.place({ ...request, submission: { scope: 'spot_place', key: submissionKey('spot_place', 'place-key-0002', {}) } });
    expect((other as { orderId: number }).orderId).not.toBe(ids[0]);
    expect(((await market().place(request)) as { orderId: number }).orderId).toBe(ids[0]);
    expect(await orderCount(db, trader)).toBe(2);
  });

  it('repeats batched behind other commands answer their own first order, not a neighbour\'s', async () => {
    const m = market();
    const trader = await user('idem-batch@example.org', { USDT: '1000' });
    const keyed = (key: string) => ({ userId: trader, side: 'buy' as const, type: 'limit' as const, price: '10', quantity: '1', submission: { scope: 'spot_place', key: submissionKey('spot_place', key, {}) } });
    // Submitted together, so the sequencer carries them as one batch: a cancel first shifts every
    // place's position in the batch against its position among the places.
    const [cancel, a, b, aAgain, bAgain] = await Promise.all([m.cancel(trader, 987654321), m.place(keyed('batch-key-000a')), m.place(keyed('batch-key-000b')), m.place(keyed('batch-key-000a')), m.place(keyed('batch-key-000b'))]);
    expect(cancel).toEqual({ ok: false, reason: 'unknownOrder' });
    const id = (o: unknown) => (o as { orderId: number }).orderId;
    expect(id(a)).not.toBe(id(b));
    expect([id(aAgain), id(bAgain)]).toEqual([id(a), id(b)]);
    expect(m.pipelineStats().largestBatch).toBeGreaterThanOrEqual(5);
  });

  it('a refused submission claims nothing, so fixing the balance and retrying the key places the order', async () => {
    const m = market();
    const trader = await user('idem-retry@example.org', { USDT: '10' });
    const request = { userId: trader, side: 'buy' as const, type: 'limit' as const, price: '10', quantity: '5', submission: { scope: 'spot_place', key: submissionKey('spot_place', 'retry-key-0001', {}) } };
    expect(await m.place(request)).toEqual({ ok: false, reason: 'insufficientFunds' });
    await db.transaction((tx) => changeBalance(tx, { userId: trader, currency: 'USDT', account: 'spot', available: '40', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    expect(await m.place(request)).toMatchObject({ ok: true });
  });

  it('tells the user feed, after the commit, whose orders (as written) and pair balances changed — never the fee account', async () => {
    const heard: Array<[string, number, unknown]> = [];
    const feed = {
      // Each order as the batch's last statement wrote it: id, status, filled.
      ordersCommitted: (userId: number, orders: readonly SpotOrder[]) => void heard.push(['orders', userId, orders.map((o) => [o.id, o.status, o.filled])]),
      balancesChanged: (userId: number, rows: ReadonlyArray<{ currency: string; account: string }>) => void heard.push(['balances', userId, rows.map((r) => `${r.currency}:${r.account}`)]),
    };
    const m = new SpotMarket(BTC_USDT, db, new ReferenceEngine(), publisher, () => clock, feed);
    const seller = await user('feed-seller@example.org', { BTC: '1' });
    const buyer = await user('feed-buyer@example.org', { USDT: '1000' });
    const ask = (await m.place({ userId: seller, side: 'sell', type: 'limit', price: '300', quantity: '1' })) as { orderId: number };
    expect(heard).toEqual([
      ['orders', seller, [[ask.orderId, 1, '0']]],
      ['balances', seller, ['BTC:spot', 'USDT:spot']],
    ]);
    heard.length = 0;
    const bid = (await m.place({ userId: buyer, side: 'buy', type: 'limit', price: '300', quantity: '0.5' })) as { orderId: number };
    expect(heard).toEqual(
      expect.arrayContaining([
        ['orders', buyer, [[bid.orderId, 3, '0.5']]],
        ['orders', seller, [[ask.orderId, 2, '0.5']]],
        ['balances', buyer, ['BTC:spot', 'USDT:spot']],
        ['balances', seller, ['BTC:spot', 'USDT:spot']],
      ]),
    );
    expect(heard).toHaveLength(4);
    heard.length = 0;
    await m.cancel(seller, ask.orderId);
    expect(heard).toEqual([
      ['orders', seller, [[ask.orderId, 4, '0.5']]],
      ['balances', seller, ['BTC:spot', 'USDT:spot']],
    ]);
  });

  it('keeps the ledger promises with fees: nothing created or lost, every balance explained, frozen = held', async () => {
    expect(await auditBooks(db)).toEqual([]);
  });
});

describe('spot market: pairs trading at once', () => {
  it('two users trading opposite ways on two pairs at the same time never deadlock or lose a trade', async () => {
    const ETH_USDT: PairSpec = { left: 'ETH', right: 'USDT', symbol: 'ETH_USDT', pricePrecision: 2, amountPrecision: 4, contract: true };
    const btc = market();
    const eth = new SpotMarket(ETH_USDT, db, new ReferenceEngine(), publisher, () => clock);
    const p = await user('cross-p@example.org', { BTC: '100', ETH: '100', USDT: '1000000' });
    const q = await user('cross-q@example.org', { BTC: '100', ETH: '100', USDT: '1000000' });
    // On BTC_USDT p sells to q; on ETH_USDT q sells to p: each trade's transaction touches both users'
    // USDT rows, in opposite orders on the two pairs.
    const rounds = async (m: SpotMarket, seller: number, buyer: number, price: string) => {
      for (let i = 0; i < 25; i++) {
        await m.place({ userId: seller, side: 'sell', type: 'limit', price, quantity: '0.1' });
        const hit = await m.place({ userId: buyer, side: 'buy', type: 'limit', price, quantity: '0.1' });
        expect(hit.ok && hit.events.some((e) => e.type === 'trade')).toBe(true);
      }
    };
    await Promise.all([rounds(btc, p, q, '1000'), rounds(eth, q, p, '100')]);
    expect(await auditBooks(db)).toEqual([]);
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from spot_trade where maker_user_id = any($1::bigint[])', [[p, q]])) as [{ n: number }];
    expect(n).toBe(50);
  });
});
