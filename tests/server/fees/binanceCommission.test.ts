import { describe, expect, it } from 'vitest';
import { forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
import { useBinanceServer } from '../binance/harness.js';

/**
 * Issue 52 §2 in the Binance dialect: `/api/v3/account` `commissionRates`,
 * `GET /api/v3/account/commission` and `GET /fapi/v1/commissionRate` answer the signed-in key's
 * own rates — the schedule's by default, their override once set — as Binance writes them.
 */
const t = useBinanceServer('commission');

describe('commission rates in the Binance dialect', () => {
  it("answers the key owner's rates: the schedule's, then their override's", async () => {
    const trader = await t.trader([['USDT', '100']]);
    const account = await t.signed(trader.key, 'GET', '/api/v3/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ makerCommission: 10, takerCommission: 10, commissionRates: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' } });

    const spot = await t.signed(trader.key, 'GET', '/api/v3/account/commission', { symbol: 'BTCUSDT' });
    expect(spot.body).toEqual({
      symbol: 'BTCUSDT',
      standardCommission: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
      specialCommission: { maker: '0.00000000', taker: '0.00000000', buyer: '0.00000000', seller: '0.00000000' },
      taxCommission: { maker: '0.00000000', taker: '0.00000000', buyer: '0.00000000', seller: '0.00000000' },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: '0.00000000' },
    });
    const futures = await t.signed(trader.key, 'GET', '/fapi/v1/commissionRate', { symbol: 'BTCUSDT' });
    expect(futures.body).toEqual({ symbol: 'BTCUSDT', makerCommissionRate: '0.0002', takerCommissionRate: '0.0005' });

    // A partner's override, in spot's BTC_USDT and in every contract.
    const ends = Date.now() + 86_400_000;
    await t.server.db.query(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms)
       values ($1, 'spot', 'BTC_USDT', -0.0001, 0.0004, $2, 1, 0), ($1, 'futures', '*', 0, 0.0003, $2, 1, 0)`,
      [trader.id, ends],
    );
    await t.server.db.query('update fee_state set version = version + 1');
    forgetFeeRates(t.server.db);
    expect((await t.signed(trader.key, 'GET', '/api/v3/account/commission', { symbol: 'BTCUSDT' })).body.standardCommission).toMatchObject({ maker: '-0.00010000', taker: '0.00040000' });
    expect((await t.signed(trader.key, 'GET', '/api/v3/account/commission', { symbol: 'ETHUSDT' })).body.standardCommission).toMatchObject({ maker: '0.00100000' });
    expect((await t.signed(trader.key, 'GET', '/fapi/v1/commissionRate', { symbol: 'ETHUSDT' })).body).toEqual({ symbol: 'ETHUSDT', makerCommissionRate: '0', takerCommissionRate: '0.0003' });
  });

  it('refuses a missing or unknown symbol and an unsigned call the Binance way', async () => {
    const trader = await t.trader([]);
    expect((await t.signed(trader.key, 'GET', '/api/v3/account/commission')).body).toMatchObject({ code: -1102 });
    expect((await t.signed(trader.key, 'GET', '/api/v3/account/commission', { symbol: 'NOPEUSDT' })).body).toMatchObject({ code: -1121 });
    expect((await t.signed(trader.key, 'GET', '/fapi/v1/commissionRate', { symbol: 'NOPEUSDT' })).body).toMatchObject({ code: -1121 });
    const unsigned = await fetch(`${t.server.url}/fapi/v1/commissionRate?symbol=BTCUSDT`);
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
  });
});
