import { describe, expect, it } from 'vitest';
import { forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
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
    // 0.1 % of 6000 = 6, above the 3 the default rate's hold reserved: the rest comes from available.
    expect(bought.body.data).toMatchObject({ order: { fee: '6' } });
    expect(await t.balance(other)).toEqual({ available: '9394', frozen: '0' });
    await setFutures(`delete from fee_schedule where product = 'futures' and market = 'BTC_USDT'`);
    await t.expectAuditClean();
  });
});
