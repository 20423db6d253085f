import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS, type FuturesConfig, type FuturesOrderDetail } from '../../../domain/futures/api.js';
import { forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

/**
 * Issue 52 §2, the futures side: an opening order's hold reserves the fee at the user's own taker
 * rate (not the constant 0.05 %), so a cheaper user freezes less and a dearer one cannot open what
 * their fee would not be covered for; each fill records its fee and rate (order_detail's trades);
 * the public config shows the schedule's tier-0 row, a signed-in call the user's own rates.
 */
const t = useFutures();

async function setFees(sql: string, params: unknown[] = []) {
  await t.db.query(sql, params);
  await t.db.query('update fee_state set version = version + 1');
  forgetFeeRates(t.db);
}

const override = (userId: number, maker: string, taker: string) =>
  setFees(`insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'futures', 'BTC_USDT', $2, $3, $4, 1, 0)`, [
    userId,
    maker,
    taker,
    t.now() + 86_400_000,
  ]);

// 0.1 BTC at 50 000, 10×: 500 margin; the fee on 5 000 at the user's taker rate.
const resting = { action: 'open_long', type: 'limit', price: '50000', quantity: '0.1' };

describe("futures holds and fills at the user's own rates", () => {
  it('holds a cheaper taker rate for less, and refuses a dearer one what the default rate would have held', async () => {
    await t.clearBook();
    const cheap = await t.user('10000');
    await override(cheap.id, '0', '0.0001');
    await t.leverage(cheap, 10, 'isolated');
    expectOk(await t.order(cheap, resting));
    // 500 + 0.5, not 500 + 2.5.
    expect(await t.balance(cheap)).toEqual({ available: '9499.5', frozen: '500.5' });

    // 502.5 covers the margin and the default rate's fee, not their own 0.1 %.
    const dear = await t.user('502.5');
    await override(dear.id, '0', '0.001');
    await t.leverage(dear, 10, 'isolated');
    const refused = await t.order(dear, resting);
    expect(refused.body).toMatchObject({ code: 400 });
    expect(await t.balance(dear)).toEqual({ available: '502.5', frozen: '0' });
    await t.clearBook();
  });

  it("records each fill's fee and rate, and a dearer taker's fee is held in full and paid from the hold", async () => {
    await t.clearBook();
    await t.mark('BTC_USDT', '50000');
    const dear = await t.user('505');
    await override(dear.id, '0.0002', '0.001');
    await t.leverage(dear, 10, 'isolated');
    const placed = expectOk(await t.order(dear, resting));
    expect(await t.balance(dear)).toEqual({ available: '0', frozen: '505' });
    const seller = await t.user('100000');
    const sold = expectOk(await t.order(seller, { action: 'open_short', type: 'market', quantity: '0.1' }));
    // The resting buyer is the maker: 0.02 % of 5 000 = 1; the seller the taker at the schedule's 0.05 % = 2.5.
    expect(await t.balance(dear)).toEqual({ available: '4', frozen: '0' });
    const detail = expectOk(await t.post<FuturesOrderDetail>(dear, FUTURES_PATHS.orderDetail, { order_id: placed.order.id }));
    expect(detail.trades).toEqual([expect.objectContaining({ price: '50000', quantity: '0.1', fee: '1', rate: '0.0002' })]);
    const taker = expectOk(await t.post<FuturesOrderDetail>(seller, FUTURES_PATHS.orderDetail, { order_id: sold.order.id }));
    expect(taker.trades).toEqual([expect.objectContaining({ fee: '2.5', rate: '0.0005' })]);
    await t.expectAuditClean();
  });

  it("the public config shows the schedule's tier-0 row; a signed-in call the user's own rates", async () => {
    await setFees(`update fee_schedule set maker = 0.0003, taker = 0.0006 where product = 'futures' and market = '*' and tier = 0`);
    try {
      const config = expectOk(await t.post<FuturesConfig>(undefined, FUTURES_PATHS.config, { symbol: 'btc_usdt' }));
      expect(config.fees).toEqual({ maker: '0.0003', taker: '0.0006' });
      const user = await t.user('10');
      await override(user.id, '0.0001', '0.0004');
      expect(expectOk(await t.post<FuturesConfig>(user, FUTURES_PATHS.config, { symbol: 'btc_usdt' })).fees).toEqual({ maker: '0.0001', taker: '0.0004' });
    } finally {
      await setFees(`update fee_schedule set maker = 0.0002, taker = 0.0005 where product = 'futures' and market = '*' and tier = 0`);
    }
  });
});
