import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { API_KEY_PATHS } from '../../../domain/apiKeys.js';
import { useBinanceServer } from './harness.js';

/**
 * Issue 36: Binance's signing, permissions, IP allowlist and error codes on the real server, and one
 * submission shared by an API order and a browser order with the same key.
 */
const t = useBinanceServer('signing');
const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '20000' };

describe('Binance signing', () => {
  it('a good signature passes, in the query or the form body; a replay inside the window is accepted', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    const timestamp = Date.now();
    const first = await t.signed(trader.key, 'GET', '/api/v3/account', {}, { timestamp });
    expect(first.status).toBe(200);
    expect(first.body.balances).toContainEqual({ asset: 'USDT', free: '1000', locked: '0' });
    expect(first.headers.get('x-mbx-used-weight-1m')).toMatch(/^\d+$/);
    expect((await t.signed(trader.key, 'GET', '/api/v3/account', {}, { timestamp })).status).toBe(200);
    const placed = await t.signed(trader.key, 'POST', '/api/v3/order', order, { inBody: true });
    expect(placed.body).toMatchObject({ symbol: 'BTCUSDT', status: 'NEW', price: '20000', origQty: '0.01' });
  });

  it('a wrong signature, an unknown key, a stale timestamp and a window over 60 s answer Binance’s codes', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    expect(await t.signed(trader.key, 'GET', '/api/v3/account', {}, { secret: 'x'.repeat(64) })).toMatchObject({ status: 400, body: { code: -1022, msg: 'Signature for this request is not valid.' } });
    // A signature whose %-escape is broken is a wrong signature, not a server error (it answered 500).
    for (const [method, path] of [['GET', '/api/v3/account'], ['POST', '/api/v3/order?symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=20000&quantity=0.01&']] as const) {
      for (const broken of ['%zz', '%E0%A4%A']) {
        const url = `${t.server.url}${path}${path.includes('?') ? '' : '?'}timestamp=${Date.now()}&signature=${broken}`;
        const answer = await fetch(url, { method, headers: { 'x-mbx-apikey': trader.key.api_key } });
        expect({ status: answer.status, body: await answer.json() }).toMatchObject({ status: 400, body: { code: -1022 } });
      }
    }
    expect(await t.signed({ ...trader.key, api_key: 'A'.repeat(64) }, 'GET', '/api/v3/account')).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(await t.signed({ ...trader.key, api_key: 'short' }, 'GET', '/api/v3/account')).toMatchObject({ status: 401, body: { code: -2014 } });
    expect(await t.signed(trader.key, 'GET', '/api/v3/account', {}, { timestamp: Date.now() - 6000 })).toMatchObject({ status: 400, body: { code: -1021 } });
    expect(await t.signed(trader.key, 'GET', '/api/v3/account', { recvWindow: '70000' })).toMatchObject({ status: 400, body: { code: -1131 } });
    expect(await t.signed(trader.key, 'GET', '/api/v3/account', { recvWindow: '10000' }, { timestamp: Date.now() - 6000 })).toMatchObject({ status: 200 });
  });

  it('a body is read only as a form, the form the signature covers: a JSON body cannot add parameters to a signed request', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    // A signed read of the account, as a log or a proxy might hold it: its query is all the signature covers.
    const query = `timestamp=${Date.now()}`;
    const signature = createHmac('sha256', trader.key.secret).update(query).digest('hex');
    for (const [method, body] of [['POST', order], ['DELETE', { symbol: 'BTCUSDT', orderId: '1' }]] as const) {
      const answer = await fetch(`${t.server.url}/api/v3/order?${query}&signature=${signature}`, {
        method,
        headers: { 'x-mbx-apikey': trader.key.api_key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect({ status: answer.status, body: await answer.json() }).toMatchObject({ status: 400, body: { code: -1100, msg: expect.stringMatching(/^Unsupported content type/) } });
    }
    expect((await t.signed(trader.key, 'GET', '/api/v3/openOrders')).body).toEqual([]);
    expect((await t.signed(trader.key, 'GET', '/api/v3/account')).body.balances).toContainEqual({ asset: 'USDT', free: '1000', locked: '0' });
  });

  it('bad parameters are Binance refusals, never a 500', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, symbol: 'NOPEUSDT' })).toMatchObject({ status: 400, body: { code: -1121 } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, timeInForce: 'ALL_OR_NONE' })).toMatchObject({ status: 400, body: { code: -1115, msg: 'Invalid timeInForce.' } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, debug: '1' })).toMatchObject({ status: 400, body: { code: -1104 } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, quantity: '1e3' })).toMatchObject({ status: 400, body: { code: -1100 } });
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, quantity: '100' })).toMatchObject({ status: 400, body: { code: -2010, msg: 'Account has insufficient balance for requested action.' } });
    // Binance's enumerations are refused when not its values, before anything is placed (they were read as the default).
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, newOrderRespType: 'XYZ' })).toMatchObject({ status: 400, body: { code: -1100 } });
    for (const bad of [{ workingType: 'garbage' }, { priceProtect: 'maybe' }, { newOrderRespType: 'FULL' }] as Array<Record<string, string>>) {
      expect(await t.signed(trader.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '1000', quantity: '0.01', ...bad })).toMatchObject({ status: 400, body: { code: -1100 } });
    }
    expect((await t.signed(trader.key, 'GET', '/api/v3/openOrders')).body).toEqual([]);
    const { price: _price, ...noPrice } = order;
    expect(await t.signed(trader.key, 'POST', '/api/v3/order', noPrice)).toMatchObject({ status: 400, body: { code: -1102 } });
    const klines = await fetch(`${t.server.url}/api/v3/klines?symbol=BTCUSDT&interval=2m`);
    expect([klines.status, ((await klines.json()) as { code: number }).code]).toEqual([400, -1120]);
  });

  it('a read-only key cannot trade; an allowlisted key works only from its addresses; futures refuse the unverified', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    const readOnly = await t.apiKey(trader.token, ['read']);
    expect((await t.signed(readOnly, 'GET', '/api/v3/openOrders')).status).toBe(200);
    expect(await t.signed(readOnly, 'POST', '/api/v3/order', order)).toMatchObject({ status: 401, body: { code: -2015 } });
    const elsewhere = await t.apiKey(trader.token, ['read'], ['203.0.113.7']);
    expect(await t.signed(elsewhere, 'GET', '/api/v3/account')).toMatchObject({ status: 401, body: { code: -2015 } });
    const here = await t.apiKey(trader.token, ['read'], ['127.0.0.1']);
    expect((await t.signed(here, 'GET', '/api/v3/account')).status).toBe(200);
    await expect(t.apiKey(trader.token, ['read', 'withdraw'])).rejects.toThrow(/allowlist/);

    const newcomer = await t.trader([['USDT', '1000', 'contract']], false);
    const refused = await t.signed(newcomer.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' });
    expect(refused).toMatchObject({ status: 400, body: { code: -2010, msg: expect.stringMatching(/^No trading permission/) } });
  });

  it('a deleted key stops at once; a browser order and an API order with the same key are one order', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    const key = 'shared-key-0001';
    const browser = await fetch(`${t.server.url}${SPOT_PATHS.place}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: trader.token, 'idempotency-key': key },
      body: JSON.stringify({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' }),
    });
    const browserOrder = ((await browser.json()) as { data: { id: number } }).data;
    const api = await t.signed(trader.key, 'POST', '/api/v3/order', { ...order, newClientOrderId: key });
    expect(api.body.orderId).toBe(browserOrder.id);
    expect((await t.signed(trader.key, 'GET', '/api/v3/openOrders')).body).toHaveLength(1);
    const account = await t.signed(trader.key, 'GET', '/api/v3/account');
    expect(account.body.balances).toContainEqual({ asset: 'USDT', free: '800', locked: '200' });
    expect((await t.signed(trader.key, 'GET', '/api/v3/order', { symbol: 'BTCUSDT', origClientOrderId: key })).body.orderId).toBe(browserOrder.id);

    const removed = await fetch(`${t.server.url}${API_KEY_PATHS.delete}`, { method: 'POST', headers: { 'content-type': 'application/json', token: trader.token }, body: JSON.stringify({ api_key: trader.key.api_key }) });
    expect(((await removed.json()) as { code: number }).code).toBe(200);
    expect(await t.signed(trader.key, 'GET', '/api/v3/account')).toMatchObject({ status: 401, body: { code: -2015 } });
  });

  it('time in force as the engine has it: IOC expires its rest, LIMIT_MAKER and GTX only rest (refused if they would take), FOK fills whole or expires', async () => {
    const seller = await t.trader([['BTC', '1']]);
    const buyer = await t.trader([['USDT', '2000']]);
    // Above the bids the other tests leave at 20000.
    const ask = { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '30000' };
    expect((await t.signed(seller.key, 'POST', '/api/v3/order', ask)).body).toMatchObject({ status: 'NEW' });
    const { timeInForce: _tif, ...maker } = { ...order, type: 'LIMIT_MAKER', price: '30000' };
    const taking = { ...order, price: '30000' };
    expect(await t.signed(buyer.key, 'POST', '/api/v3/order', maker)).toMatchObject({ status: 400, body: { code: -2010, msg: 'Order would immediately match and take.' } });
    expect(await t.signed(buyer.key, 'POST', '/api/v3/order', { ...taking, timeInForce: 'GTX' })).toMatchObject({ status: 400, body: { code: -2010 } });
    expect((await t.signed(buyer.key, 'POST', '/api/v3/order', { ...maker, price: '25000' })).body).toMatchObject({ status: 'NEW', type: 'LIMIT_MAKER', timeInForce: 'GTC' });
    expect((await t.signed(buyer.key, 'POST', '/api/v3/order', { ...order, timeInForce: 'GTX', price: '24000' })).body).toMatchObject({ status: 'NEW', type: 'LIMIT', timeInForce: 'GTX' });
    const ioc = await t.signed(buyer.key, 'POST', '/api/v3/order', { ...taking, timeInForce: 'IOC', quantity: '0.02' });
    expect(ioc.body).toMatchObject({ status: 'EXPIRED', timeInForce: 'IOC', origQty: '0.02', executedQty: '0.01' });
    expect((await t.signed(buyer.key, 'GET', '/api/v3/openOrders', { symbol: 'BTCUSDT' })).body).toHaveLength(2);
    expect(await t.signed(buyer.key, 'POST', '/api/v3/order', { ...maker, timeInForce: 'GTC' })).toMatchObject({ status: 400, body: { code: -1106 } });
    expect(await t.signed(buyer.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quoteOrderQty: '10', timeInForce: 'IOC' })).toMatchObject({ status: 400, body: { code: -1106 } });
    // FOK: more than the book holds at the price expires whole, nothing filled and nothing kept frozen; what it holds fills whole.
    const before = (await t.signed(buyer.key, 'GET', '/api/v3/account')).body.balances;
    await t.signed(seller.key, 'POST', '/api/v3/order', { ...ask, quantity: '0.01' });
    const killed = await t.signed(buyer.key, 'POST', '/api/v3/order', { ...taking, timeInForce: 'FOK', quantity: '0.02' });
    expect(killed.body).toMatchObject({ status: 'EXPIRED', timeInForce: 'FOK', origQty: '0.02', executedQty: '0', fills: [] });
    expect((await t.signed(buyer.key, 'GET', '/api/v3/account')).body.balances).toEqual(before);
    const whole = await t.signed(buyer.key, 'POST', '/api/v3/order', { ...taking, timeInForce: 'FOK', quantity: '0.01' });
    expect(whole.body).toMatchObject({ status: 'FILLED', timeInForce: 'FOK', executedQty: '0.01' });
  });
});
