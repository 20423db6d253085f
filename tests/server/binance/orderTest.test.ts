import { describe, expect, it } from 'vitest';
import { useBinanceServer, type Trader } from './harness.js';

/**
 * Binance's POST /api/v3/order/test and /fapi/v1/order/test: a new order read and checked as the
 * real endpoint checks it — signature, parameters, filters, the engine's rules — answering `{}` and
 * placing nothing: no order, nothing frozen, its newClientOrderId still free. The balance is not
 * checked, as on Binance. Every refusal is the real endpoint's, code and text. (They had been 404.)
 */
const t = useBinanceServer('order-test');
type Key = Trader['key'];
const limit = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '20000', quantity: '0.01' };
const market = { symbol: 'BTCUSDT', type: 'MARKET' };
const futures = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '10000', quantity: '0.01' };

const spotBalances = async (key: Key) => (await t.signed(key, 'GET', '/api/v3/account')).body.balances as unknown[];
/** The contract balance but its `updateTime` (the time of the call). */
const futuresBalance = async (key: Key) => ((await t.signed(key, 'GET', '/fapi/v2/balance')).body as Array<Record<string, unknown>>).map(({ updateTime: _now, ...rest }) => rest);
const rows = async (table: 'spot_order' | 'futures_order' | 'idempotency_key' | 'api_client_order', userId: number) =>
  Number((await t.server.db.query<{ n: string }>(`select count(*) as n from ${table} where user_id = $1`, [userId]))[0]!.n);

