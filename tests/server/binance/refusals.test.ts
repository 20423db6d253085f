import ccxt from 'ccxt';
import { describe, expect, it } from 'vitest';
import { useBinanceServer } from './harness.js';

/**
 * Refusals as Binance words them (its errors.md), where bots and ccxt read the code or the text:
 * what exchangeInfo's filters describe is -1013 "Filter failure: <filter>" (it had been -2010 with
 * our translated reason), a parameter the order type does not take is -1106 (it had been ignored),
 * a cancel's `cancelRestrictions` is obeyed (it had been ignored), self-trade prevention is the
 * engine's EXPIRE_TAKER, a name repeated in the query is -1101, an unknown ticker type -1139.
 */
const t = useBinanceServer('refusals');
const limit = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '20000', quantity: '0.01' };
const market = { symbol: 'BTCUSDT', type: 'MARKET' };

describe('Binance filter failures', () => {
  it('PRICE_FILTER, LOT_SIZE, MARKET_LOT_SIZE and NOTIONAL as -1013, as exchangeInfo names them', async () => {
    const trader = await t.trader([['USDT', '100000'], ['BTC', '1']]);
    const place = async (params: Record<string, string>) => (await t.signed(trader.key, 'POST', '/api/v3/order', params)).body as { code: number; msg: string };
    const failure = (filter: string) => ({ code: -1013, msg: `Filter failure: ${filter}` });
    // BTCUSDT: tick 0.01, step 0.00001, minNotional 1, maxPrice and maxQty 1000000000.
    expect(await place({ ...limit, price: '20000.001' })).toEqual(failure('PRICE_FILTER'));
    expect(await place({ ...limit, price: '0' })).toEqual(failure('PRICE_FILTER'));
    expect(await place({ ...limit, price: '1000000001' })).toEqual(failure('PRICE_FILTER'));
    expect(await place({ ...limit, quantity: '0.000001' })).toEqual(failure('LOT_SIZE'));
    expect(await place({ ...limit, quantity: '0' })).toEqual(failure('LOT_SIZE'));
    expect(await place({ ...limit, quantity: '1000000001' })).toEqual(failure('LOT_SIZE'));
    expect(await place({ ...limit, quantity: '0.00001' })).toEqual(failure('NOTIONAL'));
    expect(await place({ ...market, side: 'SELL', quantity: '0.000001' })).toEqual(failure('MARKET_LOT_SIZE'));
    expect(await place({ ...market, side: 'BUY', quoteOrderQty: '0.5' })).toEqual(failure('NOTIONAL'));
    expect(await place({ ...market, side: 'BUY', quoteOrderQty: '10.001' })).toEqual({ code: -1111, msg: "Parameter 'quoteOrderQty' has too much precision." });
    expect(await place({ ...limit, quantity: '00.01' })).toMatchObject({ code: -1100 });
    // Not a filter: Binance's own text, which ccxt reads as InsufficientFunds.
    expect(await place({ ...limit, quantity: '100' })).toEqual({ code: -2010, msg: 'Account has insufficient balance for requested action.' });
    // A parameter the type does not take is refused, not dropped: a MARKET's price, a LIMIT's quoteOrderQty.
    expect(await place({ ...market, side: 'SELL', quantity: '0.01', price: '100000' })).toMatchObject({ code: -1106 });
    expect(await place({ ...limit, quoteOrderQty: '200' })).toMatchObject({ code: -1106 });
    expect((await t.signed(trader.key, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);
  });

  it('ccxt reads them as Binance’s: InvalidOrder for the lot and price filters', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    const bot = t.ccxtClient(trader);
    await bot.loadMarkets();
    // ccxt rounds to the market's precision itself; sent raw, a finer quantity is LOT_SIZE.
    await expect(bot.privatePostOrder({ ...limit, quantity: '0.000001' })).rejects.toBeInstanceOf(ccxt.InvalidOrder);
    await expect(bot.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 20000.004)).resolves.toMatchObject({ price: 20000, amount: 0.01, status: 'open' });
  });
});

