import ccxt from 'ccxt';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { useBinanceServer, type Trader } from './harness.js';
import { streamClient, type StreamClient } from './wsClient.js';

/**
 * Binance USDⓈ-M's user data stream: listenKeys by the API key alone (POST, PUT, DELETE
 * /fapi/v1/listenKey) and `/ws/<listenKey>` on the server's own port pushing ORDER_TRADE_UPDATE
 * and ACCOUNT_UPDATE from the futures product's private-channel pushes. A spot key and a futures
 * key are two streams: neither tells the other's events.
 */
const t = useBinanceServer('fstream');
const clients: StreamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const listenKey = async (method: string, apiKey: string | undefined, query = '', path = '/fapi/v1/listenKey') => {
  const response = await fetch(`${t.server.url}${path}${query}`, { method, headers: apiKey ? { 'x-mbx-apikey': apiKey } : {} });
  return { status: response.status, body: (await response.json()) as any };
};
const futuresOrder = (trader: Trader, side: 'BUY' | 'SELL', price: string, quantity: string, extra: Record<string, string> = {}) =>
  t.signed(trader.key, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity, ...extra });
const open = async (trader: Trader, path = '/fapi/v1/listenKey') => {
  const { listenKey: key } = (await listenKey('POST', trader.key.api_key, '', path)).body as { listenKey: string };
  const client = await streamClient(t.server.url, `/ws/${key}`);
  clients.push(client);
  return client;
};
/** The futures trades of an order, with their ids, as the futures product recorded them. */
const tradesOf = async (orderId: number) =>
  (await t.server.db.query<{ id: string; fee: string }>(
    `select id::text as id, trim_scale(case when maker_order_id = $1 then maker_fee else taker_fee end)::text as fee from futures_trade where maker_order_id = $1 or taker_order_id = $1 order by id`,
    [orderId],
  )).map((r) => ({ id: Number(r.id), fee: r.fee }));
