import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS, type MarginMode } from '../../../domain/futures/api.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

const t = useFutures();
const BTC = 'BTC_USDT';

/** A trader long `quantity` at 60 000 against a fresh maker; answers both. */
const longAt60000 = (funds: string, quantity: string, leverage: number, mode: MarginMode) => t.longAt60000({ funds, quantity, leverage, mode });

describe('liquidation', () => {
  it('isolated long past its liquidation price by mark: closed into the book; fee and surplus to the insurance fund', async () => {
    const { trader } = await longAt60000('10000', '0.5', 10, 'isolated');
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '54100', quantity: '0.5' });
    const fundBefore = await t.insurance();
    await t.mark(BTC, '54300'); // above 54 216.87: nothing happens
    expect(t.position(trader).side).toBe(1);
    await t.mark(BTC, '54200');
    expect(t.position(trader).side).toBe(0);
    // Closed at 54 100: 3000 margin − 2950 loss − 13.525 fee = 36.475 left, all to the fund (liquidation fee cap 135.25).
    expect(Number((await t.insurance()).available) - Number(fundBefore.available)).toBeCloseTo(36.475, 9);
    expect(await t.balance(trader)).toEqual({ available: '6985', frozen: '0' });
    const [row] = await t.db.query<{ source: string; profit: string }>(`select source, trim_scale(profit)::text as profit from futures_order where user_id = $1 and action = 'close_long'`, [trader.id]);
    expect(row).toEqual({ source: 'liquidation', profit: '-2950' });
    await t.expectAuditClean();
  });

  it('a price gap past the bankruptcy price: the insurance fund pays the deficit and the balance never goes below zero', async () => {
    const { trader } = await longAt60000('3015', '0.5', 10, 'isolated');
    expect(await t.balance(trader)).toEqual({ available: '0', frozen: '0' });
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.5' });
    const fundBefore = Number((await t.insurance()).available);
    const totalBefore = await t.contractTotal();
    await t.mark(BTC, '50000'); // straight past the bankruptcy price of 54 000
    expect(t.position(trader).side).toBe(0);
    // Loss 5000 against 3000 margin: the fund pays the 2000 beyond it, no fee is charged.
    expect(fundBefore - Number((await t.insurance()).available)).toBe(2000);
    expect(await t.balance(trader)).toEqual({ available: '0', frozen: '0' });
    expect(await t.contractTotal()).toBe(totalBefore);
    await t.expectAuditClean();
  });

  it('cross: the account is liquidated as a whole; a deficit is paid from its available balance first', async () => {
    // 1000 USDT, 20× cross long 0.1 at 60 000: margin 300, fee 3, available 697; wallet 997.
    // LP = (997 − 6000) ÷ (0.1 × 0.004 − 0.1) = 50230.92…
    const { trader } = await longAt60000('1000', '0.1', 20, 'cross');
    const [pos] = expectOk(await t.post<Array<{ liquidation_price: string }>>(trader, FUTURES_PATHS.positions, {}));
    expect(pos!.liquidation_price).toBe('50230.923694779116465864');
    const resting = expectOk(await t.order(trader, { action: 'open_long', type: 'limit', price: '40000', quantity: '0.001' }));
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.1' });
    const fundBefore = Number((await t.insurance()).available);
    await t.mark(BTC, '50200');
    expect(t.position(trader).side).toBe(0);
    // The open order was cancelled first; loss 1000 − margin 300 = 700: 696.? from available, the rest from the fund.
    const [order] = await t.db.query<{ status: number }>(`select status from futures_order where id = $1`, [resting.order.id]);
    expect(order!.status).toBe(5);
    expect(await t.balance(trader)).toEqual({ available: '0', frozen: '0' });
    expect(fundBefore - Number((await t.insurance()).available)).toBeCloseTo(3, 9);
    await t.expectAuditClean();
  });

  it('finds candidates through the liquidation-price index, not by scanning', async () => {
    const checksBefore = t.ex.stats.liquidationChecks;
    const { trader } = await longAt60000('100000', '0.01', 2, 'isolated');
    await t.mark(BTC, '59000');
    expect(t.position(trader).side).toBe(1);
    // Nobody's liquidation price is at or above 59 000 among longs, or at or below among shorts.
    expect(t.ex.index.candidates(BTC, t.fx('59000'))).toEqual([]);
    expect(t.ex.stats.liquidationChecks).toBe(checksBefore);
  });
});