describe('Binance self-trade prevention', () => {
  it('is EXPIRE_TAKER, as the engine does it (NONE had been advertised and accepted, and not honoured)', async () => {
    const info = (await (await fetch(`${t.server.url}/api/v3/exchangeInfo?symbol=ETHUSDT`)).json()) as { symbols: Array<Record<string, unknown>> };
    expect(info.symbols[0]).toMatchObject({ defaultSelfTradePreventionMode: 'EXPIRE_TAKER', allowedSelfTradePreventionModes: ['EXPIRE_TAKER'] });
    const trader = await t.trader([['USDT', '1000'], ['ETH', '1']]);
    const order = { symbol: 'ETHUSDT', type: 'LIMIT', timeInForce: 'GTC', price: '3000', quantity: '0.1' };
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, side: 'SELL', selfTradePreventionMode: 'NONE' })).toMatchObject({ status: 400, body: { code: -1100 } });
    const ask = await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, side: 'SELL' });
    expect(ask.body).toMatchObject({ status: 'NEW', selfTradePreventionMode: 'EXPIRE_TAKER' });
    const bid = await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, side: 'BUY', selfTradePreventionMode: 'EXPIRE_TAKER' });
    expect(bid.body).toMatchObject({ status: 'EXPIRED_IN_MATCH', executedQty: '0', fills: [] });
    expect((await t.signed(trader.key, 'GET', '/api/v3/myTrades', { symbol: 'ETHUSDT' })).body).toEqual([]);
    expect((await t.signed(trader.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '10000', quantity: '0.01', selfTradePreventionMode: 'EXPIRE_MAKER' })).body).toMatchObject({ code: -1100 });
  });
});

describe('Binance cancels', () => {
  it('cancelRestrictions is obeyed, both ids must name one order, newClientOrderId names the cancel', async () => {
    const seller = await t.trader([['BTC', '1']]);
    const buyer = await t.trader([['USDT', '10000']]);
    const ask = { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: '30000', quantity: '0.02' };
    const partly = (await t.signed(seller.key, 'POST', '/api/v3/order', { ...ask, newClientOrderId: 'ask-partly-01' })).body;
    const fresh = (await t.signed(seller.key, 'POST', '/api/v3/order', { ...ask, price: '31000', newClientOrderId: 'ask-fresh-001' })).body;
    expect((await t.signed(buyer.key, 'POST', '/api/v3/order', { ...ask, side: 'BUY', quantity: '0.01' })).body.status).toBe('FILLED');
    const cancel = (params: Record<string, string>) => t.signed(seller.key, 'DELETE', '/api/v3/order', { symbol: 'BTCUSDT', ...params });

    const restricted = { code: -2011, msg: 'Order was not canceled due to cancel restrictions.' };
    expect((await cancel({ orderId: String(partly.orderId), cancelRestrictions: 'ONLY_NEW' })).body).toEqual(restricted);
    expect((await cancel({ orderId: String(fresh.orderId), cancelRestrictions: 'ONLY_PARTIALLY_FILLED' })).body).toEqual(restricted);
    expect((await cancel({ orderId: String(fresh.orderId), cancelRestrictions: 'SOMETIMES' })).body).toMatchObject({ code: -1145 });
    expect((await cancel({ orderId: String(fresh.orderId), origClientOrderId: 'ask-partly-01' })).body).toMatchObject({ code: -2011 });
    expect((await t.signed(seller.key, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' })).body).toHaveLength(2);

    expect((await cancel({ orderId: String(partly.orderId), cancelRestrictions: 'ONLY_PARTIALLY_FILLED' })).body).toMatchObject({ status: 'CANCELED', executedQty: '0.01' });
    const named = await cancel({ origClientOrderId: 'ask-fresh-001', newClientOrderId: 'cancel-fresh-1', cancelRestrictions: 'ONLY_NEW' });
    expect(named.body).toMatchObject({ status: 'CANCELED', orderId: fresh.orderId, origClientOrderId: 'ask-fresh-001', clientOrderId: 'cancel-fresh-1' });
  });
});

describe('Binance parameter refusals', () => {
  it('a name repeated in the query is -1101, an unknown ticker type -1139, an unknown symbolStatus -1122', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    expect((await t.signed(trader.key, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' }, { extraQuery: 'symbol=ETHUSDT' })).body).toMatchObject({ code: -1101 });
    const get = async (path: string) => {
      const answer = await fetch(`${t.server.url}${path}`);
      return { status: answer.status, body: (await answer.json()) as any };
    };
    expect(await get('/api/v3/depth?symbol=BTCUSDT&symbol=ETHUSDT')).toMatchObject({ status: 400, body: { code: -1101 } });
    expect(await get('/api/v3/ticker/24hr?symbol=BTCUSDT&type=NANO')).toMatchObject({ status: 400, body: { code: -1139 } });
    expect((await get('/api/v3/ticker/24hr?symbol=BTCUSDT&type=MINI')).body).toMatchObject({ symbol: 'BTCUSDT' });
    expect(await get('/api/v3/exchangeInfo?symbolStatus=OPEN')).toMatchObject({ status: 400, body: { code: -1122 } });
    expect((await get('/api/v3/exchangeInfo?symbolStatus=TRADING')).body.symbols.length).toBeGreaterThan(0);
    expect((await get('/api/v3/exchangeInfo?symbolStatus=HALT')).body.symbols).toEqual([]);
  });
});