const walletBalance = async (trader: Trader) => ((await t.signed(trader.key, 'GET', '/fapi/v2/balance')).body as Array<{ balance: string }>)[0]!.balance;
const transfer = async (trader: Trader, from: string, to: string, quantity: string) => {
  const response = await fetch(`${t.server.url}${WALLET_PATHS.transfer}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: trader.token, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ currency: 'USDT', from, to, quantity }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
};
const quiet = () => new Promise((resolve) => setTimeout(resolve, 400));
/** The HTTP answer to a WebSocket handshake the server refuses (one it takes fails the test). */
const refusedUpgrade = (path: string) =>
  new Promise<{ status: number; type: string | undefined; body: unknown }>((resolve, reject) => {
    const socket = new WebSocket(`${t.server.url.replace(/^http/, 'ws')}${path}`);
    socket.once('open', () => {
      socket.close();
      reject(new Error(`${path} was opened`));
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, type: response.headers['content-type'], body: JSON.parse(text) }));
    });
  });

describe('Binance futures user data stream', () => {
  it('listenKeys: made, kept alive (answering the key) and closed with the API key alone; refusals as Binance; one key per market', async () => {
    const trader = await t.trader([['USDT', '1000', 'contract']]);
    const made = await listenKey('POST', trader.key.api_key);
    expect(made.status).toBe(200);
    expect(made.body.listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    expect((await listenKey('POST', trader.key.api_key)).body).toEqual(made.body);
    expect(await listenKey('PUT', trader.key.api_key, `?listenKey=${made.body.listenKey}`)).toEqual({ status: 200, body: { listenKey: made.body.listenKey } });
    expect(await listenKey('POST', undefined)).toEqual({ status: 401, body: { code: -2014, msg: 'API-key format invalid.' } });
    expect((await listenKey('POST', 'A'.repeat(64))).body.code).toBe(-2015);
    expect((await listenKey('PUT', trader.key.api_key, `?listenKey=${'x'.repeat(60)}`)).body).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    // Binance USDⓈ-M's keepalive takes no parameter: the user's live key.
    expect(await listenKey('PUT', trader.key.api_key)).toEqual({ status: 200, body: { listenKey: made.body.listenKey } });
    const other = await t.trader([['USDT', '1']]);
    expect((await listenKey('DELETE', other.key.api_key, `?listenKey=${made.body.listenKey}`)).body.code).toBe(-1125);
    expect((await listenKey('PUT', other.key.api_key)).body).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    expect((await listenKey('DELETE', other.key.api_key)).body.code).toBe(-1125);

    // The spot key is another key, and neither market's calls know the other's.
    const spot = (await listenKey('POST', trader.key.api_key, '', '/api/v3/userDataStream')).body.listenKey as string;
    expect(spot).not.toBe(made.body.listenKey);
    expect((await listenKey('PUT', trader.key.api_key, `?listenKey=${spot}`)).body.code).toBe(-1125);
    expect((await listenKey('PUT', trader.key.api_key, `?listenKey=${made.body.listenKey}`, '/api/v3/userDataStream')).body.code).toBe(-1125);
    expect((await listenKey('DELETE', trader.key.api_key, `?listenKey=${spot}`)).body.code).toBe(-1125);

    const client = await streamClient(t.server.url, `/ws/${made.body.listenKey}`);
    clients.push(client);
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    expect(await listenKey('DELETE', trader.key.api_key)).toEqual({ status: 200, body: {} });
    await closed;
    expect((await listenKey('PUT', trader.key.api_key, `?listenKey=${made.body.listenKey}`)).body.code).toBe(-1125);
    expect((await listenKey('PUT', trader.key.api_key)).body.code).toBe(-1125);
    // The spot key lives on.
    expect((await listenKey('PUT', trader.key.api_key, `?listenKey=${spot}`, '/api/v3/userDataStream')).body).toEqual({});
  });

  it('a futures key past its time: listenKeyExpired and closed', async () => {
    const trader = await t.trader([['USDT', '10', 'contract']]);
    const { listenKey: key } = (await listenKey('POST', trader.key.api_key)).body as { listenKey: string };
    // The key is looked up before the handshake: once open, the connection is the key's stream.
    const client = await streamClient(t.server.url, `/ws/${key}`);
    clients.push(client);
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    await t.server.db.query(`update binance_listen_key set expires_at = now() - interval '1 second' where listen_key = $1`, [key]);
    expect(await client.next((m) => m.e === 'listenKeyExpired', 10_000)).toMatchObject({ listenKey: key });
    await closed;
  }, 30_000);

  it('ORDER_TRADE_UPDATE NEW, TRADE with the trade id, CANCELED; a close with its realised profit; ACCOUNT_UPDATE after each fill', async () => {
    const maker = await t.trader([['USDT', '10000', 'contract']]);
    const taker = await t.trader([['USDT', '10000', 'contract']]);
    const client = await open(maker);

    const placed = (await futuresOrder(maker, 'SELL', '30000', '0.5', { newClientOrderId: 'fbot-1' })).body as { orderId: number };
    const created = await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'NEW');
    expect(created.o).toMatchObject({ s: 'BTCUSDT', c: 'fbot-1', S: 'SELL', o: 'LIMIT', f: 'GTC', q: '0.5', p: '30000', ap: '0', X: 'NEW', i: placed.orderId, l: '0', z: '0', t: 0, R: false, ps: 'BOTH', rp: '0' });

    await futuresOrder(taker, 'BUY', '30000', '0.2');
    const trade = await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'TRADE');
    const [fill] = await tradesOf(placed.orderId);
    expect(trade.o).toMatchObject({ i: placed.orderId, c: 'fbot-1', X: 'PARTIALLY_FILLED', l: '0.2', L: '30000', z: '0.2', ap: '30000', t: fill!.id, n: fill!.fee, N: 'USDT', m: true, rp: '0' });
    expect(fill!.fee).toBe('1.2');
    const afterOpen = await client.next((m) => m.e === 'ACCOUNT_UPDATE');
    expect(afterOpen.a).toMatchObject({ m: 'ORDER', B: [{ a: 'USDT', wb: '9998.8', cw: '9998.8', bc: '0' }], P: [{ s: 'BTCUSDT', pa: '-0.2', ep: '30000', mt: 'cross', iw: '0', ps: 'BOTH' }] });
    expect(await walletBalance(maker)).toBe('9998.8');

    expect((await t.signed(maker.key, 'DELETE', '/fapi/v1/order', { symbol: 'BTCUSDT', orderId: String(placed.orderId) })).status).toBe(200);
    const cancelled = await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'CANCELED');
    expect(cancelled.o).toMatchObject({ i: placed.orderId, X: 'CANCELED', z: '0.2' });

    // The short closes 1000 lower against a new short: 200 realised on the closing trade, the position flat.
    const close = (await futuresOrder(maker, 'BUY', '29000', '0.2', { newClientOrderId: 'fbot-2' })).body as { orderId: number };
    const seller = await t.trader([['USDT', '10000', 'contract']]);
    const taking = await futuresOrder(seller, 'SELL', '29000', '0.2');
    expect(taking.body).toMatchObject({ status: 'FILLED' });
    const closing = await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'TRADE' && m.o.i === close.orderId);
    const [closeFill] = await tradesOf(close.orderId);
    expect(closing.o).toMatchObject({ c: 'fbot-2', S: 'BUY', X: 'FILLED', l: '0.2', L: '29000', t: closeFill!.id, n: closeFill!.fee, R: true, m: true, rp: '200' });
    const afterClose = await client.next((m) => m.e === 'ACCOUNT_UPDATE' && m.a.P.some((p: { pa: string }) => p.pa === '0'));
    expect(afterClose.a).toMatchObject({ m: 'ORDER', B: [{ a: 'USDT', wb: '10197.64', bc: '0' }], P: [{ s: 'BTCUSDT', pa: '0', ep: '0', cr: '200' }] });
    expect(await walletBalance(maker)).toBe('10197.64');
    // /fapi/v1/userTrades lists the same trades by the same ids, with the same commission and realised profit.
    const listed = (await t.signed(maker.key, 'GET', '/fapi/v1/userTrades', { symbol: 'BTCUSDT' })).body as Array<{ id: number; orderId: number; commission: string; realizedPnl: string; maker: boolean }>;
    expect(listed).toEqual([
      expect.objectContaining({ id: trade.o.t, orderId: placed.orderId, commission: '1.2', realizedPnl: '0', maker: true }),
      expect.objectContaining({ id: closing.o.t, orderId: close.orderId, commission: closing.o.n, realizedPnl: '200', maker: true }),
    ]);
    // Only the maker's own orders on its stream.
    expect(client.messages.filter((m) => m.e === 'ORDER_TRADE_UPDATE').every((m) => m.o.i === placed.orderId || m.o.i === close.orderId)).toBe(true);
  }, 30_000);

  it('margin added to an isolated position: ACCOUNT_UPDATE MARGIN_TRANSFER, the wallet balance unchanged, the position with its new isolated margin', async () => {
    const trader = await t.trader([['USDT', '10000', 'contract']]);
    const seller = await t.trader([['USDT', '10000', 'contract']]);
    expect((await t.signed(trader.key, 'POST', '/fapi/v1/marginType', { symbol: 'BTCUSDT', marginType: 'ISOLATED' })).status).toBe(200);
    expect((await t.signed(trader.key, 'POST', '/fapi/v1/leverage', { symbol: 'BTCUSDT', leverage: '10' })).status).toBe(200);
    await futuresOrder(seller, 'SELL', '30000', '0.1');
    expect((await futuresOrder(trader, 'BUY', '30000', '0.1')).body).toMatchObject({ status: 'FILLED' });
    const client = await open(trader);
    await quiet();
    const wb = await walletBalance(trader);
    const added = await fetch(`${t.server.url}/api/futures/margin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: trader.token, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ symbol: 'btc_usdt', type: 'add', amount: '50' }),
    });
    expect(((await added.json()) as { code: number }).code).toBe(200);
    const update = await client.next((m) => m.e === 'ACCOUNT_UPDATE' && m.a.m === 'MARGIN_TRANSFER');
    // 0.1 × 30 000 ÷ 10 = 300 of margin, and 50 more.
    expect(update.a).toMatchObject({ B: [{ a: 'USDT', wb, bc: '0' }], P: [{ s: 'BTCUSDT', pa: '0.1', mt: 'isolated', iw: '350', ps: 'BOTH' }] });
  }, 30_000);

  it('a transfer into and out of the futures account: ACCOUNT_UPDATE DEPOSIT and WITHDRAW with the amount and the wallet balance', async () => {
    const trader = await t.trader([['USDT', '500'], ['USDT', '100', 'contract']]);
    const client = await open(trader);
    await transfer(trader, 'spot', 'contract', '250.5');
    const deposit = await client.next((m) => m.e === 'ACCOUNT_UPDATE');
    expect(deposit.a).toEqual({ m: 'DEPOSIT', B: [{ a: 'USDT', wb: '350.5', cw: '350.5', bc: '250.5' }], P: [] });
    await transfer(trader, 'contract', 'spot', '50');
    const withdrawal = await client.next((m) => m.e === 'ACCOUNT_UPDATE' && m.a.m === 'WITHDRAW');
    expect(withdrawal.a.B).toEqual([{ a: 'USDT', wb: '300.5', cw: '300.5', bc: '-50' }]);
    await quiet();
    expect(client.messages.filter((m) => m.e === 'ACCOUNT_UPDATE')).toHaveLength(2);
  }, 30_000);

  it('a leverage change: one ACCOUNT_CONFIG_UPDATE with the Binance symbol and the new leverage; none for the same leverage again, a refused change (locked by a waiting order) or a margin type change', async () => {
    const trader = await t.trader([['USDT', '10000', 'contract']]);
    const client = await open(trader);
    const setLeverage = (leverage: string) => t.signed(trader.key, 'POST', '/fapi/v1/leverage', { symbol: 'BTCUSDT', leverage });
    const configs = () => client.messages.filter((m) => m.e === 'ACCOUNT_CONFIG_UPDATE');
    const before = Date.now();
    expect((await setLeverage('25')).body).toMatchObject({ leverage: 25, symbol: 'BTCUSDT' });
    const update = await client.next((m) => m.e === 'ACCOUNT_CONFIG_UPDATE');
    expect(update).toEqual({ e: 'ACCOUNT_CONFIG_UPDATE', E: expect.any(Number), T: expect.any(Number), ac: { s: 'BTCUSDT', l: 25 } });
    expect(update.T).toBeGreaterThanOrEqual(before);
    expect(update.E).toBeGreaterThanOrEqual(update.T);

    // The same leverage again is set (answered as Binance) but changes nothing: no event.
    expect((await setLeverage('25')).body).toMatchObject({ leverage: 25 });
    // Refused while an order waits on the contract (its holds were figured with the leverage): no event.
    const resting = (await futuresOrder(trader, 'BUY', '10000', '0.01')).body as { orderId: number; status: string };
    expect(resting.status).toBe('NEW');
    expect((await setLeverage('30')).body).toMatchObject({ code: -4028 });
    expect((await t.signed(trader.key, 'DELETE', '/fapi/v1/order', { symbol: 'BTCUSDT', orderId: String(resting.orderId) })).status).toBe(200);
    // A margin type change alone keeps the leverage: none either (Binance sends none for it).
    expect((await t.signed(trader.key, 'POST', '/fapi/v1/marginType', { symbol: 'BTCUSDT', marginType: 'ISOLATED' })).status).toBe(200);
    await quiet();
    expect(configs()).toHaveLength(1);

    // The browser's route is the same use case: its change is told too.
    const viaPage = await fetch(`${t.server.url}/api/futures/leverage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: trader.token, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ symbol: 'btc_usdt', leverage: 7, margin_mode: 'isolated' }),
    });
    expect(((await viaPage.json()) as { code: number }).code).toBe(200);
    expect((await client.next((m) => m.e === 'ACCOUNT_CONFIG_UPDATE' && m.ac.l === 7)).ac).toEqual({ s: 'BTCUSDT', l: 7 });
    await quiet();
    expect(configs()).toHaveLength(2);
  }, 30_000);

  it('a spot key tells no futures event, a futures key no spot event', async () => {
    const trader = await t.trader([['USDT', '100000'], ['USDT', '10000', 'contract']]);
    const spot = await open(trader, '/api/v3/userDataStream');
    const futures = await open(trader);

    const spotOrder = (await t.signed(trader.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '10000', quantity: '0.1' })).body as { orderId: number };
    await spot.next((m) => m.e === 'executionReport' && m.i === spotOrder.orderId);
    const placed = (await futuresOrder(trader, 'BUY', '10000', '0.1')).body as { orderId: number };
    await futures.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === placed.orderId);
    await transfer(trader, 'spot', 'contract', '10');
    await spot.next((m) => m.e === 'balanceUpdate' && m.d === '-10');
    await futures.next((m) => m.e === 'ACCOUNT_UPDATE' && m.a.m === 'DEPOSIT');
    await quiet();
    expect(spot.messages.filter((m) => m.e === 'ORDER_TRADE_UPDATE' || m.e === 'ACCOUNT_UPDATE')).toEqual([]);
    expect(futures.messages.filter((m) => m.e === 'executionReport' || m.e === 'outboundAccountPosition' || m.e === 'balanceUpdate')).toEqual([]);
  }, 30_000);

  it('/private/ws without a listenKey, or with one that is none, is refused with an HTTP answer in Binance’s shape; a live key is taken', async () => {
    // They had been dropped without an answer (no listenKey) or opened a connection that never told anything (a key that is none).
    expect(await refusedUpgrade('/private/ws')).toEqual({ status: 400, type: 'application/json', body: { code: -1102, msg: "Mandatory parameter 'listenKey' was not sent, was empty/null, or malformed." } });
    expect(await refusedUpgrade('/private/ws?listenKey=')).toEqual(expect.objectContaining({ status: 400, body: expect.objectContaining({ code: -1102 }) }));
    for (const key of ['x'.repeat(60), 'nope']) {
      expect(await refusedUpgrade(`/private/ws?listenKey=${key}`)).toEqual({ status: 400, type: 'application/json', body: { code: -1125, msg: 'This listenKey does not exist.' } });
    }
    // A live key there is its stream, as on /ws/<key> (ccxt.pro's binanceusdm connects so).
    const trader = await t.trader([['USDT', '10000', 'contract']]);
    const { listenKey: key } = (await listenKey('POST', trader.key.api_key)).body as { listenKey: string };
    const client = await streamClient(t.server.url, `/private/ws?listenKey=${key}`);
    clients.push(client);
    const placed = (await futuresOrder(trader, 'BUY', '10000', '0.1')).body as { orderId: number };
    await client.next((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === placed.orderId);
    // The server goes on.
    expect((await fetch(`${t.server.url}/fapi/v1/ping`)).status).toBe(200);
  });
});

describe('ccxt.pro binanceusdm', () => {
  it('watchOrders over the futures user data stream (its REST and WebSocket URLs pointed here)', async () => {
    const trader = await t.trader([['USDT', '10000', 'contract']]);
    const exchange = new ccxt.pro.binanceusdm({ apiKey: trader.key.api_key, secret: trader.key.secret, enableRateLimit: false, options: { fetchMarkets: { types: ['linear'] }, fetchMargins: false, fetchCurrencies: false } });
    const api = exchange.urls['api'] as Record<string, unknown>;
    for (const [name, url] of Object.entries(api)) if (typeof url === 'string') api[name] = url.replace(/^https:\/\/[^/]+/, t.server.url);
    (api['ws'] as Record<string, unknown>)['future'] = `${t.server.url.replace(/^http/, 'ws')}/ws`;
    try {
      await exchange.loadHttpProxyAgent();
      await exchange.loadMarkets();
      const watching = exchange.watchOrders('BTC/USDT:USDT');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const placed = (await futuresOrder(trader, 'BUY', '10000', '0.01', { newClientOrderId: 'ccxt-f-1' })).body as { orderId: number };
      const orders = await watching;
      expect(orders.at(-1)).toMatchObject({ id: String(placed.orderId), clientOrderId: 'ccxt-f-1', symbol: 'BTC/USDT:USDT', side: 'buy', type: 'limit', status: 'open', price: 10000, amount: 0.01 });
    } finally {
      await exchange.close();
    }
  }, 30_000);
});