describe('POST /api/v3/order/test', () => {
  it('answers {} for an order the real endpoint takes, and places, freezes and claims nothing', async () => {
    const trader = await t.trader([['USDT', '10000'], ['BTC', '1']]);
    const before = await spotBalances(trader.key);
    const probes = [
      { ...limit, newClientOrderId: 'probe-spot-0001' },
      { ...limit, side: 'SELL', price: '30000', newOrderRespType: 'ACK' },
      { ...limit, type: 'LIMIT_MAKER', timeInForce: undefined },
      { ...market, side: 'BUY', quoteOrderQty: '100' },
      { ...market, side: 'BUY', quantity: '0.01' },
      { ...market, side: 'SELL', quantity: '0.01' },
    ];
    for (const probe of probes) {
      const params = Object.fromEntries(Object.entries(probe).filter(([, v]) => v !== undefined)) as Record<string, string>;
      expect(await t.signed(trader.key, 'POST', '/api/v3/order/test', params)).toMatchObject({ status: 200, body: {} });
    }
    expect(await spotBalances(trader.key)).toEqual(before);
    expect((await t.signed(trader.key, 'GET', '/api/v3/allOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);
    expect([await rows('spot_order', trader.id), await rows('idempotency_key', trader.id), await rows('api_client_order', trader.id)]).toEqual([0, 0, 0]);
    // The client id is free: the real order with it is a new order, not the answer to a repeat.
    const placed = await t.signed(trader.key, 'POST', '/api/v3/order', { ...limit, newClientOrderId: 'probe-spot-0001' });
    expect(placed.body).toMatchObject({ status: 'NEW', clientOrderId: 'probe-spot-0001', origQty: '0.01' });
    // Sent in the form body as well as the query, as ccxt sends a POST.
    expect((await t.signed(trader.key, 'POST', '/api/v3/order/test', limit, { inBody: true })).body).toEqual({});
  });

  it('does not check the balance, as Binance’s test does not; computeCommissionRates answers the caller’s rates', async () => {
    const poor = await t.trader([['USDT', '10']]);
    expect((await t.signed(poor.key, 'POST', '/api/v3/order/test', limit)).body).toEqual({});
    expect((await t.signed(poor.key, 'POST', '/api/v3/order', limit)).body).toEqual({ code: -2010, msg: 'Account has insufficient balance for requested action.' });
    const rates = await t.signed(poor.key, 'POST', '/api/v3/order/test', { ...limit, computeCommissionRates: 'true' });
    expect(rates.body).toEqual({
      standardCommissionForOrder: { maker: expect.stringMatching(/^\d\.\d{8}$/), taker: expect.stringMatching(/^\d\.\d{8}$/) },
      specialCommissionForOrder: { maker: '0.00000000', taker: '0.00000000' },
      taxCommissionForOrder: { maker: '0.00000000', taker: '0.00000000' },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: '0.00000000' },
    });
    const commission = (await t.signed(poor.key, 'GET', '/api/v3/account/commission', { symbol: 'BTCUSDT' })).body as { standardCommission: { maker: string; taker: string } };
    expect(rates.body.standardCommissionForOrder).toEqual({ maker: commission.standardCommission.maker, taker: commission.standardCommission.taker });
    expect((await t.signed(poor.key, 'POST', '/api/v3/order/test', { ...limit, computeCommissionRates: 'yes' })).body).toMatchObject({ code: -1100 });
  });

  it('refuses each bad order with the real endpoint’s code and text', async () => {
    // A trade, so the price band (PERCENT_PRICE_BY_SIDE) has its reference.
    const seller = await t.trader([['BTC', '1']]);
    const buyer = await t.trader([['USDT', '10000']]);
    await t.signed(seller.key, 'POST', '/api/v3/order', { ...limit, side: 'SELL', price: '30000' });
    expect((await t.signed(buyer.key, 'POST', '/api/v3/order', { ...limit, price: '30000' })).body.status).toBe('FILLED');

    const trader = await t.trader([['USDT', '100000'], ['BTC', '1']]);
    const bad: Array<Record<string, string>> = [
      { ...limit, price: '20000.001' },
      { ...limit, price: '0' },
      { ...limit, price: '1000000001' },
      { ...limit, quantity: '0.000001' },
      { ...limit, quantity: '0.00001' },
      { ...limit, quantity: '00.01' },
      { ...limit, price: '1000' },
      { ...limit, price: '200000' },
      { ...market, side: 'SELL', quantity: '0.000001' },
      { ...market, side: 'BUY', quoteOrderQty: '0.5' },
      { ...market, side: 'BUY', quoteOrderQty: '10.001' },
      { ...market, side: 'SELL', quoteOrderQty: '100' },
      { ...market, side: 'BUY', quantity: '0.01', quoteOrderQty: '100' },
      { ...market, side: 'SELL', quantity: '0.01', price: '30000' },
      { ...market, side: 'BUY' },
      { ...limit, quoteOrderQty: '200' },
      { ...limit, timeInForce: 'ALL_OR_NONE' },
      { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '20000', quantity: '0.01' },
      { ...limit, type: 'LIMIT_MAKER' },
      { ...limit, type: 'STOP_LOSS' },
      { ...limit, type: 'SOMETIMES' },
      { ...limit, side: 'UP' },
      { ...limit, symbol: 'NOPEUSDT' },
      { ...limit, selfTradePreventionMode: 'NONE' },
      { ...limit, newClientOrderId: 'not an id!' },
      { ...limit, newOrderRespType: 'ALL' },
      { ...limit, icebergQty: '1' },
    ];
    for (const params of bad) {
      const tested = await t.signed(trader.key, 'POST', '/api/v3/order/test', params);
      const real = await t.signed(trader.key, 'POST', '/api/v3/order', params);
      expect(real.status, JSON.stringify(params)).toBe(400);
      expect({ status: tested.status, body: tested.body }, JSON.stringify(params)).toEqual({ status: real.status, body: real.body });
    }
    const band = await t.signed(trader.key, 'POST', '/api/v3/order/test', { ...limit, price: '1000' });
    expect(band.body).toEqual({ code: -1013, msg: 'Filter failure: PERCENT_PRICE_BY_SIDE' });
    expect((await t.signed(trader.key, 'GET', '/api/v3/allOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);

    // The signed call's own checks: a wrong signature, a key without the trade permission.
    const wrong = { secret: 'x'.repeat(64) };
    expect((await t.signed(trader.key, 'POST', '/api/v3/order/test', limit, wrong)).body).toEqual((await t.signed(trader.key, 'POST', '/api/v3/order', limit, wrong)).body);
    const readOnly = { ...trader.key, ...(await t.apiKey(trader.token, ['read'])) };
    const refused = await t.signed(readOnly, 'POST', '/api/v3/order/test', limit);
    expect(refused).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(refused.body).toEqual((await t.signed(readOnly, 'POST', '/api/v3/order', limit)).body);
  });
});

describe('POST /fapi/v1/order/test', () => {
  it('answers {} and places, holds and claims nothing; margin unchecked; refusals the real endpoint’s', async () => {
    const trader = await t.trader([['USDT', '10000', 'contract']]);
    const before = await futuresBalance(trader.key);
    for (const probe of [{ ...futures, newClientOrderId: 'probe-fut-0001' }, { ...futures, side: 'SELL', price: '40000' }]) {
      expect(await t.signed(trader.key, 'POST', '/fapi/v1/order/test', probe)).toMatchObject({ status: 200, body: {} });
    }
    expect(await futuresBalance(trader.key)).toEqual(before);
    expect((await t.signed(trader.key, 'GET', '/fapi/v1/openOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);
    expect([await rows('futures_order', trader.id), await rows('idempotency_key', trader.id), await rows('api_client_order', trader.id)]).toEqual([0, 0, 0]);
    const placed = await t.signed(trader.key, 'POST', '/fapi/v1/order', { ...futures, newClientOrderId: 'probe-fut-0001' });
    expect(placed.body).toMatchObject({ status: 'NEW', clientOrderId: 'probe-fut-0001' });

    // Margin is not checked: the real order is -2019, the test {}.
    const poor = await t.trader([['USDT', '1', 'contract']]);
    expect((await t.signed(poor.key, 'POST', '/fapi/v1/order/test', futures)).body).toEqual({});
    expect((await t.signed(poor.key, 'POST', '/fapi/v1/order', futures)).body).toMatchObject({ code: -2019 });

    const unverified = await t.trader([['USDT', '10000', 'contract']], false);
    const bad: Array<[Trader, Record<string, string>]> = [
      [poor, { ...futures, quantity: '100000' }],
      [trader, { ...futures, quantity: '0.0000001' }],
      [trader, { ...futures, price: '10000.0000001' }],
      [trader, { ...futures, reduceOnly: 'true' }],
      [trader, { ...futures, type: 'STOP' }],
      [trader, { ...futures, timeInForce: 'IOC' }],
      [trader, { ...futures, positionSide: 'LONG' }],
      [trader, { ...futures, side: 'UP' }],
      [trader, { ...futures, symbol: 'NOPEUSDT' }],
      [trader, { ...futures, price: '' }],
      [unverified, futures],
    ];
    for (const [who, params] of bad) {
      const tested = await t.signed(who.key, 'POST', '/fapi/v1/order/test', params);
      const real = await t.signed(who.key, 'POST', '/fapi/v1/order', params);
      expect(real.status, JSON.stringify(params)).toBe(400);
      expect({ status: tested.status, body: tested.body }, JSON.stringify(params)).toEqual({ status: real.status, body: real.body });
    }
    expect((await t.signed(trader.key, 'GET', '/fapi/v1/openOrders', { symbol: 'BTCUSDT' })).body).toHaveLength(1);
  });
});