describe('funding', () => {
  it('longs pay shorts notional × rate; the fund keeps the rounding; the total over all accounts does not move', async () => {
    const { trader, maker } = await longAt60000('10000', '0.3', 10, 'cross');
    // A mark 0.1 % above the index for the whole interval: premium 0.001 → rate 0.0005.
    await t.db.query(`update futures_mark set premium_sum = 0, premium_count = 0`);
    const pair = t.ex.pairs.get(BTC)!;
    await t.product.feed.setIndex(pair, t.fx('60000'), { basis: t.fx('60') });
    const longBefore = Number((await t.balance(trader)).available);
    const shortBefore = Number((await t.balance(maker)).available);
    const totalBefore = await t.contractTotal();
    const result = await t.product.payFunding(BTC, Date.UTC(2026, 0, 5, 8));
    expect(result).toMatchObject({ rate: '0.0005' });
    expect(result!.positions).toBe(t.ex.index.size);
    // 0.3 × 60 060 × 0.0005 = 9.009
    expect(longBefore - Number((await t.balance(trader)).available)).toBeCloseTo(9.009, 9);
    expect(Number((await t.balance(maker)).available) - shortBefore).toBeCloseTo(9.009, 9);
    expect(await t.contractTotal()).toBe(totalBefore);
    // Paid once: a second run of the same funding time pays nothing.
    expect(await t.product.payFunding(BTC, Date.UTC(2026, 0, 5, 8))).toBeUndefined();
    await t.expectAuditClean();
  });
});

describe('take-profit and stop-loss', () => {
  it('a take-profit by mark fires within one mark update and cancels its stop-loss (one-cancels-the-other)', async () => {
    const { trader } = await longAt60000('10000', '0.2', 10, 'isolated');
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'mark', trigger_value: '62000', exec_type: 'market' }));
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'mark', trigger_value: '58000', exec_type: 'market' }));
    await t.closesAtMark(trader, { bid: '61900', quantity: '0.2', before: '61999', trigger: '62000' });
    const plans = await t.db.query<{ kind: string; status: number }>(`select kind, status from futures_plan where user_id = $1 order by id`, [trader.id]);
    expect(plans).toEqual([
      { kind: 'take_profit', status: 2 },
      { kind: 'stop_loss', status: 3 },
    ]);
    const [close] = await t.db.query<{ source: string; profit: string }>(`select source, trim_scale(profit)::text as profit from futures_order where user_id = $1 and action = 'close_long'`, [trader.id]);
    expect(close).toEqual({ source: 'take_profit', profit: '380' }); // (61 900 − 60 000) × 0.2
    await t.expectAuditClean();
  });

  it('a stop-loss by yield rate: ROE ≤ −20 % on 10× fires at a 2 % fall', async () => {
    const { trader } = await longAt60000('10000', '0.1', 10, 'isolated');
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'roe', trigger_value: '20', exec_type: 'market' }));
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '58700', quantity: '0.1' });
    await t.mark(BTC, '58900'); // ROE −18.33 %
    expect(t.position(trader).side).toBe(1);
    await t.mark(BTC, '58800'); // ROE −20 %
    expect(t.position(trader).side).toBe(0);
    await t.expectAuditClean();
  });

  it('TP/SL given with an opening order wait for its position; closing the position cancels them', async () => {
    const { trader } = await t.longAt60000({
      funds: '10000',
      also: {
        take_profit: { trigger_by: 'last', trigger_value: '70000', exec_type: 'market' },
        stop_loss: { trigger_by: 'mark', trigger_value: '50000', exec_type: 'limit', exec_price: '49900' },
      },
    });
    const waiting = expectOk(await t.post<{ list: Array<{ kind: string; trigger_by: string }> }>(trader, FUTURES_PATHS.plans, { page: 1 }));
    expect(waiting.list.map((p) => p.kind).sort()).toEqual(['stop_loss', 'take_profit']);
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '60000', quantity: '0.1' });
    expectOk(await t.post(trader, FUTURES_PATHS.flashClose, { symbol: 'btc_usdt' }));
    const after = expectOk(await t.post<{ list: unknown[] }>(trader, FUTURES_PATHS.plans, { page: 1 }));
    expect(after.list).toEqual([]);
    await t.expectAuditClean();
  });
});

describe('restart', () => {
  it('a fresh exchange over the same database rebuilds books, positions and plans', async () => {
    const { trader } = await longAt60000('10000', '0.1', 10, 'isolated');
    const resting = expectOk(await t.order(trader, { action: 'open_long', type: 'limit', price: '55000', quantity: '0.01' }));
    const before = { position: t.position(trader), depth: t.ex.engines.get(BTC)!.depth(50) };
    await t.ex.restore();
    expect(t.position(trader)).toEqual(before.position);
    expect(t.ex.engines.get(BTC)!.depth(50)).toEqual(before.depth);
    expect(t.ex.orders.has(resting.order.id)).toBe(true);
    await t.expectAuditClean();
  });
});
