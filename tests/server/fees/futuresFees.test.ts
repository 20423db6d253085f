import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS, type FuturesConfig } from '../../../domain/futures/api.js';
import { forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
import { expectOk } from '../http.js';
import { useFutures } from '../futures/harness.js';

/**
 * Issue 52 §2 in the futures books: a fill pays the user's own rate in the contract (the futures
 * schedule's row, or their override) instead of the constants, with no restart; a taker rate above
 * the default the order's hold reserved is charged from the available balance, and the ledger audit
 * stays clean.
 */
const t = useFutures();

async function setFutures(sql: string, params: unknown[] = []) {
  await t.db.query(sql, params);
  await t.db.query('update fee_state set version = version + 1');
  forgetFeeRates(t.db);
}

describe('futures fees from the schedules', () => {
  it("charges the contract's schedule row, then a user's override, on the next fill", async () => {
    await setFutures(`insert into fee_schedule (product, market, tier, maker, taker) values ('futures', 'BTC_USDT', 0, 0.0001, 0.0003)`);
    const { maker, trader, opened } = await t.longAt60000({ funds: '10000', quantity: '0.5', leverage: 10, makerFunds: '1000000' });
    // 0.03 % of 30 000 for the taker, 0.01 % for the maker.
    expect(opened.order).toMatchObject({ status: 3, filled: '0.5', fee: '9' });
    expect(await t.balance(trader)).toEqual({ available: '6991', frozen: '0' });
    expect(await t.balance(maker)).toEqual({ available: '998497', frozen: '0' });

    const other = await t.user('10000');
    await setFutures(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'futures', '*', 0, 0.001, $2, 1, 0)`,
      [other.id, t.now() + 86_400_000],
    );
    await t.leverage(other, 10, 'isolated');
    const seller = await t.user('1000000');
    await t.place(seller.id, { symbol: 'BTC_USDT', action: 'open_short', type: 'limit', price: '60000', quantity: '0.1' });
    const bought = await t.order(other, { action: 'open_long', type: 'market', quantity: '0.1' });
    // 0.1 % of 6000 = 6, which the hold reserved at the user's own taker rate (it reserved the default 0.05 % before).
    expect(bought.body.data).toMatchObject({ order: { fee: '6' } });
    expect(await t.balance(other)).toEqual({ available: '9394', frozen: '0' });
    await setFutures(`delete from fee_schedule where product = 'futures' and market = 'BTC_USDT'`);
    await t.expectAuditClean();
  });

  it("the order form's settings carry the user's own rates (its fee preview, maximum and liquidation estimate)", async () => {
    const user = await t.user('10000');
    await setFutures(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'futures', 'BTC_USDT', 0.0001, 0.0008, $2, 1, 0)`,
      [user.id, t.now() + 86_400_000],
    );
    const mine = expectOk(await t.post<FuturesConfig>(user, FUTURES_PATHS.settings, { symbol: 'btc_usdt' }));
    expect(mine.fees).toEqual({ maker: '0.0001', taker: '0.0008' });
    // Without an override: the contract's schedule row, as the fills pay it.
    const other = await t.user('10000');
    await setFutures(`insert into fee_schedule (product, market, tier, maker, taker) values ('futures', 'BTC_USDT', 0, 0.00015, 0.00045)`);
    expect(expectOk(await t.post<FuturesConfig>(other, FUTURES_PATHS.settings, { symbol: 'btc_usdt' })).fees).toEqual({ maker: '0.00015', taker: '0.00045' });
    await setFutures(`delete from fee_schedule where product = 'futures' and market = 'BTC_USDT'`);
  });

  it("a liquidation's close pays the user's own taker rate, the liquidation fee taking what is left", async () => {
    const trader = await t.user('10000');
    await setFutures(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'futures', '*', 0, 0.001, $2, 1, 0)`,
      [trader.id, t.now() + 86_400_000],
    );
    await t.clearBook();
    await t.mark('BTC_USDT', '60000');
    await t.leverage(trader, 10, 'isolated');
    const seller = await t.user('10000000');
    await t.place(seller.id, { symbol: 'BTC_USDT', action: 'open_short', type: 'limit', price: '60000', quantity: '0.5' });
    expectOk(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.5' }));
    // 3000 margin and 0.1 % of 30 000 = 30.
    expect(await t.balance(trader)).toEqual({ available: '6970', frozen: '0' });
    const bidder = await t.user('10000000');
    // Enough for the earlier test's longs too, which this mark liquidates as well.
    await t.place(bidder.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '54100', quantity: '5' });
    await t.mark('BTC_USDT', '54200');
    expect(t.position(trader).side).toBe(0);
    // Closed at 54 100: 0.1 % of 27 050 = 27.05 (not the default's 13.525); 3000 − 2950 − 27.05 = 22.95 to the fund.
    const [close] = await t.db.query<{ id: string; source: string; fee: string }>(
      `select id::text, source, trim_scale(fee)::text as fee from futures_order where user_id = $1 and action = 'close_long'`,
      [trader.id],
    );
    expect(close).toMatchObject({ source: 'liquidation', fee: '27.05' });
    const [toFund] = await t.db.query<{ paid: string }>(
      `select trim_scale(sum(-available_change))::text as paid from ledger_entry where user_id = $1 and ref_type = 'futures_order' and ref_id = $2 and kind in ('liquidation_fee', 'liquidation_surplus')`,
      [trader.id, close!.id],
    );
    expect(toFund!.paid).toBe('22.95');
    expect(await t.balance(trader)).toEqual({ available: '6970', frozen: '0' });
    await t.expectAuditClean();
  });
});
