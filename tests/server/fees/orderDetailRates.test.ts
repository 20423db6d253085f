import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { spotNewOrder, spotTrade } from '../../../server/products/binance/spotShapes.js';
import { orderDetailOf } from '../../../server/products/spot/orderViews.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { createTestUser } from '../support/users.js';
import { useTestDatabase } from '../testDb.js';

/**
 * Issue 52 §2: the order details show the rate each fill used (the user's own: a maker rebate is
 * a negative rate beside a negative fee), and the Binance dialect's fills and myTrades carry the
 * fee where Binance does (`commission`, `commissionAsset`; Binance has no per-fill rate).
 */
const BTC_USDT: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };

const t = useTestDatabase();
const clock = Date.parse('2026-11-27T10:00:00Z');
const market = () => new SpotMarket(BTC_USDT, t.db, new ReferenceEngine(), { publish: () => undefined }, () => clock);
/** A funded user's id (spot account). */
const user = async (funds: Record<string, string>): Promise<number> => (await createTestUser(t.db, { tag: 'fee-detail', kind: 'user', funded: funds })).id;

describe('fee rates in order details', () => {
  it("each fill shows the rate it used: the maker's rebate negative, the taker's own rate", async () => {
    const maker = await user({ BTC: '1' });
    const taker = await user({ USDT: '5000' });
    // A rebate is paid from what the fee account holds.
    const fees = await systemAccountId(t.db, 'fees');
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: '100', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    await t.db.query(`insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'spot', 'BTC_USDT', -0.0002, 0.001, $2, 1, $3)`, [
      maker,
      clock + 86_400_000,
      clock,
    ]);
    await t.db.query(`insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'spot', '*', 0.001, 0.0007, $2, 1, $3)`, [
      taker,
      clock + 86_400_000,
      clock,
    ]);
    await t.db.query('update fee_state set version = version + 1 where id = 1');
    forgetFeeRates(t.db);
    const m = market();
    const ask = (await m.place({ userId: maker, side: 'sell', type: 'limit', price: '5000', quantity: '0.5' })) as { orderId: number };
    await m.place({ userId: maker, side: 'sell', type: 'limit', price: '5000', quantity: '0.5' });
    const bid = (await m.place({ userId: taker, side: 'buy', type: 'limit', price: '5000', quantity: '1' })) as { orderId: number };

    const sold = (await orderDetailOf(t.db, maker, ask.orderId))!;
    // 0.02 % of the 2500 USDT received, paid back.
    expect(sold.deals).toEqual([expect.objectContaining({ fee: '-0.5', rate: '-0.0002', role: 'maker' })]);
    const bought = (await orderDetailOf(t.db, taker, bid.orderId))!;
    expect(bought.deals.map((d) => ({ fee: d.fee, rate: d.rate, role: d.role }))).toEqual([
      { fee: '0.00035', rate: '0.0007', role: 'taker' },
      { fee: '0.00035', rate: '0.0007', role: 'taker' },
    ]);

    // The Binance dialect: the fee in the fill and the trade, a rebate negative, in the quote currency.
    expect(spotTrade(sold, sold.deals[0]!)).toMatchObject({ commission: '-0.5', commissionAsset: 'USDT', isMaker: true });
    expect(spotNewOrder(bought, 'c1', bought.deals).fills).toEqual([
      expect.objectContaining({ commission: '0.00035', commissionAsset: 'BTC' }),
      expect.objectContaining({ commission: '0.00035', commissionAsset: 'BTC' }),
    ]);
  });

  it('a fill made before rates were recorded shows none', async () => {
    const maker = await user({ BTC: '1' });
    const taker = await user({ USDT: '5000' });
    const m = market();
    const ask = (await m.place({ userId: maker, side: 'sell', type: 'limit', price: '5000', quantity: '1' })) as { orderId: number };
    await m.place({ userId: taker, side: 'buy', type: 'limit', price: '5000', quantity: '1' });
    await t.db.query('update spot_trade set maker_rate = null, taker_rate = null where maker_order_id = $1', [ask.orderId]);
    expect((await orderDetailOf(t.db, maker, ask.orderId))!.deals).toEqual([expect.objectContaining({ rate: null })]);
  });
});
