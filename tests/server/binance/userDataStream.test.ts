import { afterEach, describe, expect, it } from 'vitest';
import { revokeApiKeys } from '../../../server/kernel/platform/auth/apiKeyRevocation.js';
import { useBinanceServer, type Trader } from './harness.js';
import { streamClient, type StreamClient } from './wsClient.js';

/**
 * Binance's spot user data stream: listenKeys by the API key alone (POST, PUT, DELETE
 * /api/v3/userDataStream) and `/ws/<listenKey>` pushing executionReport and outboundAccountPosition
 * from the user's private channel. A raw client: ccxt.pro's binance watches spot orders through the
 * WebSocket API's signature subscription (`userDataStream.subscribe.signature`), which is not offered.
 */
const t = useBinanceServer('userstream');
const clients: StreamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const keyed = async (method: string, apiKey: string | undefined, query = '') => {
  const response = await fetch(`${t.server.url}/api/v3/userDataStream${query}`, { method, headers: apiKey ? { 'x-mbx-apikey': apiKey } : {} });
  return { status: response.status, body: (await response.json()) as any };
};
const order = (trader: Trader, side: 'BUY' | 'SELL', price: string, quantity: string, extra: Record<string, string> = {}) =>
  t.signed(trader.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity, ...extra });

describe('Binance user data stream', () => {
  it('listenKeys: made, kept alive and closed with the API key alone; refusals as Binance', async () => {
    const trader = await t.trader([['USDT', '1000']]);
    const made = await keyed('POST', trader.key.api_key);
    expect(made.status).toBe(200);
    expect(made.body.listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    // The same key while it lives, as Binance answers.
    expect((await keyed('POST', trader.key.api_key)).body).toEqual(made.body);
    expect(await keyed('PUT', trader.key.api_key, `?listenKey=${made.body.listenKey}`)).toEqual({ status: 200, body: {} });
    expect(await keyed('POST', undefined)).toEqual({ status: 401, body: { code: -2014, msg: 'API-key format invalid.' } });
    expect((await keyed('POST', 'A'.repeat(64))).body.code).toBe(-2015);
    expect((await keyed('PUT', trader.key.api_key, `?listenKey=${'x'.repeat(60)}`)).body).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    expect((await keyed('PUT', trader.key.api_key)).body.code).toBe(-1102);
    // Another user's key is no key of this one's.
    const other = await t.trader([['USDT', '1']]);
    expect((await keyed('DELETE', other.key.api_key, `?listenKey=${made.body.listenKey}`)).body.code).toBe(-1125);

    const client = await streamClient(t.server.url, `/ws/${made.body.listenKey}`);
    clients.push(client);
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    expect(await keyed('DELETE', trader.key.api_key, `?listenKey=${made.body.listenKey}`)).toEqual({ status: 200, body: {} });
    await closed;
    expect((await keyed('PUT', trader.key.api_key, `?listenKey=${made.body.listenKey}`)).body.code).toBe(-1125);
  });

  it('a key past its time (by the database clock): its connection is told listenKeyExpired and closed, a keepalive is refused, and POST makes a new key', async () => {
    const trader = await t.trader([['USDT', '10']]);
    const { listenKey } = (await keyed('POST', trader.key.api_key)).body as { listenKey: string };
    const client = await streamClient(t.server.url, `/ws/${listenKey}`);
    clients.push(client);
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    // As if its 60 minutes had passed: the node holding the connection hears it at its next check.
    await t.server.db.query(`update binance_listen_key set expires_at = now() - interval '1 second' where listen_key = $1`, [listenKey]);
    expect(await client.next((m) => m.e === 'listenKeyExpired', 10_000)).toMatchObject({ listenKey });
    await closed;
    expect((await keyed('PUT', trader.key.api_key, `?listenKey=${listenKey}`)).body.code).toBe(-1125);
    const again = (await keyed('POST', trader.key.api_key)).body as { listenKey: string };
    expect(again.listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    expect(again.listenKey).not.toBe(listenKey);
    // An expired key's name opens no user data stream.
    const late = await streamClient(t.server.url, `/ws/${listenKey}`);
    clients.push(late);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(late.messages.some((m) => m.e === 'listenKeyExpired' || m.e === 'executionReport')).toBe(false);
  }, 30_000);

  it('revoking the user\'s API keys (a password change, a freeze) ends their listenKeys: the connection is closed, the key refused', async () => {
    const trader = await t.trader([['USDT', '10']]);
    const { listenKey } = (await keyed('POST', trader.key.api_key)).body as { listenKey: string };
    const client = await streamClient(t.server.url, `/ws/${listenKey}`);
    clients.push(client);
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    await t.server.db.transaction((tx) => revokeApiKeys(tx, trader.id));
    await closed;
    expect(client.messages.some((m) => m.e === 'listenKeyExpired')).toBe(false);
    expect(await t.server.db.query('select 1 from binance_listen_key where listen_key = $1', [listenKey])).toHaveLength(0);
  }, 30_000);

  it('/ws/<listenKey>: executionReport NEW, TRADE and CANCELED, and outboundAccountPosition', async () => {
    const maker = await t.trader([['BTC', '1']]);
    const taker = await t.trader([['USDT', '100000']]);
    const { listenKey } = (await keyed('POST', maker.key.api_key)).body as { listenKey: string };
    const client = await streamClient(t.server.url, `/ws/${listenKey}`);
    clients.push(client);

    const placed = (await order(maker, 'SELL', '32000', '0.5', { newClientOrderId: 'bot-1' })).body as { orderId: number };
    const created = await client.next((m) => m.e === 'executionReport' && m.x === 'NEW');
    expect(created).toMatchObject({ s: 'BTCUSDT', c: 'bot-1', S: 'SELL', o: 'LIMIT', f: 'GTC', q: '0.5', p: '32000', X: 'NEW', i: placed.orderId, l: '0', z: '0', w: true });
    const position = await client.next((m) => m.e === 'outboundAccountPosition');
    expect(position.B).toContainEqual({ a: 'BTC', f: '0.5', l: '0.5' });

    await order(taker, 'BUY', '32000', '0.2');
    const trade = await client.next((m) => m.e === 'executionReport' && m.x === 'TRADE');
    expect(trade).toMatchObject({ i: placed.orderId, c: 'bot-1', X: 'PARTIALLY_FILLED', l: '0.2', L: '32000', z: '0.2', Y: '6400', m: true, N: 'USDT' });
    // The trade's own id, as myTrades lists it (bots dedupe fills by it), not -1.
    const mine = (await t.signed(maker.key, 'GET', '/api/v3/myTrades', { symbol: 'BTCUSDT', orderId: String(placed.orderId) })).body as Array<{ id: number; commission: string }>;
    expect(mine).toHaveLength(1);
    expect(trade).toMatchObject({ t: mine[0]!.id, n: mine[0]!.commission });
    await client.next((m) => m.e === 'outboundAccountPosition' && m.B.some((b: { a: string; l: string }) => b.a === 'BTC' && b.l === '0.3'));

    const cancelled = await t.signed(maker.key, 'DELETE', '/api/v3/order', { symbol: 'BTCUSDT', orderId: String(placed.orderId) });
    expect(cancelled.status).toBe(200);
    const end = await client.next((m) => m.e === 'executionReport' && m.x === 'CANCELED');
    expect(end).toMatchObject({ i: placed.orderId, X: 'CANCELED', z: '0.2', w: false });
    // The taker's own order never shows on the maker's stream.
    expect(client.messages.filter((m) => m.e === 'executionReport').every((m) => m.i === placed.orderId)).toBe(true);
  }, 30_000);

  it('a TRADE report per trade: one order filled by two trades in one push tells each with its id, quantity, price and commission', async () => {
    const maker = await t.trader([['BTC', '1']]);
    const taker = await t.trader([['USDT', '100000']]);
    await order(maker, 'SELL', '33000', '0.1');
    await order(maker, 'SELL', '33050', '0.2');
    const { listenKey } = (await keyed('POST', taker.key.api_key)).body as { listenKey: string };
    const client = await streamClient(t.server.url, `/ws/${listenKey}`);
    clients.push(client);

    const placed = (await order(taker, 'BUY', '33100', '0.3', { newClientOrderId: 'sweep-1' })).body as { orderId: number; status: string };
    expect(placed.status).toBe('FILLED');
    const first = await client.next((m) => m.e === 'executionReport' && m.x === 'TRADE' && m.i === placed.orderId);
    const second = await client.next((m) => m.e === 'executionReport' && m.x === 'TRADE' && m.i === placed.orderId);
    const fills = (await t.signed(taker.key, 'GET', '/api/v3/myTrades', { symbol: 'BTCUSDT', orderId: String(placed.orderId) })).body as Array<{ id: number; price: string; qty: string; commission: string; commissionAsset: string; time: number }>;
    expect(fills).toHaveLength(2);
    expect(first).toMatchObject({ t: fills[0]!.id, T: fills[0]!.time, l: '0.1', L: '33000', Y: '3300', n: fills[0]!.commission, N: fills[0]!.commissionAsset, z: '0.1', X: 'PARTIALLY_FILLED', m: false, c: 'sweep-1' });
    expect(second).toMatchObject({ t: fills[1]!.id, l: '0.2', L: '33050', Y: '6610', n: fills[1]!.commission, z: '0.3', Z: '9910', X: 'FILLED', m: false });
    expect(first.t).not.toBe(second.t);
    // Nothing else reported as a trade of this order (no -1 beside them).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.messages.filter((m) => m.e === 'executionReport' && m.x === 'TRADE' && m.i === placed.orderId)).toHaveLength(2);
  }, 30_000);
});
